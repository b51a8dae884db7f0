"""ssm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_ssm_activation": Resource(
        external_name=PROBED,
        references={"iam_role": Reference("aws_iam_role")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Test",
                "iamRoleRef": {"name": "example-role"},
                "name": "test_ssm_activation",
            }
        ),
    ),
    "aws_ssm_association": Resource(
        external_name=PROBED,
        # The document's observed name: its external name is known before the document exists.
        references={"name": Reference("aws_ssm_document", "name"), "targets.values": Reference("aws_instance")},
        # Targets chosen by tag, so no instance need exist for the association to be made.
        example=Example(
            {
                "region": "us-east-1",
                "nameRef": {"name": "example-document"},
                "targets": [{"key": "tag:Environment", "values": ["example"]}],
            }
        ),
    ),
    "aws_ssm_document": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "content": '  {\n    "schemaVersion": "1.2",\n    "description": "Check ip configuration of a Linux instance.",\n    "parameters": {\n\n    },\n    "runtimeConfig": {\n      "aws:runShellScript": {\n        "properties": [\n          {\n            "id": "0.aws:runShellScript",\n            "runCommand": ["ifconfig"]\n          }\n        ]\n      }\n    }\n  }\n',
                "documentType": "Command",
            }
        ),
    ),
    "aws_ssm_maintenance_window": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "cutoff": 1,
                "duration": 3,
                "name": "maintenance-window-application",
                "schedule": "cron(0 16 ? * TUE *)",
            }
        ),
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
        example=Example(
            {
                "region": "us-east-1",
                "description": "This is a maintenance window target",
                "name": "maintenance-window-target",
                "resourceType": "INSTANCE",
                "windowIdRef": {"name": "example-maintenancewindow"},
                "targets": [{"key": "tag:Name", "values": ["acceptance_test"]}],
            }
        ),
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
        # A Lambda task: its ARN is the function's, and it needs no targets (an AUTOMATION task's ARN is a
        # document's name, not a function's).
        example=Example(
            {
                "region": "us-east-1",
                "priority": 1,
                "taskArnRef": {"name": "example-function"},
                "taskType": "LAMBDA",
                "windowIdRef": {"name": "example-maintenancewindow"},
            }
        ),
    ),
    "aws_ssm_parameter": Resource(
        external_name=by_name(),
        # The value is sensitive: read from a Kubernetes Secret, never written in the spec.
        example=Example(
            {
                "region": "us-east-1",
                "type": "String",
                "valueSecretRef": {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"},
            }
        ),
    ),
    "aws_ssm_patch_baseline": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "approvedPatches": ["KB123456"], "name": "patch-baseline"}),
    ),
    "aws_ssm_resource_data_sync": Resource(
        external_name=by_name(),
        references={
            "s3_destination.bucket_name": Reference("aws_s3_bucket"),
            "s3_destination.region": Reference("aws_s3_bucket", "region"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "s3Destination": {
                    "bucketNameRef": {"name": "example-bucket-tfbridge"},
                    "regionRef": {"name": "example-bucket-tfbridge"},
                },
            }
        ),
    ),
    "aws_ssm_service_setting": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "settingId": "/ssm/parameter-store/high-throughput-enabled", "settingValue": "true"}
        ),
    ),
}
