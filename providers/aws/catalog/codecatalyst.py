"""codecatalyst: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codecatalyst_dev_environment": Resource(
        external_name=PROBED,
    ),
    "aws_codecatalyst_project": Resource(
        external_name=PROBED,
    ),
    "aws_codecatalyst_source_repository": Resource(
        external_name=PROBED,
    ),
}
