"""pipes: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_pipes_pipe": Resource(
        external_name=by_name(),
        references={
            "enrichment": Reference("aws_cloudwatch_event_api_destination", "arn"),
            "log_configuration.cloudwatch_logs_log_destination.log_group_arn": Reference(
                "aws_cloudwatch_log_group", "arn"
            ),
            "role_arn": Reference("aws_iam_role", "arn"),
            "source": Reference("aws_sqs_queue", "arn"),
            "target": Reference("aws_sqs_queue", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "roleArnRef": {"name": "example-role"},
                "sourceRef": {"name": "example-queue"},
                "targetRef": {"name": "example-queue"},
            }
        ),
    ),
}
