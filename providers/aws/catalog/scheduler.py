"""scheduler: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_scheduler_schedule": Resource(
        external_name=PROBED,
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "target.arn": Reference("aws_sqs_queue", "arn"),
            "target.role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "groupName": "default",
                "name": "my-schedule",
                "scheduleExpression": "rate(1 hours)",
                "flexibleTimeWindow": {"mode": "OFF"},
                "target": {"arnRef": {"name": "example-queue"}, "roleArnRef": {"name": "example-role"}},
            }
        ),
    ),
    "aws_scheduler_schedule_group": Resource(
        external_name=PROBED,
    ),
}
