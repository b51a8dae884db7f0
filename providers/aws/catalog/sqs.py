"""sqs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_sqs_queue_policy": Resource(
        external_name=PROBED,
        references={"queue_url": Reference("aws_sqs_queue", "id")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "queueUrlRef": {"name": "example-queue"},
            }
        ),
    ),
    "aws_sqs_queue_redrive_allow_policy": Resource(
        external_name=PROBED,
        references={"queue_url": Reference("aws_sqs_queue", "id")},
        example=Example(
            {
                "region": "us-east-1",
                "queueUrlRef": {"name": "example-queue"},
                # Any queue may name this one its dead-letter queue (no source queue ARNs to list).
                "redriveAllowPolicy": '{"redrivePermission":"allowAll"}',
            }
        ),
    ),
    "aws_sqs_queue_redrive_policy": Resource(
        external_name=PROBED,
        references={"queue_url": Reference("aws_sqs_queue", "id")},
        example=Example(
            {
                "region": "us-east-1",
                "queueUrlRef": {"name": "example-queue"},
                "redrivePolicy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
}
