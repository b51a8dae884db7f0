"""appconfig: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_appconfig_application": Resource(
        external_name=PROBED,
    ),
    "aws_appconfig_configuration_profile": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_appconfig_application"),
            "retrieval_role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_appconfig_deployment": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_appconfig_application"),
            "configuration_profile_id": Reference("aws_appconfig_configuration_profile", "configuration_profile_id"),
            "configuration_version": Reference("aws_appconfig_hosted_configuration_version", "version_number"),
            "deployment_strategy_id": Reference("aws_appconfig_deployment_strategy"),
            "environment_id": Reference("aws_appconfig_environment", "environment_id"),
            "kms_key_identifier": Reference("aws_kms_key", "arn"),
        },
    ),
    "aws_appconfig_deployment_strategy": Resource(
        external_name=PROBED,
    ),
    "aws_appconfig_environment": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_appconfig_application"),
            "monitor.alarm_arn": Reference("aws_cloudwatch_metric_alarm", "arn"),
            "monitor.alarm_role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_appconfig_extension": Resource(
        external_name=PROBED,
        references={
            "action_point.action.role_arn": Reference("aws_iam_role", "arn"),
            "action_point.action.uri": Reference("aws_sns_topic", "arn"),
        },
    ),
    "aws_appconfig_extension_association": Resource(
        external_name=PROBED,
        references={
            "extension_arn": Reference("aws_appconfig_extension", "arn"),
            "resource_arn": Reference("aws_appconfig_application", "arn"),
        },
    ),
    "aws_appconfig_hosted_configuration_version": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_appconfig_application"),
            "configuration_profile_id": Reference("aws_appconfig_configuration_profile", "configuration_profile_id"),
        },
    ),
}
