"""autoscaling: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_id

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_autoscaling_group": Resource(
        external_name=by_name(),
        references={
            "launch_configuration": Reference("aws_launch_configuration"),
            "launch_template.id": Reference("aws_launch_template"),
            "mixed_instances_policy.launch_template.launch_template_specification.launch_template_id": Reference(
                "aws_launch_template"
            ),
            "mixed_instances_policy.launch_template.override.launch_template_specification.launch_template_id": Reference(
                "aws_launch_template"
            ),
            "placement_group": Reference("aws_placement_group"),
            "service_linked_role_arn": Reference("aws_iam_role", "arn"),
            "vpc_zone_identifier": Reference("aws_subnet"),
        },
        late_init_ignore=("availability_zones",),
    ),
    "aws_autoscaling_group_tag": Resource(
        external_name=PROBED,
        references={"autoscaling_group_name": Reference("aws_autoscaling_group")},
    ),
    "aws_autoscaling_lifecycle_hook": Resource(
        external_name=composite_id(
            "{{ .parameters.autoscaling_group_name }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe",
            "expected <asg-name>/<lifecycle-hook-name>",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"autoscaling_group_name": "partone", "name": "parttwo"},
                {"autoscaling_group_name": "partone", "id": "parttwo", "name": "parttwo"},
            ),
        ),
        references={
            "autoscaling_group_name": Reference("aws_autoscaling_group"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_autoscaling_policy": Resource(
        external_name=composite_id(
            "{{ .parameters.autoscaling_group_name }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe",
            "expected <asg-name>/<policy-name>",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"autoscaling_group_name": "partone", "name": "parttwo"},
                {"autoscaling_group_name": "partone", "id": "parttwo", "name": "parttwo"},
            ),
        ),
        references={"autoscaling_group_name": Reference("aws_autoscaling_group")},
    ),
    "aws_autoscaling_schedule": Resource(
        external_name=composite_id(
            "{{ .parameters.autoscaling_group_name }}/{{ .external_name }}", argument="scheduled_action_name"
        ).sourced(
            "probe",
            "expected asg-name/action-name",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"autoscaling_group_name": "partone", "scheduled_action_name": "parttwo"},
                {"autoscaling_group_name": "partone", "id": "parttwo", "scheduled_action_name": "parttwo"},
            ),
        ),
        references={"autoscaling_group_name": Reference("aws_autoscaling_group")},
    ),
    "aws_launch_configuration": Resource(
        external_name=by_name(),
    ),
}
