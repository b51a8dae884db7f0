"""ivschat: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ivschat_logging_configuration": Resource(
        external_name=PROBED,
        references={"destination_configuration.cloudwatch_logs.log_group_name": Reference("aws_cloudwatch_log_group")},
        # Chat messages are logged to the example log group.
        example=Example(
            {
                "region": "us-east-1",
                "destinationConfiguration": {"cloudwatchLogs": {"logGroupNameRef": {"name": "example-log-group"}}},
            }
        ),
    ),
    "aws_ivschat_room": Resource(
        external_name=PROBED,
    ),
}
