"""imagebuilder: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_imagebuilder_component": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
        # A build component document (the AWSTOE YAML schema): one phase, one step that runs a command.
        example=Example(
            {
                "region": "us-east-1",
                "data": "name: example\ndescription: Prints a line\nschemaVersion: 1.0\nphases:\n  - name: build\n"
                "    steps:\n      - name: hello\n        action: ExecuteBash\n        inputs:\n          commands:\n"
                "            - echo hello\n",
                "name": "example",
                "platform": "Linux",
                "version": "1.0.0",
            }
        ),
    ),
    "aws_imagebuilder_container_recipe": Resource(
        external_name=PROBED,
        references={
            "component.component_arn": Reference("aws_imagebuilder_component", "arn"),
            "kms_key_id": Reference("aws_kms_key"),
            "target_repository.repository_name": Reference("aws_ecr_repository"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "containerType": "DOCKER",
                "dockerfileTemplateData": "FROM {{{ imagebuilder:parentImage }}}\n{{{ imagebuilder:environments }}}\n{{{ imagebuilder:components }}}\n",
                "name": "example",
                "parentImage": "arn:aws:imagebuilder:eu-central-1:aws:image/amazon-linux-x86-latest/x.x.x",
                "version": "1.0.0",
                "component": [
                    {
                        "componentArnRef": {"name": "example-component"},
                        "parameter": [
                            {"name": "Parameter1", "value": "Value1"},
                            {"name": "Parameter2", "value": "Value2"},
                        ],
                    }
                ],
                "targetRepository": {"repositoryNameRef": {"name": "example-repository"}, "service": "ECR"},
            }
        ),
    ),
    "aws_imagebuilder_distribution_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "distribution": [
                    {
                        "region": "us-east-1",
                        "amiDistributionConfiguration": {
                            "amiTags": {"CostCenter": "IT"},
                            "name": "example-{{ imagebuilder:buildDate }}",
                            "launchPermission": {"userIds": ["123456789012"]},
                        },
                        "launchTemplateConfiguration": [{"launchTemplateId": "lt-0aaa1bcde2ff3456"}],
                    }
                ],
            }
        ),
    ),
    "aws_imagebuilder_image": Resource(
        external_name=PROBED,
        references={
            "distribution_configuration_arn": Reference("aws_imagebuilder_distribution_configuration", "arn"),
            "image_recipe_arn": Reference("aws_imagebuilder_image_recipe", "arn"),
            "infrastructure_configuration_arn": Reference("aws_imagebuilder_infrastructure_configuration", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "distributionConfigurationArnRef": {"name": "example-distributionconfiguration"},
                "imageRecipeArnRef": {"name": "example-imagerecipe"},
                "infrastructureConfigurationArnRef": {"name": "example-infrastructureconfiguration"},
            }
        ),
    ),
    "aws_imagebuilder_image_pipeline": Resource(
        external_name=PROBED,
        references={
            "image_recipe_arn": Reference("aws_imagebuilder_image_recipe", "arn"),
            "infrastructure_configuration_arn": Reference("aws_imagebuilder_infrastructure_configuration", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "imageRecipeArnRef": {"name": "example-imagerecipe"},
                "infrastructureConfigurationArnRef": {"name": "example-infrastructureconfiguration"},
                "name": "example",
                "schedule": {"scheduleExpression": "cron(0 0 * * ? *)"},
            }
        ),
    ),
    "aws_imagebuilder_image_recipe": Resource(
        external_name=PROBED,
        references={"component.component_arn": Reference("aws_imagebuilder_component", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "parentImage": "example",
                "version": "1.0.0",
                "blockDeviceMapping": [{"deviceName": "/dev/xvdb", "ebs": {"volumeSize": 100, "volumeType": "gp2"}}],
                "component": [
                    {
                        "componentArnRef": {"name": "example-component"},
                        "parameter": [
                            {"name": "Parameter1", "value": "Value1"},
                            {"name": "Parameter2", "value": "Value2"},
                        ],
                    }
                ],
            }
        ),
    ),
    "aws_imagebuilder_infrastructure_configuration": Resource(
        external_name=PROBED,
        references={
            "instance_profile_name": Reference("aws_iam_instance_profile"),
            "key_pair": Reference("aws_key_pair"),
            "logging.s3_logs.s3_bucket_name": Reference("aws_s3_bucket"),
            "security_group_ids": Reference("aws_security_group"),
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
            "subnet_id": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "example description",
                "instanceProfileNameRef": {"name": "example-instanceprofile"},
                "instanceTypes": ["t2.nano", "t3.micro"],
                "keyPairRef": {"name": "example-keypair"},
                "name": "example",
                "securityGroupIdRefs": [{"name": "example-sg"}],
                "snsTopicArnRef": {"name": "example-topic"},
                "subnetIdRef": {"name": "example-subnet"},
                "tags": {"foo": "bar"},
                "terminateInstanceOnFailure": True,
                "logging": {"s3Logs": {"s3BucketNameRef": {"name": "example-bucket-tfbridge"}, "s3KeyPrefix": "logs"}},
            }
        ),
    ),
    "aws_imagebuilder_lifecycle_policy": Resource(
        external_name=PROBED,
        references={"execution_role": Reference("aws_iam_role", "arn")},
        # AMIs tagged for the lifecycle are deleted once more than five exist.
        example=Example(
            {
                "region": "us-east-1",
                "executionRoleRef": {"name": "example-role"},
                "name": "example",
                "resourceType": "AMI_IMAGE",
                "policyDetail": [{"action": [{"type": "DELETE"}], "filter": [{"type": "COUNT", "value": 5}]}],
                "resourceSelection": [{"tagMap": {"lifecycle": "managed"}}],
            }
        ),
    ),
    "aws_imagebuilder_workflow": Resource(
        external_name=PROBED,
        # A test workflow document: one step that waits for an instance to run.
        example=Example(
            {
                "region": "us-east-1",
                "data": "name: example\ndescription: Launches a test instance\nschemaVersion: 1.0\nsteps:\n"
                "  - name: LaunchTestInstance\n    action: LaunchInstance\n    onFailure: Abort\n    inputs:\n"
                "      waitFor: ssmAgent\n",
                "name": "example",
                "type": "TEST",
                "version": "1.0.0",
            }
        ),
    ),
}
