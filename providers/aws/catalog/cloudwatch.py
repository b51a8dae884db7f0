"""cloudwatch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudwatch_composite_alarm": Resource(
        external_name=by_name("alarm_name"),
        references={
            "alarm_actions": Reference("aws_sns_topic", "arn"),
            "ok_actions": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "alarmDescription": "This is a composite alarm!",
                "alarmRule": "example",
                "actionsSuppressor": {"alarm": "suppressor-alarm", "extensionPeriod": 10, "waitPeriod": 20},
            }
        ),
    ),
    "aws_cloudwatch_contributor_insight_rule": Resource(
        external_name=attribute_as_identifier("rule_name").sourced(
            "probe", "the importer takes the value of rule_name"
        ),
        # A rule body in the CloudWatchLogRule schema: the top talkers of a log group by one JSON key.
        example=Example(
            {
                "region": "us-east-1",
                "ruleName": "example-rule",
                "ruleState": "ENABLED",
                "ruleDefinition": '{"Schema":{"Name":"CloudWatchLogRule","Version":1},"AggregateOn":"Count",'
                '"Contribution":{"Filters":[],"Keys":["$.ip"]},"LogFormat":"JSON",'
                '"LogGroupNames":["/aws/lambda/example"]}',
            }
        ),
    ),
    "aws_cloudwatch_dashboard": Resource(
        external_name=by_name("dashboard_name"),
        # The body is the dashboard's JSON: its widgets, each placed on the grid.
        example=Example(
            {
                "region": "us-east-1",
                "dashboardBody": '{"widgets":[{"type":"text","x":0,"y":0,"width":6,"height":3,'
                '"properties":{"markdown":"Hello world"}}]}',
            }
        ),
    ),
    "aws_cloudwatch_metric_alarm": Resource(
        external_name=by_name("alarm_name"),
        references={
            "alarm_actions": Reference("aws_autoscaling_policy", "arn"),
            "ok_actions": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "alarmDescription": "This metric monitors ec2 cpu utilization",
                "comparisonOperator": "GreaterThanOrEqualToThreshold",
                "evaluationPeriods": 2,
                "insufficientDataActions": [],
                "metricName": "CPUUtilization",
                "namespace": "AWS/EC2",
                "period": 120,
                "statistic": "Average",
                "threshold": 80,
            }
        ),
    ),
    "aws_cloudwatch_metric_stream": Resource(
        external_name=PROBED,
        references={
            "firehose_arn": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        late_init_ignore=("name_prefix",),
        example=Example(
            {
                "region": "us-east-1",
                "firehoseArnRef": {"name": "example-deliverystream"},
                "name": "my-metric-stream",
                "outputFormat": "json",
                "roleArnRef": {"name": "example-role"},
                "includeFilter": [
                    {"metricNames": ["CPUUtilization", "NetworkOut"], "namespace": "AWS/EC2"},
                    {"metricNames": [], "namespace": "AWS/EBS"},
                ],
            }
        ),
    ),
}
