"""cloudwatchlogs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    IDExample,
    Reference,
    Resource,
    attribute_as_identifier,
    composite_from_parameters,
    composite_id,
    identifier_from_provider,
)

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudwatch_log_account_policy": Resource(
        external_name=composite_id(
            "{{ .external_name }}:{{ .parameters.policy_type }}", argument="policy_name"
        ).sourced(
            "probe",
            "expected <policy-name>:<policy-type>",
            IDExample(
                "partone:parttwo",
                "partone",
                {"policy_type": "parttwo", "policy_name": "partone"},
                {"id": "partone", "policy_type": "parttwo", "policy_name": "partone"},
            ),
        ),
    ),
    "aws_cloudwatch_log_anomaly_detector": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
    "aws_cloudwatch_log_data_protection_policy": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by log_group_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_cloudwatch_log_delivery": Resource(
        external_name=PROBED,
    ),
    "aws_cloudwatch_log_delivery_destination": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_cloudwatch_log_delivery_destination_policy": Resource(
        external_name=attribute_as_identifier("delivery_destination_name").sourced(
            "probe", "the importer takes the value of delivery_destination_name"
        ),
    ),
    "aws_cloudwatch_log_delivery_source": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_cloudwatch_log_destination": Resource(
        external_name=by_name(),
        references={"role_arn": Reference("aws_iam_role", "arn"), "target_arn": Reference("aws_kinesis_stream", "id")},
    ),
    "aws_cloudwatch_log_destination_policy": Resource(
        external_name=by_name("destination_name"),
    ),
    "aws_cloudwatch_log_index_policy": Resource(
        external_name=attribute_as_identifier("log_group_name").sourced(
            "probe", "the importer takes the value of log_group_name"
        ),
    ),
    "aws_cloudwatch_log_metric_filter": Resource(
        external_name=composite_id("{{ .parameters.log_group_name }}:{{ .external_name }}", argument="name").sourced(
            "probe",
            "expected <log_group_name>:<name>",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"log_group_name": "partone", "name": "parttwo"},
                {"id": "parttwo", "log_group_name": "partone", "name": "parttwo"},
            ),
        ),
        references={"log_group_name": Reference("aws_cloudwatch_log_group")},
    ),
    "aws_cloudwatch_log_resource_policy": Resource(
        external_name=by_name("policy_name"),
    ),
    "aws_cloudwatch_log_stream": Resource(
        external_name=composite_id("{{ .parameters.log_group_name }}:{{ .external_name }}").sourced(
            "probe",
            "expected log-group-name:log-stream-name",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"log_group_name": "partone"},
                {"id": "parttwo", "log_group_name": "partone"},
            ),
        ),
        references={"log_group_name": Reference("aws_cloudwatch_log_group")},
    ),
    "aws_cloudwatch_log_subscription_filter": Resource(
        external_name=composite_from_parameters("|", "log_group_name", "name").sourced(
            "probe",
            "expected <log-group-name>|<filter-name>",
            IDExample(
                "partone|parttwo",
                "partone|parttwo",
                {"log_group_name": "partone", "name": "parttwo"},
                {"log_group_name": "partone", "name": "parttwo"},
            ),
        ),
        references={
            "destination_arn": Reference("aws_kinesis_stream", "id"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
}
