"""worklink: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_worklink_fleet": Resource(
        external_name=PROBED,
    ),
    "aws_worklink_website_certificate_authority_association": Resource(
        external_name=PROBED,
    ),
}
