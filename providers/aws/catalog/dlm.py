"""dlm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_dlm_lifecycle_policy": Resource(
        external_name=PROBED,
        references={
            "execution_role_arn": Reference("aws_iam_role", "arn"),
            "policy_details.schedule.cross_region_copy_rule.cmk_arn": Reference("aws_kms_key", "arn"),
        },
    ),
}
