"""codebuild: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codebuild_fleet": Resource(
        external_name=PROBED,
    ),
    "aws_codebuild_project": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
        references={
            # The bucket name as observed: the external name is known before the bucket exists.
            "cache.location": Reference("aws_s3_bucket", "bucket"),
            "service_role": Reference("aws_iam_role", "arn"),
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnets": Reference("aws_subnet"),
            "vpc_config.vpc_id": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "buildTimeout": 5,
                "description": "test_codebuild_project",
                "name": "example",
                "serviceRoleRef": {"name": "example-role"},
                "sourceVersion": "master",
                "tags": {"Environment": "Test"},
                "artifacts": {"type": "NO_ARTIFACTS"},
                "cache": {"locationRef": {"name": "example-bucket-tfbridge"}, "type": "S3"},
                "environment": {
                    "computeType": "BUILD_GENERAL1_SMALL",
                    "image": "aws/codebuild/amazonlinux-x86_64-standard:6.0",
                    "imagePullCredentialsType": "CODEBUILD",
                    "type": "LINUX_CONTAINER",
                    "environmentVariable": [
                        {"name": "SOME_KEY1", "value": "SOME_VALUE1"},
                        {"name": "SOME_KEY2", "type": "PARAMETER_STORE", "value": "SOME_VALUE2"},
                    ],
                },
                "logsConfig": {
                    "cloudwatchLogs": {"groupName": "log-group", "streamName": "log-stream"},
                    "s3Logs": {"status": "ENABLED"},
                },
                "source": {
                    "gitCloneDepth": 1,
                    "location": "https://github.com/mitchellh/packer.git",
                    "type": "GITHUB",
                    "gitSubmodulesConfig": {"fetchSubmodules": True},
                },
                "vpcConfig": {
                    "securityGroupIdRefs": [{"name": "example-sg"}],
                    "subnetRefs": [{"name": "example-subnet"}],
                    "vpcIdRef": {"name": "example-vpc"},
                },
            }
        ),
    ),
    "aws_codebuild_report_group": Resource(
        external_name=PROBED,
        references={
            "export_config.s3_destination.bucket": Reference("aws_s3_bucket", "bucket"),
            "export_config.s3_destination.encryption_key": Reference("aws_kms_key", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "type": "TEST",
                "exportConfig": {
                    "type": "S3",
                    "s3Destination": {
                        "bucketRef": {"name": "example-bucket-tfbridge"},
                        "encryptionDisabled": False,
                        "encryptionKeyRef": {"name": "example-key"},
                        "packaging": "NONE",
                        "path": "/some",
                    },
                },
            }
        ),
    ),
    "aws_codebuild_resource_policy": Resource(
        external_name=PROBED,
    ),
    "aws_codebuild_source_credential": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "authType": "PERSONAL_ACCESS_TOKEN",
                "serverType": "GITHUB",
                "tokenSecretRef": {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"},
            }
        ),
    ),
    "aws_codebuild_webhook": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by project_name but lists it as not tested: the state id is used"
        ),
        references={"project_name": Reference("aws_codebuild_project")},
        example=Example(
            {
                "region": "us-east-1",
                "buildType": "BUILD",
                "projectNameRef": {"name": "example-project"},
                "filterGroup": [
                    {"filter": [{"pattern": "PUSH", "type": "EVENT"}, {"pattern": "master", "type": "BASE_REF"}]}
                ],
            }
        ),
    ),
}
