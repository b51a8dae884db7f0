"""cloudwatch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, attribute_as_identifier

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudwatch_composite_alarm": Resource(
        external_name=by_name("alarm_name"),
        references={
            "alarm_actions": Reference("aws_sns_topic", "arn"),
            "ok_actions": Reference("aws_sns_topic", "arn"),
        },
    ),
    "aws_cloudwatch_contributor_insight_rule": Resource(
        external_name=attribute_as_identifier("rule_name").sourced(
            "probe", "the importer takes the value of rule_name"
        ),
    ),
    "aws_cloudwatch_dashboard": Resource(
        external_name=by_name("dashboard_name"),
    ),
    "aws_cloudwatch_metric_alarm": Resource(
        external_name=by_name("alarm_name"),
        references={
            "alarm_actions": Reference("aws_autoscaling_policy", "arn"),
            "ok_actions": Reference("aws_sns_topic", "arn"),
        },
    ),
    "aws_cloudwatch_metric_stream": Resource(
        external_name=PROBED,
        references={
            "firehose_arn": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        late_init_ignore=("name_prefix",),
    ),
}
