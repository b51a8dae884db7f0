"""dynamodb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_dynamodb_contributor_insights": Resource(
        external_name=PROBED,
        references={"table_name": Reference("aws_dynamodb_table")},
        example=Example({"region": "us-east-1", "tableNameRef": {"name": "example-table"}}),
    ),
    "aws_dynamodb_global_table": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "replica": [{"regionName": "us-east-1"}, {"regionName": "us-west-2"}]}),
    ),
    "aws_dynamodb_kinesis_streaming_destination": Resource(
        external_name=PROBED,
        references={"stream_arn": Reference("aws_kinesis_stream", "id"), "table_name": Reference("aws_dynamodb_table")},
        example=Example(
            {
                "region": "us-east-1",
                "approximateCreationDateTimePrecision": "MICROSECOND",
                "streamArnRef": {"name": "example-stream"},
                "tableNameRef": {"name": "example-table"},
            }
        ),
    ),
    "aws_dynamodb_resource_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_dynamodb_table", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "resourceArnRef": {"name": "example-table"},
            }
        ),
    ),
    "aws_dynamodb_table_export": Resource(
        external_name=PROBED,
        references={
            "s3_bucket": Reference("aws_s3_bucket", "bucket"),
            "table_arn": Reference("aws_dynamodb_table", "arn"),
        },
        # A full export of the example table (which has point-in-time recovery on) to a bucket.
        example=Example(
            {
                "region": "us-east-1",
                "s3BucketRef": {"name": "example-bucket-tfbridge"},
                "s3Prefix": "exports",
                "tableArnRef": {"name": "example-table"},
            }
        ),
    ),
    "aws_dynamodb_table_replica": Resource(
        external_name=PROBED,
        references={
            "global_table_arn": Reference("aws_dynamodb_table", "arn"),
            "kms_key_arn": Reference("aws_kms_key", "arn"),
        },
        # A replica lives in another region than its table (the provider refuses the table's own).
        example=Example(
            {
                "region": "us-west-2",
                "globalTableArnRef": {"name": "example-table"},
                "tags": {"Name": "IZPAWS", "Pozo": "Amargo"},
            }
        ),
    ),
    "aws_dynamodb_tag": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_dynamodb_table", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "key": "testkey",
                # A tag of the example table. Its documentation warns against tagging a table that is
                # managed with tags itself: the table's own MR (which carries the crossplane-* tags) takes
                # this key away at its next update, and the tag's create then waits for a key that is gone.
                # Use it for a table no MR tags (one created outside, or another region's replica).
                "resourceArnRef": {"name": "example-table"},
                "value": "testvalue",
            }
        ),
    ),
}
