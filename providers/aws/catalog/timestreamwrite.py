"""timestreamwrite: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_timestreamwrite_database": Resource(
        external_name=by_name("database_name"),
        references={"kms_key_id": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1"}),
    ),
    "aws_timestreamwrite_table": Resource(
        external_name=PROBED,
        references={"database_name": Reference("aws_timestreamwrite_database")},
        example=Example(
            {"region": "us-east-1", "databaseNameRef": {"name": "example-database"}, "tableName": "example"}
        ),
    ),
}
