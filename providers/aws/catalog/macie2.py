"""macie2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

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
        example=Example(
            {
                "region": "us-east-1",
                "jobType": "ONE_TIME",
                "name": "NAME OF THE CLASSIFICATION JOB",
                "s3JobDefinition": {"bucketDefinitions": [{"accountId": "ACCOUNT ID", "buckets": ["S3 BUCKET NAME"]}]},
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
        example=Example({"region": "us-east-1", "administratorAccountId": "ADMINISTRATOR ACCOUNT ID"}),
    ),
    "aws_macie2_member": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "accountId": "AWS ACCOUNT ID",
                "email": "EMAIL",
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
