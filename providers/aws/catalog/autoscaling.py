"""autoscaling: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .samples import AMI
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
        example=Example(
            {
                "region": "us-east-1",
                # One instance: the group's hooks, policies and schedules are examples of their own kinds.
                "desiredCapacity": 1,
                "forceDelete": True,
                "healthCheckGracePeriod": 300,
                "healthCheckType": "EC2",
                "launchConfigurationRef": {"name": "example-launchconfiguration"},
                "maxSize": 2,
                "minSize": 1,
                "vpcZoneIdentifierRefs": [{"name": "example-subnet"}],
                "tag": [
                    {"key": "foo", "propagateAtLaunch": True, "value": "bar"},
                    {"key": "lorem", "propagateAtLaunch": False, "value": "ipsum"},
                ],
            }
        ),
    ),
    "aws_autoscaling_group_tag": Resource(
        external_name=PROBED,
        references={"autoscaling_group_name": Reference("aws_autoscaling_group")},
        example=Example(
            {
                "region": "us-east-1",
                "autoscalingGroupNameRef": {"name": "example-autoscalinggroup"},
                "tag": {
                    "key": "k8s.io/cluster-autoscaler/node-template/label/eks.amazonaws.com/capacityType",
                    "propagateAtLaunch": False,
                    "value": "SPOT",
                },
            }
        ),
    ),
    "aws_autoscaling_lifecycle_hook": Resource(
        external_name=composite_id(
            "{{ .parameters.autoscaling_group_name }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe+docs",
            "expected <asg-name>/<lifecycle-hook-name>",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"autoscaling_group_name": "partone", "name": "parttwo"},
                {"autoscaling_group_name": "partone", "id": "parttwo", "name": "parttwo"},
            ),
            IDExample(
                "asg-name/lifecycle-hook-name",
                "lifecycle-hook-name",
                {"autoscaling_group_name": "asg-name", "name": "lifecycle-hook-name"},
                source="docs",
            ),
        ),
        references={
            "autoscaling_group_name": Reference("aws_autoscaling_group"),
            "notification_target_arn": Reference("aws_sqs_queue", "arn"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "autoscalingGroupNameRef": {"name": "example-autoscalinggroup"},
                "defaultResult": "CONTINUE",
                "heartbeatTimeout": 2000,
                "lifecycleTransition": "autoscaling:EC2_INSTANCE_LAUNCHING",
                "notificationTargetArnRef": {"name": "example-queue"},
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_autoscaling_policy": Resource(
        external_name=composite_id(
            "{{ .parameters.autoscaling_group_name }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe+docs",
            "expected <asg-name>/<policy-name>",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"autoscaling_group_name": "partone", "name": "parttwo"},
                {"autoscaling_group_name": "partone", "id": "parttwo", "name": "parttwo"},
            ),
            IDExample(
                "asg-name/policy-name",
                "policy-name",
                {"autoscaling_group_name": "asg-name", "name": "policy-name"},
                source="docs",
            ),
        ),
        references={"autoscaling_group_name": Reference("aws_autoscaling_group")},
        example=Example(
            {
                "region": "us-east-1",
                "adjustmentType": "ChangeInCapacity",
                "autoscalingGroupNameRef": {"name": "example-autoscalinggroup"},
                "cooldown": 300,
                "scalingAdjustment": 4,
            }
        ),
    ),
    "aws_autoscaling_schedule": Resource(
        external_name=composite_id(
            "{{ .parameters.autoscaling_group_name }}/{{ .external_name }}", argument="scheduled_action_name"
        ).sourced(
            "probe+docs",
            "expected asg-name/action-name",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"autoscaling_group_name": "partone", "scheduled_action_name": "parttwo"},
                {"autoscaling_group_name": "partone", "id": "parttwo", "scheduled_action_name": "parttwo"},
            ),
            IDExample(
                "auto-scaling-group-name/scheduled-action-name",
                "scheduled-action-name",
                {"autoscaling_group_name": "auto-scaling-group-name", "scheduled_action_name": "scheduled-action-name"},
                source="docs",
            ),
        ),
        references={"autoscaling_group_name": Reference("aws_autoscaling_group")},
        example=Example(
            {
                "region": "us-east-1",
                "autoscalingGroupNameRef": {"name": "example-autoscalinggroup"},
                "desiredCapacity": 0,
                # The cloud refuses a start in the past.
                "endTime": "2035-12-12T06:00:00Z",
                "maxSize": 1,
                "minSize": 0,
                "startTime": "2035-12-11T18:00:00Z",
            }
        ),
    ),
    "aws_launch_configuration": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "imageId": AMI, "instanceType": "t2.micro"}),
    ),
}
