"""batch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_batch_compute_environment": Resource(
        external_name=PROBED,
        references={
            "compute_resources.instance_role": Reference("aws_iam_instance_profile", "arn"),
            "compute_resources.placement_group": Reference("aws_placement_group"),
            "compute_resources.security_group_ids": Reference("aws_security_group"),
            "compute_resources.subnets": Reference("aws_subnet"),
            "service_role": Reference("aws_iam_role", "arn"),
        },
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("compute_environment_name_prefix",),
        example=Example(
            {
                "region": "us-east-1",
                "serviceRoleRef": {"name": "example-role"},
                "type": "MANAGED",
                "computeResources": {
                    "instanceRoleRef": {"name": "example-instanceprofile"},
                    "instanceType": ["c4.large"],
                    "maxVcpus": 16,
                    "minVcpus": 0,
                    "securityGroupIdRefs": [{"name": "example-sg"}],
                    "subnetRefs": [{"name": "example-subnet"}],
                    "type": "EC2",
                },
            }
        ),
    ),
    "aws_batch_job_definition": Resource(
        external_name=PROBED,
        # A container job needs its container's properties: image, command and resources, as JSON.
        example=Example(
            {
                "region": "us-east-1",
                "name": "tf_test_batch_job_definition",
                "type": "container",
                "containerProperties": '{"command":["ls","-la"],"image":"busybox","resourceRequirements":'
                '[{"type":"VCPU","value":"0.25"},{"type":"MEMORY","value":"512"}]}',
            }
        ),
    ),
    "aws_batch_job_queue": Resource(
        external_name=PROBED,
        references={
            "compute_environment_order.compute_environment": Reference("aws_batch_compute_environment", "arn"),
            "scheduling_policy_arn": Reference("aws_batch_scheduling_policy", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "priority": 1,
                "state": "ENABLED",
                "computeEnvironmentOrder": [
                    {"computeEnvironmentRef": {"name": "example-computeenvironment"}, "order": 1},
                    {"computeEnvironmentRef": {"name": "example-computeenvironment"}, "order": 2},
                ],
            }
        ),
    ),
    "aws_batch_scheduling_policy": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "tags": {"Name": "Example Batch Scheduling Policy"},
                "fairSharePolicy": {
                    "computeReservation": 1,
                    "shareDecaySeconds": 3600,
                    "shareDistribution": [
                        {"shareIdentifier": "A1*", "weightFactor": 0.1},
                        {"shareIdentifier": "A2", "weightFactor": 0.2},
                    ],
                },
            }
        ),
    ),
}
