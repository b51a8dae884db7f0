"""securityhub: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_securityhub_account": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_action_target": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "This is custom action sends selected findings to chat",
                # The identifier is alphanumeric, the name at most 20 characters.
                "identifier": "SendToChat",
                "name": "Send to chat",
            }
        ),
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
        example=Example({"region": "us-east-1", "linkingMode": "ALL_REGIONS"}),
    ),
    "aws_securityhub_insight": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "groupByAttribute": "AwsAccountId",
                "name": "example-insight",
                "filters": {
                    "awsAccountId": [
                        {"comparison": "EQUALS", "value": "1234567890"},
                        {"comparison": "EQUALS", "value": "09876543210"},
                    ]
                },
            }
        ),
    ),
    "aws_securityhub_invite_accepter": Resource(
        external_name=PROBED,
        references={"master_id": Reference("aws_securityhub_member", "master_id")},
        example=Example({"region": "us-east-1", "masterIdRef": {"name": "example-member"}}),
    ),
    "aws_securityhub_member": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "accountId": "123456789012", "email": "example@example.com", "invite": True}
        ),
    ),
    "aws_securityhub_organization_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_organization_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_securityhub_product_subscription": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "productArn": "arn:aws:iam::123456789012:role/example"}),
    ),
    "aws_securityhub_standards_subscription": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "standardsArn": "arn:aws:securityhub:::ruleset/cis-aws-foundations-benchmark/v/1.2.0",
            }
        ),
    ),
}
