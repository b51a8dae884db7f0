"""kinesis: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_kinesis_resource_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_kinesis_stream", "arn")},
        # Another account may read the example stream.
        example=Example(
            {
                "region": "us-east-1",
                "resourceArnRef": {"name": "example-stream"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Sid":"ReadStream","Effect":"Allow",'
                '"Principal":{"AWS":"arn:aws:iam::111122223333:root"},"Action":["kinesis:DescribeStreamSummary",'
                '"kinesis:GetRecords","kinesis:GetShardIterator","kinesis:ListShards"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_kinesis_stream": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe+upjet+docs",
            "the importer reads the stream by name; the state id is its ARN",
            IDExample(
                "example-stream",
                "example-stream",
                {"name": "example-stream"},
                {"name": "example-stream", "id": "arn:aws:kinesis:us-east-1:123456789012:stream/example-stream"},
                source="docs",
            ),
        ),
        references={"kms_key_id": Reference("aws_kms_key")},
        late_init_ignore=("enforce_consumer_deletion",),
        example=Example(
            {
                "region": "us-east-1",
                "retentionPeriod": 48,
                "shardCount": 1,
                "shardLevelMetrics": ["IncomingBytes", "OutgoingBytes"],
                "tags": {"Environment": "test"},
                "streamModeDetails": {"streamMode": "PROVISIONED"},
            }
        ),
    ),
    "aws_kinesis_stream_consumer": Resource(
        external_name=PROBED,
        references={"stream_arn": Reference("aws_kinesis_stream", "id")},
        example=Example(
            {"region": "us-east-1", "name": "example-consumer", "streamArnRef": {"name": "example-stream"}}
        ),
    ),
}
