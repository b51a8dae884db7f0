"""backup: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    Example,
    IDExample,
    Reference,
    Resource,
    attribute_as_identifier,
    composite_from_parameters,
    composite_id,
)

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_backup_framework": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "this is an example framework",
                "name": "exampleFramework",
                "tags": {"Name": "Example Framework"},
                "control": [
                    {
                        "name": "BACKUP_RECOVERY_POINT_MINIMUM_RETENTION_CHECK",
                        "inputParameter": [{"name": "requiredRetentionDays", "value": "35"}],
                    },
                    {
                        "name": "BACKUP_PLAN_MIN_FREQUENCY_AND_MIN_RETENTION_CHECK",
                        "inputParameter": [
                            {"name": "requiredFrequencyUnit", "value": "hours"},
                            {"name": "requiredRetentionDays", "value": "35"},
                            {"name": "requiredFrequencyValue", "value": "1"},
                        ],
                    },
                    {"name": "BACKUP_RECOVERY_POINT_ENCRYPTED"},
                    {
                        "name": "BACKUP_RESOURCES_PROTECTED_BY_BACKUP_PLAN",
                        "scope": {"complianceResourceTypes": ["EBS"]},
                    },
                    {"name": "BACKUP_RECOVERY_POINT_MANUAL_DELETION_DISABLED"},
                    {
                        "name": "BACKUP_RESOURCES_PROTECTED_BY_BACKUP_VAULT_LOCK",
                        "inputParameter": [
                            {"name": "maxRetentionDays", "value": "100"},
                            {"name": "minRetentionDays", "value": "1"},
                        ],
                        "scope": {"complianceResourceTypes": ["EBS"]},
                    },
                    {
                        "name": "BACKUP_LAST_RECOVERY_POINT_CREATED",
                        "inputParameter": [
                            {"name": "recoveryPointAgeUnit", "value": "days"},
                            {"name": "recoveryPointAgeValue", "value": "1"},
                        ],
                        "scope": {"complianceResourceTypes": ["EBS"]},
                    },
                ],
            }
        ),
    ),
    "aws_backup_global_settings": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "globalSettings": {
                    "isCrossAccountBackupEnabled": "true",
                    "isDelegatedAdministratorEnabled": "false",
                    "isMpaEnabled": "false",
                },
            }
        ),
    ),
    "aws_backup_logically_air_gapped_vault": Resource(
        external_name=PROBED,
        # Retention of at least 7 days and at most 36500 (the provider's validation).
        example=Example({"region": "us-east-1", "name": "example-vault", "minRetentionDays": 7, "maxRetentionDays": 35}),
    ),
    "aws_backup_plan": Resource(
        external_name=PROBED,
        references={"rule.target_vault_name": Reference("aws_backup_vault")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "tf_example_backup_plan",
                "advancedBackupSetting": [{"backupOptions": {"WindowsVSS": "enabled"}, "resourceType": "EC2"}],
                "rule": [
                    {
                        "ruleName": "tf_example_backup_rule",
                        "schedule": "cron(0 12 * * ? *)",
                        "targetVaultNameRef": {"name": "example-vault"},
                        "lifecycle": {"deleteAfter": 14},
                    }
                ],
            }
        ),
    ),
    "aws_backup_region_settings": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "resourceTypeManagementPreference": {
                    "CloudFormation": True,
                    "DSQL": True,
                    "DynamoDB": False,
                    "EFS": False,
                },
                "resourceTypeOptInPreference": {
                    "Aurora": True,
                    "CloudFormation": True,
                    "DSQL": True,
                    "DocumentDB": True,
                    "DynamoDB": True,
                    "EBS": True,
                    "EC2": True,
                    "EFS": True,
                    "FSx": True,
                    "Neptune": True,
                    "RDS": False,
                    "Redshift": True,
                    "Redshift Serverless": False,
                    "S3": False,
                    "SAP HANA on Amazon EC2": False,
                    "Storage Gateway": False,
                    "VirtualMachine": False,
                },
            }
        ),
    ),
    "aws_backup_report_plan": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "example description",
                "name": "example_name",
                "tags": {"Name": "Example Report Plan"},
                "reportDeliveryChannel": {"formats": ["CSV", "JSON"], "s3BucketName": "example-bucket-name"},
                "reportSetting": {"reportTemplate": "RESTORE_JOB_REPORT"},
            }
        ),
    ),
    "aws_backup_restore_testing_plan": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_backup_restore_testing_selection": Resource(
        external_name=composite_from_parameters(":", "name", "restore_testing_plan_name").sourced(
            "probe",
            "expected RestoreTestingSelectionName:RestoreTestingPlanName",
            IDExample(
                "partone:parttwo",
                "partone:parttwo",
                {"name": "partone", "restore_testing_plan_name": "parttwo"},
                {"name": "partone", "restore_testing_plan_name": "parttwo"},
            ),
        ),
    ),
    "aws_backup_selection": Resource(
        external_name=composite_id("{{ .parameters.plan_id }}|{{ .external_name }}").sourced(
            "probe",
            "expected <plan-id>|<selection-id>",
            IDExample("partone|parttwo", "parttwo", {"plan_id": "partone"}, {"id": "parttwo", "plan_id": "partone"}),
        ),
        references={
            "iam_role_arn": Reference("aws_iam_role", "arn"),
            "not_resources": Reference("aws_db_instance", "arn"),
            "plan_id": Reference("aws_backup_plan"),
            "resources": Reference("aws_db_instance", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "iamRoleArnRef": {"name": "example-role"},
                "name": "example",
                "planIdRef": {"name": "example-plan"},
            }
        ),
    ),
    "aws_backup_vault": Resource(
        external_name=by_name(),
        references={"kms_key_arn": Reference("aws_kms_key", "arn")},
        example=Example({"region": "us-east-1", "kmsKeyArnRef": {"name": "example-key"}}),
    ),
    "aws_backup_vault_lock_configuration": Resource(
        external_name=PROBED,
        references={"backup_vault_name": Reference("aws_backup_vault")},
        example=Example(
            {
                "region": "us-east-1",
                "backupVaultNameRef": {"name": "example-vault"},
                "changeableForDays": 3,
                "maxRetentionDays": 1200,
                "minRetentionDays": 7,
            }
        ),
    ),
    "aws_backup_vault_notifications": Resource(
        external_name=PROBED,
        references={
            "backup_vault_name": Reference("aws_backup_vault"),
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "backupVaultEvents": ["BACKUP_JOB_STARTED", "RESTORE_JOB_COMPLETED"],
                "backupVaultNameRef": {"name": "example-vault"},
                "snsTopicArnRef": {"name": "example-topic"},
            }
        ),
    ),
    "aws_backup_vault_policy": Resource(
        external_name=PROBED,
        references={"backup_vault_name": Reference("aws_backup_vault")},
        example=Example(
            {
                "region": "us-east-1",
                "backupVaultNameRef": {"name": "example-vault"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
}
