"""securityhub: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_securityhub_account": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_action_target": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_automation_rule": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_configuration_policy": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_configuration_policy_association": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_finding_aggregator": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_insight": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_invite_accepter": Resource(
        external_name=PROBED,
        references={"master_id": Reference("aws_securityhub_member", "master_id")},
    ),
    "aws_securityhub_member": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_organization_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_organization_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_product_subscription": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_standards_subscription": Resource(
        external_name=PROBED,
    ),
}
