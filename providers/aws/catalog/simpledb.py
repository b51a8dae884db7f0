"""simpledb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_simpledb_domain": Resource(
        external_name=by_name(),
    ),
}
