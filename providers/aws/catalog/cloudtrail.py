"""cloudtrail: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cloudtrail": Resource(
        external_name=PROBED,
        references={
            "cloud_watch_logs_role_arn": Reference("aws_iam_role", "arn"),
            "kms_key_id": Reference("aws_kms_key"),
            # The bucket name as observed: the external name is known before the bucket exists.
            "s3_bucket_name": Reference("aws_s3_bucket", "bucket"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "includeGlobalServiceEvents": False,
                "name": "example",
                "s3BucketNameRef": {"name": "example-bucket-tfbridge"},
                "s3KeyPrefix": "prefix",
            }
        ),
    ),
    "aws_cloudtrail_event_data_store": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1", "name": "example-event-data-store"}),
    ),
    "aws_cloudtrail_organization_delegated_admin_account": Resource(
        external_name=PROBED,
    ),
}
