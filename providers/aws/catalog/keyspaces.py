"""keyspaces: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_keyspaces_keyspace": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_keyspaces_table": Resource(
        external_name=PROBED,
        references={"keyspace_name": Reference("aws_keyspaces_keyspace")},
        example=Example(
            {
                "region": "us-east-1",
                "keyspaceNameRef": {"name": "example-keyspace"},
                "tableName": "my_table",
                "schemaDefinition": {
                    "column": [{"name": "Message", "type": "ASCII"}],
                    "partitionKey": [{"name": "Message"}],
                },
            }
        ),
    ),
}
