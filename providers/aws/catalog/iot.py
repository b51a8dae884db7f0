"""iot: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_iot_authorizer": Resource(
        external_name=by_name(),
        references={"authorizer_function_arn": Reference("aws_lambda_function", "arn")},
    ),
    "aws_iot_billing_group": Resource(
        external_name=PROBED,
    ),
    "aws_iot_domain_configuration": Resource(
        external_name=by_name(),
        references={"server_certificate_arns": Reference("aws_acm_certificate", "arn")},
    ),
    "aws_iot_event_configurations": Resource(
        external_name=PROBED,
    ),
    "aws_iot_indexing_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_iot_policy": Resource(
        external_name=by_name(),
    ),
    "aws_iot_provisioning_template": Resource(
        external_name=by_name(),
        references={"provisioning_role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_iot_role_alias": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_iot_thing": Resource(
        external_name=by_name(),
    ),
    "aws_iot_thing_group": Resource(
        external_name=by_name(),
        references={"parent_group_name": Reference("aws_iot_thing_group")},
    ),
    "aws_iot_thing_group_membership": Resource(
        external_name=PROBED,
    ),
    "aws_iot_thing_type": Resource(
        external_name=PROBED,
    ),
    "aws_iot_topic_rule": Resource(
        external_name=by_name(),
        references={
            "error_action.sns.role_arn": Reference("aws_iam_role", "arn"),
            "error_action.sns.target_arn": Reference("aws_sns_topic", "arn"),
            "sns.role_arn": Reference("aws_iam_role", "arn"),
            "sns.target_arn": Reference("aws_sns_topic", "arn"),
        },
    ),
    "aws_iot_topic_rule_destination": Resource(
        external_name=PROBED,
        references={
            "vpc_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "vpc_configuration.security_groups": Reference("aws_security_group"),
            "vpc_configuration.subnet_ids": Reference("aws_subnet"),
            "vpc_configuration.vpc_id": Reference("aws_vpc"),
        },
    ),
}
