"""kafkaconnect: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_mskconnect_connector": Resource(
        external_name=PROBED,
        references={
            "kafka_cluster.apache_kafka_cluster.vpc.security_groups": Reference("aws_security_group"),
            "kafka_cluster.apache_kafka_cluster.vpc.subnets": Reference("aws_subnet"),
            "log_delivery.worker_log_delivery.cloudwatch_logs.log_group": Reference("aws_cloudwatch_log_group"),
            "log_delivery.worker_log_delivery.firehose.delivery_stream": Reference(
                "aws_kinesis_firehose_delivery_stream", "name"
            ),
            "log_delivery.worker_log_delivery.s3.bucket": Reference("aws_s3_bucket"),
            "plugin.custom_plugin.arn": Reference("aws_mskconnect_custom_plugin", "arn"),
            "service_execution_role_arn": Reference("aws_iam_role", "arn"),
            "worker_configuration.arn": Reference("aws_mskconnect_worker_configuration", "arn"),
        },
        timeouts=SLOW,
    ),
    "aws_mskconnect_custom_plugin": Resource(
        external_name=PROBED,
        references={
            "location.s3.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "location.s3.file_key": Reference("aws_s3_object", "key"),
        },
    ),
    "aws_mskconnect_worker_configuration": Resource(
        external_name=PROBED,
    ),
}
