"""guardduty: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_guardduty_detector": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_filter": Resource(
        external_name=PROBED,
        references={"detector_id": Reference("aws_guardduty_detector")},
        example=Example(
            {
                "region": "us-east-1",
                "action": "ARCHIVE",
                "detectorIdRef": {"name": "example-detector"},
                "name": "example",
                "rank": 1,
                "findingCriteria": {
                    "criterion": [
                        {"equals": ["eu-west-1"], "field": "region"},
                        {
                            "field": "service.additionalInfo.threatListName",
                            "notEquals": ["some-threat", "another-threat"],
                        },
                        {
                            "field": "updatedAt",
                            "greaterThan": "2020-01-01T00:00:00Z",
                            "lessThan": "2020-02-01T00:00:00Z",
                        },
                        {"field": "severity", "greaterThanOrEqual": "4"},
                    ]
                },
            }
        ),
    ),
    "aws_guardduty_invite_accepter": Resource(
        external_name=PROBED,
    ),
    "aws_guardduty_ipset": Resource(
        external_name=PROBED,
        references={"detector_id": Reference("aws_guardduty_detector")},
        # A plain-text list (format TXT) in S3, given by its HTTPS URL.
        example=Example(
            {
                "region": "us-east-1",
                "activate": True,
                "detectorIdRef": {"name": "example-detector"},
                "format": "TXT",
                "location": "https://s3.amazonaws.com/example-bucket/ipset.txt",
                "name": "example-ipset",
            }
        ),
    ),
    "aws_guardduty_malware_protection_plan": Resource(
        external_name=PROBED,
        references={
            "protected_resource.s3_bucket.bucket_name": Reference("aws_s3_bucket"),
            "role": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "roleRef": {"name": "example-role"},
                "tags": {"Name": "example"},
                "protectedResource": [
                    {
                        "s3Bucket": [
                            {
                                "bucketNameRef": {"name": "example-bucket-tfbridge"},
                                "objectPrefixes": ["example1", "example2"],
                            }
                        ]
                    }
                ],
            }
        ),
    ),
    "aws_guardduty_member": Resource(
        external_name=PROBED,
        references={
            "account_id": Reference("aws_guardduty_detector", "account_id"),
            "detector_id": Reference("aws_guardduty_detector"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "accountIdRef": {"name": "example-detector"},
                "detectorIdRef": {"name": "example-detector"},
                "email": "required@example.com",
                "invitationMessage": "please accept guardduty invitation",
                "invite": True,
            }
        ),
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
        references={"detector_id": Reference("aws_guardduty_detector")},
        # A plain-text list (format TXT) in S3, given by its HTTPS URL.
        example=Example(
            {
                "region": "us-east-1",
                "activate": True,
                "detectorIdRef": {"name": "example-detector"},
                "format": "TXT",
                "location": "https://s3.amazonaws.com/example-bucket/threatintelset.txt",
                "name": "example-threatintelset",
            }
        ),
    ),
}
