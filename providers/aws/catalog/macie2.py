"""macie2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_macie2_account": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_classification_export_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_classification_job": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_custom_data_identifier": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_findings_filter": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_invitation_accepter": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_member": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_organization_admin_account": Resource(
        external_name=PROBED,
    ),
}
