"""glacier: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_glacier_vault": Resource(
        external_name=by_name(),
        references={"notification.sns_topic": Reference("aws_sns_topic", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"Test": "MyArchive"},
                "notification": {
                    "events": ["ArchiveRetrievalCompleted", "InventoryRetrievalCompleted"],
                    "snsTopicRef": {"name": "example-topic"},
                },
            }
        ),
    ),
    "aws_glacier_vault_lock": Resource(
        external_name=PROBED,
        references={"vault_name": Reference("aws_glacier_vault")},
        example=Example(
            {
                "region": "us-east-1",
                "completeLock": False,
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "vaultNameRef": {"name": "example-vault"},
            }
        ),
    ),
}
