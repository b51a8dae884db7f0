"""sns: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_sns_platform_application": Resource(
        external_name=PROBED,
        references={
            "failure_feedback_role_arn": Reference("aws_iam_role", "arn"),
            "success_feedback_role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_sns_topic_data_protection_policy": Resource(
        external_name=PROBED,
    ),
    "aws_sns_topic_policy": Resource(
        external_name=PROBED,
        references={"arn": Reference("aws_sns_topic", "arn")},
    ),
    "aws_sns_topic_subscription": Resource(
        external_name=PROBED,
        references={
            "endpoint": Reference("aws_sqs_queue", "arn"),
            "subscription_role_arn": Reference("aws_iam_role", "arn"),
            "topic_arn": Reference("aws_sns_topic", "arn"),
        },
    ),
}
