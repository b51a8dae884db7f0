"""cleanrooms: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cleanrooms_collaboration": Resource(
        external_name=PROBED,
    ),
    "aws_cleanrooms_configured_table": Resource(
        external_name=PROBED,
    ),
    "aws_cleanrooms_membership": Resource(
        external_name=PROBED,
    ),
}
