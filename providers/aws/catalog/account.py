"""account: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_account_alternate_contact": Resource(
        external_name=PROBED,
    ),
    "aws_account_primary_contact": Resource(
        external_name=PROBED,
    ),
    "aws_account_region": Resource(
        external_name=PROBED,
    ),
}
