"""route53recoveryreadiness: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_route53recoveryreadiness_cell": Resource(
        external_name=by_name("cell_name"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_route53recoveryreadiness_readiness_check": Resource(
        external_name=by_name("readiness_check_name"),
        example=Example({"region": "us-east-1", "resourceSetName": "example"}),
    ),
    "aws_route53recoveryreadiness_recovery_group": Resource(
        external_name=by_name("recovery_group_name"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_route53recoveryreadiness_resource_set": Resource(
        external_name=by_name("resource_set_name"),
        references={"resources.resource_arn": Reference("aws_cloudwatch_metric_alarm", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "resourceSetType": "AWS::CloudWatch::Alarm",
                "resources": [{"resourceArnRef": {"name": "example-metricalarm"}}],
            }
        ),
    ),
}
