"""firehose: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

RESOURCES: dict[str, Resource] = {
    "aws_kinesis_firehose_delivery_stream": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer wants the delivery stream ARN, which is the state id"
        ),
        references={
            "elasticsearch_configuration.domain_arn": Reference("aws_elasticsearch_domain", "arn"),
            "elasticsearch_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "elasticsearch_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "elasticsearch_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "elasticsearch_configuration.vpc_config.role_arn": Reference("aws_iam_role", "arn"),
            "elasticsearch_configuration.vpc_config.security_group_ids": Reference("aws_security_group"),
            "elasticsearch_configuration.vpc_config.subnet_ids": Reference("aws_subnet"),
            "extended_s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "extended_s3_configuration.data_format_conversion_configuration.schema_configuration.role_arn": Reference(
                "aws_iam_role", "arn"
            ),
            "extended_s3_configuration.data_format_conversion_configuration.schema_configuration.table_name": Reference(
                "aws_glue_catalog_table", "name"
            ),
            "extended_s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "http_endpoint_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "http_endpoint_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "http_endpoint_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "iceberg_configuration.destination_table_configuration.database_name": Reference(
                "aws_glue_catalog_database", "name"
            ),
            "iceberg_configuration.destination_table_configuration.table_name": Reference(
                "aws_glue_catalog_table", "name"
            ),
            "iceberg_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "iceberg_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "iceberg_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "opensearch_configuration.domain_arn": Reference("aws_opensearch_domain", "arn"),
            "opensearch_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "opensearch_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "opensearch_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "opensearch_configuration.vpc_config.role_arn": Reference("aws_iam_role", "arn"),
            "opensearch_configuration.vpc_config.security_group_ids": Reference("aws_security_group"),
            "opensearch_configuration.vpc_config.subnet_ids": Reference("aws_subnet"),
            "opensearchserverless_configuration.collection_endpoint": Reference(
                "aws_opensearchserverless_collection", "collection_endpoint"
            ),
            "opensearchserverless_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "opensearchserverless_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "opensearchserverless_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "redshift_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "redshift_configuration.s3_backup_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "redshift_configuration.s3_backup_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "redshift_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "redshift_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "snowflake_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "snowflake_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "snowflake_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "splunk_configuration.s3_configuration.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "splunk_configuration.s3_configuration.role_arn": Reference("aws_iam_role", "arn"),
        },
        sensitive=("splunk_configuration.hec_token",),
        late_init_ignore=(
            "server_side_encryption",
            "version_id",
        ),
        example=Example(
            {
                "region": "us-east-1",
                "destination": "extended_s3",
                "name": "terraform-kinesis-firehose-extended-s3-test-stream",
                "extendedS3Configuration": {
                    "bucketArnRef": {"name": "example-bucket-tfbridge"},
                    "roleArnRef": {"name": "example-role"},
                    "processingConfiguration": {
                        "processors": [
                            {
                                "type": "Lambda",
                                "parameters": [{"parameterName": "LambdaArn", "parameterValue": "example"}],
                            }
                        ]
                    },
                },
            }
        ),
    ),
}
