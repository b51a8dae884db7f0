"""configservice: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_config_aggregate_authorization": Resource(
        external_name=PROBED,
    ),
    "aws_config_config_rule": Resource(
        external_name=by_name(),
        references={"source.source_identifier": Reference("aws_lambda_function", "arn")},
        # An AWS managed rule is named by its identifier (a custom one would be a Lambda function's ARN).
        example=Example(
            {"region": "us-east-1", "source": {"owner": "AWS", "sourceIdentifier": "S3_BUCKET_VERSIONING_ENABLED"}}
        ),
    ),
    "aws_config_configuration_aggregator": Resource(
        external_name=by_name(),
        references={"organization_aggregation_source.role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "accountAggregationSource": {"accountIds": ["123456789012"], "regions": ["us-west-2"]},
            }
        ),
    ),
    "aws_config_configuration_recorder": Resource(
        external_name=by_name(),
        references={"role_arn": Reference("aws_iam_role", "arn")},
        # Every supported resource type, global ones (IAM) included: the cloud's default group, set.
        example=Example(
            {
                "region": "us-east-1",
                "roleArnRef": {"name": "example-role"},
                "recordingGroup": {"allSupported": True, "includeGlobalResourceTypes": True},
            }
        ),
    ),
    "aws_config_configuration_recorder_status": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "isEnabled": True}),
    ),
    "aws_config_conformance_pack": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "templateBody": "Parameters:\n  AccessKeysRotatedParameterMaxAccessKeyAge:\n    Type: String\nResources:\n  IAMPasswordPolicy:\n    Properties:\n      ConfigRuleName: IAMPasswordPolicy\n      Source:\n        Owner: AWS\n        SourceIdentifier: IAM_PASSWORD_POLICY\n    Type: AWS::Config::ConfigRule\n",
                "inputParameter": [
                    {"parameterName": "AccessKeysRotatedParameterMaxAccessKeyAge", "parameterValue": "90"}
                ],
            }
        ),
    ),
    "aws_config_delivery_channel": Resource(
        external_name=by_name(),
        # The bucket name as observed: the external name is known before the bucket exists.
        references={"s3_bucket_name": Reference("aws_s3_bucket", "bucket")},
        example=Example({"region": "us-east-1", "s3BucketNameRef": {"name": "example-bucket-tfbridge"}}),
    ),
    "aws_config_organization_conformance_pack": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
        # One AWS managed rule (S3 bucket versioning), as a conformance pack template declares it.
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "templateBody": "Resources:\n  S3BucketVersioningEnabled:\n    Properties:\n"
                "      ConfigRuleName: s3-bucket-versioning-enabled\n      Source:\n        Owner: AWS\n"
                "        SourceIdentifier: S3_BUCKET_VERSIONING_ENABLED\n    Type: AWS::Config::ConfigRule\n",
            }
        ),
    ),
    "aws_config_organization_custom_policy_rule": Resource(
        external_name=PROBED,
    ),
    "aws_config_organization_custom_rule": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_config_organization_managed_rule": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_config_remediation_configuration": Resource(
        external_name=by_name("config_rule_name"),
        example=Example(
            {
                "region": "us-east-1",
                "automatic": True,
                "maximumAutomaticAttempts": 10,
                "resourceType": "AWS::S3::Bucket",
                "retryAttemptSeconds": 600,
                "targetId": "AWS-EnableS3BucketEncryption",
                "targetType": "SSM_DOCUMENT",
                "targetVersion": "1",
                "executionControls": {"ssmControls": {"concurrentExecutionRatePercentage": 25, "errorPercentage": 20}},
                "parameter": [
                    {"name": "AutomationAssumeRole", "staticValue": "arn:aws:iam::875924563244:role/security_config"},
                    {"name": "BucketName", "resourceValue": "RESOURCE_ID"},
                    {"name": "SSEAlgorithm", "staticValue": "AES256"},
                ],
            }
        ),
    ),
    "aws_config_retention_configuration": Resource(
        external_name=PROBED,
        # 30 to 2557 days (the provider's validation).
        example=Example({"region": "us-east-1", "retentionPeriodInDays": 90}),
    ),
}
