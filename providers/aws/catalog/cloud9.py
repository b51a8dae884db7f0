"""cloud9: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cloud9_environment_ec2": Resource(
        external_name=PROBED,
        references={"subnet_id": Reference("aws_subnet")},
    ),
    "aws_cloud9_environment_membership": Resource(
        external_name=PROBED,
        references={
            "environment_id": Reference("aws_cloud9_environment_ec2"),
            "user_arn": Reference("aws_iam_user", "arn"),
        },
    ),
}
