"""connect: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_connect_bot_association": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance"), "lex_bot.name": Reference("aws_lex_bot")},
    ),
    "aws_connect_contact_flow": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        removed_parameters=("filename",),
    ),
    "aws_connect_contact_flow_module": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
        removed_parameters=("filename",),
    ),
    "aws_connect_hours_of_operation": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
    ),
    "aws_connect_instance": Resource(
        external_name=PROBED,
        references={"directory_id": Reference("aws_directory_service_directory")},
    ),
    "aws_connect_instance_storage_config": Resource(
        external_name=PROBED,
        references={
            "instance_id": Reference("aws_connect_instance"),
            "storage_config.kinesis_firehose_config.firehose_arn": Reference(
                "aws_kinesis_firehose_delivery_stream", "arn"
            ),
            "storage_config.kinesis_stream_config.stream_arn": Reference("aws_kinesis_stream", "arn"),
            "storage_config.kinesis_video_stream_config.encryption_config.key_id": Reference("aws_kms_key", "arn"),
            "storage_config.s3_config.bucket_name": Reference("aws_s3_bucket"),
            "storage_config.s3_config.encryption_config.key_id": Reference("aws_kms_key", "arn"),
        },
    ),
    "aws_connect_lambda_function_association": Resource(
        external_name=PROBED,
        references={
            "function_arn": Reference("aws_lambda_function", "arn"),
            "instance_id": Reference("aws_connect_instance"),
        },
    ),
    "aws_connect_phone_number": Resource(
        external_name=PROBED,
        references={"target_arn": Reference("aws_connect_instance", "arn")},
    ),
    "aws_connect_queue": Resource(
        external_name=PROBED,
        references={
            "hours_of_operation_id": Reference("aws_connect_hours_of_operation", "hours_of_operation_id"),
            "instance_id": Reference("aws_connect_instance"),
        },
    ),
    "aws_connect_quick_connect": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
    ),
    "aws_connect_routing_profile": Resource(
        external_name=PROBED,
        references={
            "default_outbound_queue_id": Reference("aws_connect_queue", "queue_id"),
            "instance_id": Reference("aws_connect_instance"),
        },
    ),
    "aws_connect_security_profile": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
    ),
    "aws_connect_user": Resource(
        external_name=PROBED,
        references={
            "instance_id": Reference("aws_connect_instance"),
            "routing_profile_id": Reference("aws_connect_routing_profile", "routing_profile_id"),
            "security_profile_ids": Reference("aws_connect_security_profile", "security_profile_id"),
        },
    ),
    "aws_connect_user_hierarchy_group": Resource(
        external_name=PROBED,
    ),
    "aws_connect_user_hierarchy_structure": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
    ),
    "aws_connect_vocabulary": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_connect_instance")},
    ),
}
