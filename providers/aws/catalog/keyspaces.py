"""keyspaces: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_keyspaces_keyspace": Resource(
        external_name=by_name(),
    ),
    "aws_keyspaces_table": Resource(
        external_name=PROBED,
        references={"keyspace_name": Reference("aws_keyspaces_keyspace")},
    ),
}
