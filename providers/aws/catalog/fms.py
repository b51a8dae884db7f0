"""fms: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_fms_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_fms_policy": Resource(
        external_name=PROBED,
    ),
    "aws_fms_resource_set": Resource(
        external_name=PROBED,
    ),
}
