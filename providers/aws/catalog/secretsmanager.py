"""secretsmanager: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_secretsmanager_secret_policy": Resource(
        external_name=PROBED,
        references={"secret_arn": Reference("aws_secretsmanager_secret", "arn")},
    ),
    "aws_secretsmanager_secret_rotation": Resource(
        external_name=PROBED,
        references={
            "rotation_lambda_arn": Reference("aws_lambda_function", "arn"),
            "secret_id": Reference("aws_secretsmanager_secret"),
        },
    ),
    "aws_secretsmanager_secret_version": Resource(
        external_name=PROBED,
        references={"secret_id": Reference("aws_secretsmanager_secret")},
    ),
}
