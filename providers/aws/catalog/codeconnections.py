"""codeconnections: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codeconnections_connection": Resource(
        external_name=PROBED,
    ),
    "aws_codeconnections_host": Resource(
        external_name=PROBED,
    ),
}
