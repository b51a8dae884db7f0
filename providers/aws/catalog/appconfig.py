"""appconfig: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_appconfig_application": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example AppConfig Application",
                "name": "example-application-tf",
                "tags": {"Type": "AppConfig Application"},
            }
        ),
    ),
    "aws_appconfig_configuration_profile": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_appconfig_application"),
            "retrieval_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "applicationIdRef": {"name": "example-application"},
                "description": "Example Configuration Profile",
                "locationUri": "hosted",
                "name": "example-configuration-profile-tf",
                "tags": {"Type": "AppConfig Configuration Profile"},
                "validator": [{"type": "LAMBDA"}],
            }
        ),
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
        example=Example(
            {
                "region": "us-east-1",
                "applicationIdRef": {"name": "example-application"},
                "configurationProfileIdRef": {"name": "example-configurationprofile"},
                "configurationVersionRef": {"name": "example-hostedconfigurationversion"},
                "deploymentStrategyIdRef": {"name": "example-deploymentstrategy"},
                "description": "My example deployment",
                "environmentIdRef": {"name": "example-environment"},
                "kmsKeyIdentifierRef": {"name": "example-key"},
                "tags": {"Type": "AppConfig Deployment"},
            }
        ),
    ),
    "aws_appconfig_deployment_strategy": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "deploymentDurationInMinutes": 3,
                "description": "Example Deployment Strategy",
                "finalBakeTimeInMinutes": 4,
                "growthFactor": 10,
                "growthType": "LINEAR",
                "name": "example-deployment-strategy-tf",
                "replicateTo": "NONE",
                "tags": {"Type": "AppConfig Deployment Strategy"},
            }
        ),
    ),
    "aws_appconfig_environment": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_appconfig_application"),
            "monitor.alarm_arn": Reference("aws_cloudwatch_metric_alarm", "arn"),
            "monitor.alarm_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "applicationIdRef": {"name": "example-application"},
                "description": "Example AppConfig Environment",
                "name": "example-environment-tf",
                "tags": {"Type": "AppConfig Environment"},
                "monitor": [
                    {"alarmArnRef": {"name": "example-metricalarm"}, "alarmRoleArnRef": {"name": "example-role"}}
                ],
            }
        ),
    ),
    "aws_appconfig_extension": Resource(
        external_name=PROBED,
        references={
            "action_point.action.role_arn": Reference("aws_iam_role", "arn"),
            "action_point.action.uri": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "test description",
                "name": "test",
                "tags": {"Type": "AppConfig Extension"},
                "actionPoint": [
                    {
                        "point": "ON_DEPLOYMENT_COMPLETE",
                        "action": [
                            {
                                "name": "test",
                                "roleArnRef": {"name": "example-role"},
                                "uriRef": {"name": "example-topic"},
                            }
                        ],
                    }
                ],
            }
        ),
    ),
    "aws_appconfig_extension_association": Resource(
        external_name=PROBED,
        references={
            "extension_arn": Reference("aws_appconfig_extension", "arn"),
            "resource_arn": Reference("aws_appconfig_application", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "extensionArnRef": {"name": "example-extension"},
                "resourceArnRef": {"name": "example-application"},
            }
        ),
    ),
    "aws_appconfig_hosted_configuration_version": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_appconfig_application"),
            "configuration_profile_id": Reference("aws_appconfig_configuration_profile", "configuration_profile_id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "applicationIdRef": {"name": "example-application"},
                "configurationProfileIdRef": {"name": "example-configurationprofile"},
                "contentSecretRef": {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"},
                "contentType": "application/json",
                "description": "Example Freeform Hosted Configuration Version",
            }
        ),
    ),
}
