"""kafka: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_msk_cluster": Resource(
        external_name=PROBED,
        references={
            "broker_node_group_info.client_subnets": Reference("aws_subnet"),
            "broker_node_group_info.security_groups": Reference("aws_security_group"),
            "configuration_info.arn": Reference("aws_msk_configuration", "arn"),
            "encryption_info.encryption_at_rest_kms_key_arn": Reference("aws_kms_key", "arn"),
            "logging_info.broker_logs.cloudwatch_logs.log_group": Reference("aws_cloudwatch_log_group"),
            "logging_info.broker_logs.firehose.delivery_stream": Reference(
                "aws_kinesis_firehose_delivery_stream", "name"
            ),
            "logging_info.broker_logs.s3.bucket": Reference("aws_s3_bucket"),
        },
        timeouts=SLOW,
    ),
    "aws_msk_cluster_policy": Resource(
        external_name=PROBED,
        references={"cluster_arn": Reference("aws_msk_cluster", "arn")},
    ),
    "aws_msk_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_msk_replicator": Resource(
        external_name=PROBED,
        references={
            "kafka_cluster.amazon_msk_cluster.msk_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "kafka_cluster.vpc_config.security_groups_ids": Reference("aws_security_group"),
            "kafka_cluster.vpc_config.subnet_ids": Reference("aws_subnet"),
            "replication_info_list.source_kafka_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "replication_info_list.target_kafka_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "service_execution_role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_msk_scram_secret_association": Resource(
        external_name=PROBED,
        references={
            "cluster_arn": Reference("aws_msk_cluster", "arn"),
            "secret_arn_list": Reference("aws_secretsmanager_secret"),
        },
    ),
    "aws_msk_serverless_cluster": Resource(
        external_name=PROBED,
        references={
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
    ),
    "aws_msk_single_scram_secret_association": Resource(
        external_name=PROBED,
        references={
            "cluster_arn": Reference("aws_msk_cluster", "arn"),
            "secret_arn": Reference("aws_secretsmanager_secret", "arn"),
        },
    ),
    "aws_msk_vpc_connection": Resource(
        external_name=PROBED,
        references={
            "client_subnets": Reference("aws_subnet"),
            "security_groups": Reference("aws_security_group"),
            "target_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "vpc_id": Reference("aws_vpc"),
        },
    ),
}
