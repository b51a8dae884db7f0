"""ssmcontacts: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ssmcontacts_contact": Resource(
        external_name=PROBED,
    ),
    "aws_ssmcontacts_contact_channel": Resource(
        external_name=PROBED,
    ),
    "aws_ssmcontacts_plan": Resource(
        external_name=PROBED,
    ),
    "aws_ssmcontacts_rotation": Resource(
        external_name=PROBED,
    ),
}
