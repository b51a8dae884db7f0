"""inspector2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_inspector2_delegated_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_inspector2_filter": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
    "aws_inspector2_member_association": Resource(
        external_name=PROBED,
    ),
}
