"""dms: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_dms_certificate": Resource(
        external_name=by_name("certificate_id"),
    ),
    "aws_dms_endpoint": Resource(
        external_name=by_name("endpoint_id"),
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "secrets_manager_access_role_arn": Reference("aws_iam_role", "arn"),
            "service_access_role": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_dms_event_subscription": Resource(
        external_name=by_name(),
        references={
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
            "source_ids": Reference("aws_dms_replication_task"),
        },
    ),
    "aws_dms_replication_config": Resource(
        external_name=PROBED,
    ),
    "aws_dms_replication_instance": Resource(
        external_name=by_name("replication_instance_id"),
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "replication_subnet_group_id": Reference("aws_dms_replication_subnet_group"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        timeouts=SLOW,
    ),
    "aws_dms_replication_subnet_group": Resource(
        external_name=by_name("replication_subnet_group_id"),
        references={"subnet_ids": Reference("aws_subnet")},
    ),
    "aws_dms_replication_task": Resource(
        external_name=by_name("replication_task_id"),
        references={
            "replication_instance_arn": Reference("aws_dms_replication_instance", "replication_instance_arn"),
            "source_endpoint_arn": Reference("aws_dms_endpoint", "endpoint_arn"),
            "target_endpoint_arn": Reference("aws_dms_endpoint", "endpoint_arn"),
        },
        timeouts=SLOW,
    ),
    "aws_dms_s3_endpoint": Resource(
        external_name=by_name("endpoint_id"),
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "server_side_encryption_kms_key_id": Reference("aws_kms_key", "arn"),
            "service_access_role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
}
