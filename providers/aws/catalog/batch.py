"""batch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

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
    ),
    "aws_batch_job_definition": Resource(
        external_name=PROBED,
    ),
    "aws_batch_job_queue": Resource(
        external_name=PROBED,
        references={
            "compute_environment_order.compute_environment": Reference("aws_batch_compute_environment", "arn"),
            "scheduling_policy_arn": Reference("aws_batch_scheduling_policy", "arn"),
        },
    ),
    "aws_batch_scheduling_policy": Resource(
        external_name=PROBED,
    ),
}
