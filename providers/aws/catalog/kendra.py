"""kendra: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_kendra_data_source": Resource(
        external_name=PROBED,
        references={
            "configuration.s3_configuration.bucket_name": Reference("aws_s3_bucket"),
            "configuration.web_crawler_configuration.authentication_configuration.basic_authentication.credentials": Reference(
                "aws_secretsmanager_secret", "arn"
            ),
            "configuration.web_crawler_configuration.proxy_configuration.credentials": Reference(
                "aws_secretsmanager_secret", "arn"
            ),
            "index_id": Reference("aws_kendra_index"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "example",
                "indexIdRef": {"name": "example-index"},
                "languageCode": "en",
                "name": "example",
                "tags": {"hello": "world"},
                "type": "CUSTOM",
            }
        ),
    ),
    "aws_kendra_experience": Resource(
        external_name=PROBED,
        references={"index_id": Reference("aws_kendra_index"), "role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "My Kendra Experience",
                "indexIdRef": {"name": "example-index"},
                "name": "example",
                "roleArnRef": {"name": "example-role"},
                "configuration": {
                    "contentSourceConfiguration": {
                        "directPutContent": True,
                        "faqIds": ["${aws_kendra_faq.example.faq_id}"],
                    },
                    "userIdentityConfiguration": {
                        "identityAttributeName": "12345ec453-1546651e-79c4-4554-91fa-00b43ccfa245"
                    },
                },
            }
        ),
    ),
    "aws_kendra_faq": Resource(
        external_name=PROBED,
        references={
            "index_id": Reference("aws_kendra_index"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "s3_path.bucket": Reference("aws_s3_bucket"),
            "s3_path.key": Reference("aws_s3_object", "key"),
        },
        # An FAQ of the example index, read from the example object by the example role.
        example=Example(
            {
                "region": "us-east-1",
                "fileFormat": "CSV",
                "indexIdRef": {"name": "example-index"},
                "name": "example",
                "roleArnRef": {"name": "example-role"},
                "s3Path": {"bucketRef": {"name": "example-bucket-tfbridge"}, "keyRef": {"name": "example-object"}},
            }
        ),
    ),
    "aws_kendra_index": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "description": "example",
                "edition": "DEVELOPER_EDITION",
                "name": "example",
                "roleArnRef": {"name": "example-role"},
                "tags": {"Key1": "Value1"},
            }
        ),
    ),
    "aws_kendra_query_suggestions_block_list": Resource(
        external_name=PROBED,
        references={
            "index_id": Reference("aws_kendra_index"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "source_s3_path.bucket": Reference("aws_s3_bucket"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "indexIdRef": {"name": "example-index"},
                "name": "Example",
                "roleArnRef": {"name": "example-role"},
                "tags": {"Name": "Example Kendra Index"},
                "sourceS3Path": {"bucketRef": {"name": "example-bucket-tfbridge"}, "key": "example/suggestions.txt"},
            }
        ),
    ),
    "aws_kendra_thesaurus": Resource(
        external_name=PROBED,
        references={
            "index_id": Reference("aws_kendra_index"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "source_s3_path.bucket": Reference("aws_s3_bucket"),
            "source_s3_path.key": Reference("aws_s3_object", "key"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "indexIdRef": {"name": "example-index"},
                "name": "Example",
                "roleArnRef": {"name": "example-role"},
                "tags": {"Name": "Example Kendra Thesaurus"},
                "sourceS3Path": {
                    "bucketRef": {"name": "example-bucket-tfbridge"},
                    "keyRef": {"name": "example-object"},
                },
            }
        ),
    ),
}
