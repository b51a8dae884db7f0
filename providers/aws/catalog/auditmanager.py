"""auditmanager: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_auditmanager_account_registration": Resource(
        external_name=PROBED,
    ),
    "aws_auditmanager_assessment": Resource(
        external_name=PROBED,
    ),
    "aws_auditmanager_assessment_delegation": Resource(
        external_name=PROBED,
    ),
    "aws_auditmanager_assessment_report": Resource(
        external_name=PROBED,
    ),
    "aws_auditmanager_control": Resource(
        external_name=PROBED,
    ),
    "aws_auditmanager_framework": Resource(
        external_name=PROBED,
    ),
    "aws_auditmanager_framework_share": Resource(
        external_name=PROBED,
    ),
    "aws_auditmanager_organization_admin_account_registration": Resource(
        external_name=PROBED,
    ),
}
