"""guardduty: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_guardduty_detector": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_filter": Resource(
        external_name=PROBED,
        references={"detector_id": Reference("aws_guardduty_detector")},
    ),
    "aws_guardduty_invite_accepter": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_ipset": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_malware_protection_plan": Resource(
        external_name=PROBED,
        references={
            "protected_resource.s3_bucket.bucket_name": Reference("aws_s3_bucket"),
            "role": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_guardduty_member": Resource(
        external_name=PROBED,
        references={
            "account_id": Reference("aws_guardduty_detector", "account_id"),
            "detector_id": Reference("aws_guardduty_detector"),
        },
    ),
    "aws_guardduty_organization_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_organization_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_publishing_destination": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_threatintelset": Resource(
        external_name=PROBED,
    ),
}
