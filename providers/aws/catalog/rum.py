"""rum: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_rum_app_monitor": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "domain": "localhost"}),
    ),
    "aws_rum_metrics_destination": Resource(
        external_name=PROBED,
        references={
            "app_monitor_name": Reference("aws_rum_app_monitor"),
            "iam_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {"region": "us-east-1", "appMonitorNameRef": {"name": "example-appmonitor"}, "destination": "CloudWatch"}
        ),
    ),
}
