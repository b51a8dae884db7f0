"""s3tables: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, attribute_as_identifier, composite_from_parameters

RESOURCES: dict[str, Resource] = {
    "aws_s3tables_namespace": Resource(
        external_name=composite_from_parameters(";", "table_bucket_arn", "namespace").sourced(
            "probe",
            "<table bucket ARN>;<namespace>",
            IDExample(
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket;example-namespace",
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket;example-namespace",
                {
                    "table_bucket_arn": "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket",
                    "namespace": "example-namespace",
                },
            ),
        ),
    ),
    "aws_s3tables_table": Resource(
        external_name=composite_from_parameters(";", "table_bucket_arn", "namespace", "name").sourced(
            "probe+docs",
            "<table bucket ARN>;<namespace>;<table name>",
            IDExample(
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket;example-namespace;example-table",
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket;example-namespace;example-table",
                {
                    "table_bucket_arn": "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket",
                    "namespace": "example-namespace",
                    "name": "example-table",
                },
                source="docs",
            ),
        ),
    ),
    "aws_s3tables_table_bucket": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
    "aws_s3tables_table_bucket_policy": Resource(
        external_name=composite_from_parameters(";", "table_bucket_arn").sourced(
            "probe",
            "the import ID is table_bucket_arn (the probe's error names that path)",
            IDExample(
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket",
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket",
                {"table_bucket_arn": "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket"},
            ),
        ),
    ),
    "aws_s3tables_table_policy": Resource(
        external_name=composite_from_parameters(";", "table_bucket_arn", "namespace", "name").sourced(
            "probe",
            "<table bucket ARN>;<namespace>;<table name>",
            IDExample(
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket;example-namespace;example-table",
                "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket;example-namespace;example-table",
                {
                    "table_bucket_arn": "arn:aws:s3tables:us-west-2:123456789012:bucket/example-bucket",
                    "namespace": "example-namespace",
                    "name": "example-table",
                },
            ),
        ),
    ),
}
