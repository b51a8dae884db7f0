"""macie2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_macie2_account": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_classification_export_configuration": Resource(
        external_name=PROBED,
        references={
            "s3_destination.bucket_name": Reference("aws_s3_bucket"),
            "s3_destination.kms_key_arn": Reference("aws_kms_key", "arn"),
        },
        # Findings are exported to the example bucket, encrypted with the example key.
        example=Example(
            {
                "region": "us-east-1",
                "s3Destination": {
                    "bucketNameRef": {"name": "example-bucket-tfbridge"},
                    "keyPrefix": "macie/",
                    "kmsKeyArnRef": {"name": "example-key"},
                },
            }
        ),
    ),
    "aws_macie2_classification_job": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "jobType": "ONE_TIME",
                "name": "example-classification-job",
                "s3JobDefinition": {
                    "bucketDefinitions": [{"accountId": "123456789012", "buckets": ["example-bucket"]}]
                },
            }
        ),
    ),
    "aws_macie2_custom_data_identifier": Resource(
        external_name=PROBED,
    ),
    "aws_macie2_findings_filter": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "action": "ARCHIVE",
                "description": "DESCRIPTION",
                "name": "NAME OF THE FINDINGS FILTER",
                "position": 1,
                "findingCriteria": {"criterion": [{"eq": ["${data.aws_region.current.region}"], "field": "region"}]},
            }
        ),
    ),
    "aws_macie2_invitation_accepter": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "administratorAccountId": "111122223333"}),
    ),
    "aws_macie2_member": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "accountId": "111122223333",
                "email": "security@example.com",
                "invitationDisableEmailNotification": True,
                "invitationMessage": "Message of the invitation",
                "invite": True,
            }
        ),
    ),
    "aws_macie2_organization_admin_account": Resource(
        external_name=PROBED,
    ),
}
