"""sfn: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_sfn_activity": Resource(
        external_name=PROBED,
        references={"encryption_configuration.kms_key_id": Reference("aws_kms_key", "arn")},
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_sfn_alias": Resource(
        external_name=PROBED,
    ),
    "aws_sfn_state_machine": Resource(
        external_name=PROBED,
        references={
            "encryption_configuration.kms_key_id": Reference("aws_kms_key", "arn"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example({"region": "us-east-1", "definition": "example", "roleArnRef": {"name": "example-role"}}),
    ),
}
