"""sagemaker: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_sagemaker_app": Resource(
        external_name=PROBED,
        references={
            "domain_id": Reference("aws_sagemaker_domain"),
            "user_profile_name": Reference("aws_sagemaker_user_profile", "user_profile_name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "appName": "example",
                "appType": "JupyterServer",
                "domainIdRef": {"name": "example-domain"},
                "userProfileNameRef": {"name": "example-userprofile"},
            }
        ),
    ),
    "aws_sagemaker_app_image_config": Resource(
        external_name=by_name("app_image_config_name"),
        example=Example({"region": "us-east-1", "kernelGatewayImageConfig": {"kernelSpec": [{"name": "example"}]}}),
    ),
    "aws_sagemaker_code_repository": Resource(
        external_name=by_name("code_repository_name"),
        references={"git_config.secret_arn": Reference("aws_secretsmanager_secret", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "gitConfig": {"repositoryUrl": "https://github.com/hashicorp/terraform-provider-aws.git"},
            }
        ),
    ),
    "aws_sagemaker_data_quality_job_definition": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        # Model Monitor's own analyzer image (its us-east-1 registry) checking the data a batch
        # transform job captured, in CSV, against a baseline's constraints and statistics, on one small
        # instance. The baseline and network blocks are written out: an API that answers them empty
        # (moto) would otherwise read back blocks the spec lacks, each a replacement.
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "roleArnRef": {"name": "example-role"},
                "dataQualityBaselineConfig": {
                    "constraintsResource": {"s3Uri": "s3://example-bucket/baseline/constraints.json"},
                    "statisticsResource": {"s3Uri": "s3://example-bucket/baseline/statistics.json"},
                },
                "networkConfig": {"enableInterContainerTrafficEncryption": False, "enableNetworkIsolation": False},
                "dataQualityAppSpecification": {
                    "imageUri": "156813124566.dkr.ecr.us-east-1.amazonaws.com/sagemaker-model-monitor-analyzer"
                },
                "dataQualityJobInput": {
                    "batchTransformInput": {
                        "dataCapturedDestinationS3Uri": "s3://example-bucket/captured",
                        "datasetFormat": {"csv": {"header": True}},
                    }
                },
                "dataQualityJobOutputConfig": {
                    "monitoringOutputs": {"s3Output": {"s3Uri": "s3://example-bucket/monitoring"}}
                },
                "jobResources": {
                    "clusterConfig": {"instanceCount": 1, "instanceType": "ml.t3.medium", "volumeSizeInGb": 20}
                },
            }
        ),
    ),
    "aws_sagemaker_device": Resource(
        external_name=PROBED,
        references={"device_fleet_name": Reference("aws_sagemaker_device_fleet")},
        example=Example(
            {
                "region": "us-east-1",
                "deviceFleetNameRef": {"name": "example-devicefleet"},
                "device": {"deviceName": "example"},
            }
        ),
    ),
    "aws_sagemaker_device_fleet": Resource(
        external_name=by_name("device_fleet_name"),
        references={"role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "roleArnRef": {"name": "example-role"},
                "outputConfig": {"s3OutputLocation": "example"},
            }
        ),
    ),
    "aws_sagemaker_domain": Resource(
        external_name=PROBED,
        references={
            "default_user_settings.execution_role": Reference("aws_iam_role", "arn"),
            "default_user_settings.kernel_gateway_app_settings.custom_image.app_image_config_name": Reference(
                "aws_sagemaker_app_image_config"
            ),
            "default_user_settings.kernel_gateway_app_settings.custom_image.image_name": Reference(
                "aws_sagemaker_image_version", "image_name"
            ),
            "kms_key_id": Reference("aws_kms_key"),
            "subnet_ids": Reference("aws_subnet"),
            "vpc_id": Reference("aws_vpc"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "authMode": "IAM",
                "domainName": "example",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "vpcIdRef": {"name": "example-vpc"},
                "defaultUserSettings": {"executionRoleRef": {"name": "example-role"}},
            }
        ),
    ),
    "aws_sagemaker_endpoint": Resource(
        external_name=by_name(),
        # The configuration's name as observed: its external name is known before the configuration
        # exists, and an endpoint created first is refused.
        references={"endpoint_config_name": Reference("aws_sagemaker_endpoint_configuration", "name")},
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "endpointConfigNameRef": {"name": "example-endpointconfiguration"},
                "tags": {"Name": "foo"},
            }
        ),
    ),
    "aws_sagemaker_endpoint_configuration": Resource(
        external_name=by_name(),
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            # The model's name as observed: its external name is known before the model exists.
            "production_variants.model_name": Reference("aws_sagemaker_model", "name"),
        },
        # One instance serving the example model, capturing every request and response to S3. The
        # capture block is written out: an API that answers an empty one (moto) would otherwise read back
        # a block the spec lacks, a replacement.
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"Name": "foo"},
                "dataCaptureConfig": {
                    "enableCapture": True,
                    "initialSamplingPercentage": 100,
                    "destinationS3Uri": "s3://example-bucket/capture",
                    "captureOptions": [{"captureMode": "Input"}, {"captureMode": "Output"}],
                },
                "productionVariants": [
                    {
                        "initialInstanceCount": 1,
                        "instanceType": "ml.t2.medium",
                        "modelNameRef": {"name": "example-model"},
                        "variantName": "variant-1",
                    }
                ],
            }
        ),
    ),
    "aws_sagemaker_feature_group": Resource(
        external_name=by_name("feature_group_name"),
        references={"role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "eventTimeFeatureName": "example",
                "recordIdentifierFeatureName": "example",
                "roleArnRef": {"name": "example-role"},
                "featureDefinition": [{"featureName": "example", "featureType": "String"}],
                "onlineStoreConfig": {"enableOnlineStore": True},
            }
        ),
    ),
    "aws_sagemaker_flow_definition": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by flow_definition_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_sagemaker_hub": Resource(
        external_name=PROBED,
    ),
    "aws_sagemaker_human_task_ui": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by human_task_ui_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_sagemaker_image": Resource(
        external_name=by_name("image_name"),
        references={"role_arn": Reference("aws_iam_role", "arn")},
        example=Example({"region": "us-east-1", "roleArnRef": {"name": "example-role"}}),
    ),
    "aws_sagemaker_image_version": Resource(
        external_name=PROBED,
        references={"image_name": Reference("aws_sagemaker_image")},
        example=Example(
            {
                "region": "us-east-1",
                "baseImage": "012345678912.dkr.ecr.us-west-2.amazonaws.com/image:latest",
                "imageNameRef": {"name": "example-image"},
            }
        ),
    ),
    "aws_sagemaker_mlflow_tracking_server": Resource(
        external_name=by_name("tracking_server_name"),
        references={"role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {"region": "us-east-1", "artifactStoreUri": "https://example.com", "roleArnRef": {"name": "example-role"}}
        ),
    ),
    "aws_sagemaker_model": Resource(
        external_name=by_name(),
        references={
            "execution_role_arn": Reference("aws_iam_role", "arn"),
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnets": Reference("aws_subnet"),
        },
        # The container's inference image, from an ECR repository of the account, run in the example
        # subnet. The VPC block is written out: an API that answers an empty one (moto) would
        # otherwise read back a block the spec lacks, a replacement.
        example=Example(
            {
                "region": "us-east-1",
                "executionRoleArnRef": {"name": "example-role"},
                "primaryContainer": {"image": "123456789012.dkr.ecr.us-east-1.amazonaws.com/example-inference:latest"},
                "vpcConfig": {
                    "securityGroupIdRefs": [{"name": "example-sg"}],
                    "subnetRefs": [{"name": "example-subnet"}],
                },
            }
        ),
    ),
    "aws_sagemaker_model_package_group": Resource(
        external_name=by_name("model_package_group_name"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_sagemaker_model_package_group_policy": Resource(
        external_name=PROBED,
        references={"model_package_group_name": Reference("aws_sagemaker_model_package_group")},
        example=Example(
            {
                "region": "us-east-1",
                "modelPackageGroupNameRef": {"name": "example-modelpackagegroup"},
                "resourcePolicy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_sagemaker_monitoring_schedule": Resource(
        external_name=PROBED,
    ),
    "aws_sagemaker_notebook_instance": Resource(
        external_name=by_name(),
        references={
            "default_code_repository": Reference("aws_sagemaker_code_repository"),
            "kms_key_id": Reference("aws_kms_key"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "subnet_id": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "instanceType": "ml.t2.medium",
                "roleArnRef": {"name": "example-role"},
                "tags": {"Name": "foo"},
            }
        ),
    ),
    "aws_sagemaker_notebook_instance_lifecycle_configuration": Resource(
        external_name=by_name(),
    ),
    "aws_sagemaker_pipeline": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        # A pipeline of one Fail step (the smallest definition the schema of pipelines allows).
        example=Example(
            {
                "region": "us-east-1",
                "pipelineName": "example",
                "pipelineDisplayName": "example",
                "roleArnRef": {"name": "example-role"},
                "pipelineDefinition": '{"Version":"2020-12-01","Steps":[{"Name":"Fail","Type":"Fail",'
                '"Arguments":{"ErrorMessage":"example"}}]}',
            }
        ),
    ),
    "aws_sagemaker_project": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by project_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_sagemaker_servicecatalog_portfolio_status": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "status": "Enabled"}),
    ),
    "aws_sagemaker_space": Resource(
        external_name=PROBED,
        references={"domain_id": Reference("aws_sagemaker_domain")},
        example=Example({"region": "us-east-1", "domainIdRef": {"name": "example-domain"}, "spaceName": "example"}),
    ),
    "aws_sagemaker_studio_lifecycle_config": Resource(
        external_name=by_name("studio_lifecycle_config_name"),
        example=Example(
            {
                "region": "us-east-1",
                "studioLifecycleConfigAppType": "JupyterServer",
                "studioLifecycleConfigContent": "example",
            }
        ),
    ),
    "aws_sagemaker_user_profile": Resource(
        external_name=PROBED,
        references={"domain_id": Reference("aws_sagemaker_domain")},
        example=Example(
            {"region": "us-east-1", "domainIdRef": {"name": "example-domain"}, "userProfileName": "example"}
        ),
    ),
    "aws_sagemaker_workforce": Resource(
        external_name=by_name("workforce_name"),
        references={
            "cognito_config.client_id": Reference("aws_cognito_user_pool_client"),
            "cognito_config.user_pool": Reference("aws_cognito_user_pool_domain", "user_pool_id"),
        },
        late_init_ignore=("source_ip_config",),
        example=Example(
            {
                "region": "us-east-1",
                "cognitoConfig": {
                    "clientIdRef": {"name": "example-userpoolclient"},
                    "userPoolRef": {"name": "example-userpooldomain"},
                },
            }
        ),
    ),
    "aws_sagemaker_workteam": Resource(
        external_name=by_name("workteam_name"),
        references={
            "member_definition.cognito_member_definition.client_id": Reference("aws_cognito_user_pool_client"),
            "member_definition.cognito_member_definition.user_group": Reference("aws_cognito_user_group", "name"),
            "member_definition.cognito_member_definition.user_pool": Reference(
                "aws_cognito_user_pool_domain", "user_pool_id"
            ),
            "workforce_name": Reference("aws_sagemaker_workforce"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "example",
                "workforceNameRef": {"name": "example-workforce"},
                "memberDefinition": [
                    {
                        "cognitoMemberDefinition": {
                            "clientIdRef": {"name": "example-userpoolclient"},
                            "userGroupRef": {"name": "example-usergroup"},
                            "userPoolRef": {"name": "example-userpooldomain"},
                        }
                    }
                ],
            }
        ),
    ),
}
