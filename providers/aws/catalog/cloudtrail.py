"""cloudtrail: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cloudtrail": Resource(
        external_name=PROBED,
        references={
            "cloud_watch_logs_role_arn": Reference("aws_iam_role", "arn"),
            "kms_key_id": Reference("aws_kms_key"),
            "s3_bucket_name": Reference("aws_s3_bucket"),
        },
    ),
    "aws_cloudtrail_event_data_store": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
    ),
    "aws_cloudtrail_organization_delegated_admin_account": Resource(
        external_name=PROBED,
    ),
}
