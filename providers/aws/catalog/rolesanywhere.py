"""rolesanywhere: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_rolesanywhere_profile": Resource(
        external_name=PROBED,
        references={"role_arns": Reference("aws_iam_role", "arn")},
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_rolesanywhere_trust_anchor": Resource(
        external_name=PROBED,
    ),
}
