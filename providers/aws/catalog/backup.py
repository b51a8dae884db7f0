"""backup: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, attribute_as_identifier, composite_from_parameters, composite_id

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_backup_framework": Resource(
        external_name=PROBED,
    ),
    "aws_backup_global_settings": Resource(
        external_name=PROBED,
    ),
    "aws_backup_logically_air_gapped_vault": Resource(
        external_name=PROBED,
    ),
    "aws_backup_plan": Resource(
        external_name=PROBED,
        references={"rule.target_vault_name": Reference("aws_backup_vault")},
    ),
    "aws_backup_region_settings": Resource(
        external_name=PROBED,
    ),
    "aws_backup_report_plan": Resource(
        external_name=PROBED,
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
    ),
    "aws_backup_vault": Resource(
        external_name=by_name(),
        references={"kms_key_arn": Reference("aws_kms_key", "arn")},
    ),
    "aws_backup_vault_lock_configuration": Resource(
        external_name=PROBED,
        references={"backup_vault_name": Reference("aws_backup_vault")},
    ),
    "aws_backup_vault_notifications": Resource(
        external_name=PROBED,
        references={
            "backup_vault_name": Reference("aws_backup_vault"),
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
        },
    ),
    "aws_backup_vault_policy": Resource(
        external_name=PROBED,
        references={"backup_vault_name": Reference("aws_backup_vault")},
    ),
}
