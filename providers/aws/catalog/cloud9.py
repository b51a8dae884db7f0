"""cloud9: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cloud9_environment_ec2": Resource(
        external_name=PROBED,
        references={"subnet_id": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "imageId": "amazonlinux-2023-x86_64",
                "instanceType": "t2.micro",
                "name": "example-env",
            }
        ),
    ),
    "aws_cloud9_environment_membership": Resource(
        external_name=PROBED,
        references={
            "environment_id": Reference("aws_cloud9_environment_ec2"),
            "user_arn": Reference("aws_iam_user", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "environmentIdRef": {"name": "example-environmentec2"},
                "permissions": "read-only",
                "userArnRef": {"name": "example-user"},
            }
        ),
    ),
}
