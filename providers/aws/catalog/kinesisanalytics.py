"""kinesisanalytics: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

RESOURCES: dict[str, Resource] = {
    "aws_kinesis_analytics_application": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer wants the application ARN, which is the state id"
        ),
        references={
            "cloudwatch_logging_options.log_stream_arn": Reference("aws_cloudwatch_log_stream", "arn"),
            "cloudwatch_logging_options.role_arn": Reference("aws_iam_role", "arn"),
            "inputs.kinesis_stream.resource_arn": Reference("aws_kinesis_stream", "id"),
            "inputs.kinesis_stream.role_arn": Reference("aws_iam_role", "arn"),
            "outputs.kinesis_firehose.resource_arn": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "outputs.kinesis_firehose.role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "inputs": {
                    "namePrefix": "test_prefix",
                    "kinesisStream": {
                        "resourceArnRef": {"name": "example-stream"},
                        "roleArnRef": {"name": "example-role"},
                    },
                    "parallelism": {"count": 1},
                    "schema": {
                        "recordEncoding": "UTF-8",
                        "recordColumns": [{"mapping": "$.test", "name": "test", "sqlType": "VARCHAR(8)"}],
                        "recordFormat": {"mappingParameters": {"json": {"recordRowPath": "$"}}},
                    },
                },
            }
        ),
    ),
}
