"""sqs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_sqs_queue_policy": Resource(
        external_name=PROBED,
        references={"queue_url": Reference("aws_sqs_queue", "id")},
    ),
    "aws_sqs_queue_redrive_allow_policy": Resource(
        external_name=PROBED,
        references={"queue_url": Reference("aws_sqs_queue", "id")},
    ),
    "aws_sqs_queue_redrive_policy": Resource(
        external_name=PROBED,
        references={"queue_url": Reference("aws_sqs_queue", "id")},
    ),
}
