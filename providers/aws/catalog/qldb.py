"""qldb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_qldb_ledger": Resource(
        external_name=by_name(),
        references={"kms_key": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1", "permissionsMode": "STANDARD"}),
    ),
}
