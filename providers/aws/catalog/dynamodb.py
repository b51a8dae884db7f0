"""dynamodb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_dynamodb_contributor_insights": Resource(
        external_name=PROBED,
        references={"table_name": Reference("aws_dynamodb_table")},
    ),
    "aws_dynamodb_global_table": Resource(
        external_name=by_name(),
    ),
    "aws_dynamodb_kinesis_streaming_destination": Resource(
        external_name=PROBED,
        references={"stream_arn": Reference("aws_kinesis_stream", "id"), "table_name": Reference("aws_dynamodb_table")},
    ),
    "aws_dynamodb_resource_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_dynamodb_table", "arn")},
    ),
    "aws_dynamodb_table_export": Resource(
        external_name=PROBED,
    ),
    "aws_dynamodb_table_replica": Resource(
        external_name=PROBED,
        references={
            "global_table_arn": Reference("aws_dynamodb_table", "arn"),
            "kms_key_arn": Reference("aws_kms_key", "arn"),
        },
    ),
    "aws_dynamodb_tag": Resource(
        external_name=PROBED,
    ),
}
