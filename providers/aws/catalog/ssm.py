"""ssm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_id

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_ssm_activation": Resource(
        external_name=PROBED,
        references={"iam_role": Reference("aws_iam_role")},
    ),
    "aws_ssm_association": Resource(
        external_name=PROBED,
        references={"name": Reference("aws_ssm_document"), "targets.values": Reference("aws_instance")},
    ),
    "aws_ssm_document": Resource(
        external_name=by_name(),
    ),
    "aws_ssm_maintenance_window": Resource(
        external_name=PROBED,
    ),
    "aws_ssm_maintenance_window_target": Resource(
        external_name=composite_id("{{ .parameters.window_id }}/{{ .external_name }}").sourced(
            "probe",
            "expected WINDOW_ID/WINDOW_TARGET_ID",
            IDExample(
                "partone/parttwo", "parttwo", {"window_id": "partone"}, {"id": "parttwo", "window_id": "partone"}
            ),
        ),
        references={"window_id": Reference("aws_ssm_maintenance_window")},
    ),
    "aws_ssm_maintenance_window_task": Resource(
        external_name=composite_id("{{ .parameters.window_id }}/{{ .external_name }}").sourced(
            "probe",
            "expected <window-id>/<window-task-id>",
            IDExample(
                "partone/parttwo", "parttwo", {"window_id": "partone"}, {"id": "parttwo", "window_id": "partone"}
            ),
        ),
        references={
            "service_role_arn": Reference("aws_iam_role", "arn"),
            "targets.values": Reference("aws_instance"),
            "task_arn": Reference("aws_lambda_function", "arn"),
            "task_invocation_parameters.automation_parameters.parameter.values": Reference("aws_instance"),
            "task_invocation_parameters.run_command_parameters.notification_config.notification_arn": Reference(
                "aws_sns_topic", "arn"
            ),
            "task_invocation_parameters.run_command_parameters.output_s3_bucket": Reference("aws_s3_bucket"),
            "task_invocation_parameters.run_command_parameters.service_role_arn": Reference("aws_iam_role", "arn"),
            "window_id": Reference("aws_ssm_maintenance_window"),
        },
    ),
    "aws_ssm_parameter": Resource(
        external_name=by_name(),
    ),
    "aws_ssm_patch_baseline": Resource(
        external_name=PROBED,
    ),
    "aws_ssm_resource_data_sync": Resource(
        external_name=by_name(),
        references={
            "s3_destination.bucket_name": Reference("aws_s3_bucket"),
            "s3_destination.region": Reference("aws_s3_bucket", "region"),
        },
    ),
    "aws_ssm_service_setting": Resource(
        external_name=PROBED,
    ),
}
