"""resourcegroups: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_resourcegroups_group": Resource(
        external_name=by_name(),
    ),
    "aws_resourcegroups_resource": Resource(
        external_name=PROBED,
    ),
}
