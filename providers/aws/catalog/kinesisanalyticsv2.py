"""kinesisanalyticsv2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_kinesisanalyticsv2_application": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer wants the application ARN, which is the state id"
        ),
        references={
            "application_configuration.application_code_configuration.code_content.s3_content_location.bucket_arn": Reference(
                "aws_s3_bucket", "arn"
            ),
            "application_configuration.application_code_configuration.code_content.s3_content_location.file_key": Reference(
                "aws_s3_object", "key"
            ),
            "application_configuration.sql_application_configuration.input.kinesis_streams_input.resource_arn": Reference(
                "aws_kinesis_stream", "id"
            ),
            "application_configuration.sql_application_configuration.output.kinesis_firehose_output.resource_arn": Reference(
                "aws_kinesis_firehose_delivery_stream", "arn"
            ),
            "application_configuration.sql_application_configuration.output.lambda_output.resource_arn": Reference(
                "aws_lambda_function", "arn"
            ),
            "application_configuration.sql_application_configuration.reference_data_source.s3_reference_data_source.bucket_arn": Reference(
                "aws_s3_bucket", "arn"
            ),
            "application_configuration.vpc_configuration.security_group_ids": Reference("aws_security_group"),
            "application_configuration.vpc_configuration.subnet_ids": Reference("aws_subnet"),
            "cloudwatch_logging_options.log_stream_arn": Reference("aws_cloudwatch_log_stream", "arn"),
            "service_execution_role": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "runtimeEnvironment": "FLINK-1_8",
                "serviceExecutionRoleRef": {"name": "example-role"},
                "tags": {"Environment": "test"},
                "applicationConfiguration": {
                    "applicationCodeConfiguration": {
                        "codeContentType": "ZIPFILE",
                        "codeContent": {
                            "s3ContentLocation": {
                                "bucketArnRef": {"name": "example-bucket-tfbridge"},
                                "fileKeyRef": {"name": "example-object"},
                            }
                        },
                    },
                    "environmentProperties": {
                        "propertyGroup": [
                            {"propertyGroupId": "PROPERTY-GROUP-1", "propertyMap": {"Key1": "Value1"}},
                            {
                                "propertyGroupId": "PROPERTY-GROUP-2",
                                "propertyMap": {"KeyA": "ValueA", "KeyB": "ValueB"},
                            },
                        ]
                    },
                    "flinkApplicationConfiguration": {
                        "checkpointConfiguration": {"configurationType": "DEFAULT"},
                        "monitoringConfiguration": {
                            "configurationType": "CUSTOM",
                            "logLevel": "DEBUG",
                            "metricsLevel": "TASK",
                        },
                        "parallelismConfiguration": {
                            "autoScalingEnabled": True,
                            "configurationType": "CUSTOM",
                            "parallelism": 10,
                            "parallelismPerKpu": 4,
                        },
                    },
                },
            }
        ),
    ),
    "aws_kinesisanalyticsv2_application_snapshot": Resource(
        external_name=PROBED,
        references={"application_name": Reference("aws_kinesisanalyticsv2_application")},
        example=Example(
            {"region": "us-east-1", "applicationNameRef": {"name": "example-application"}, "snapshotName": "example"}
        ),
    ),
}
