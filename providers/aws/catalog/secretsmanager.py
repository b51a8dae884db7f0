"""secretsmanager: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_secretsmanager_secret_policy": Resource(
        external_name=PROBED,
        references={"secret_arn": Reference("aws_secretsmanager_secret", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "secretArnRef": {"name": "example-secret"},
            }
        ),
    ),
    "aws_secretsmanager_secret_rotation": Resource(
        external_name=PROBED,
        references={
            "rotation_lambda_arn": Reference("aws_lambda_function", "arn"),
            "secret_id": Reference("aws_secretsmanager_secret"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "rotationLambdaArnRef": {"name": "example-function"},
                "secretIdRef": {"name": "example-secret"},
                "rotationRules": {"automaticallyAfterDays": 30},
            }
        ),
    ),
    "aws_secretsmanager_secret_version": Resource(
        external_name=PROBED,
        references={"secret_id": Reference("aws_secretsmanager_secret")},
        # The value is sensitive: read from a Kubernetes Secret, never written in the spec.
        example=Example(
            {
                "region": "us-east-1",
                "secretIdRef": {"name": "example-secret"},
                "secretStringSecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
            }
        ),
    ),
}
