"""scheduler: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_scheduler_schedule": Resource(
        external_name=PROBED,
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "target.arn": Reference("aws_sqs_queue", "arn"),
            "target.role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_scheduler_schedule_group": Resource(
        external_name=PROBED,
    ),
}
