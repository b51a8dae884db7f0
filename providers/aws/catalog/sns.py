"""sns: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_sns_platform_application": Resource(
        external_name=PROBED,
        references={
            "failure_feedback_role_arn": Reference("aws_iam_role", "arn"),
            "success_feedback_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "platform": "APNS",
                "platformCredentialSecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
            }
        ),
    ),
    "aws_sns_topic_data_protection_policy": Resource(
        external_name=PROBED,
    ),
    "aws_sns_topic_policy": Resource(
        external_name=PROBED,
        references={"arn": Reference("aws_sns_topic", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "arnRef": {"name": "example-topic"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_sns_topic_subscription": Resource(
        external_name=PROBED,
        references={
            "endpoint": Reference("aws_sqs_queue", "arn"),
            "subscription_role_arn": Reference("aws_iam_role", "arn"),
            "topic_arn": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "endpointRef": {"name": "example-queue"},
                "protocol": "sqs",
                "topicArnRef": {"name": "example-topic"},
            }
        ),
    ),
}
