"""transfer: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_transfer_access": Resource(
        external_name=PROBED,
        references={"role": Reference("aws_iam_role", "arn"), "server_id": Reference("aws_transfer_server")},
        # Access for a directory group (its security identifier) to the example server, which uses a
        # directory for its users; the role is the one the server assumes for the group's S3 access.
        example=Example(
            {
                "region": "us-east-1",
                "externalId": "S-1-1-12-1234567890-123456789-1234567890-1234",
                "homeDirectory": "/example-bucket/home",
                "roleRef": {"name": "example-role"},
                "serverIdRef": {"name": "example-server"},
            }
        ),
    ),
    "aws_transfer_agreement": Resource(
        external_name=PROBED,
    ),
    "aws_transfer_certificate": Resource(
        external_name=PROBED,
    ),
    "aws_transfer_connector": Resource(
        external_name=PROBED,
        references={
            "access_role": Reference("aws_iam_role", "arn"),
            "sftp_config.user_secret_id": Reference("aws_secretsmanager_secret"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "accessRoleRef": {"name": "example-role"},
                "url": "http://www.test.com",
                "as2Config": {
                    "compression": "DISABLED",
                    # The provider's own documentation writes AWS128_CBC, which its validation refuses.
                    "encryptionAlgorithm": "AES128_CBC",
                    "localProfileId": "example",
                    "mdnResponse": "NONE",
                    "mdnSigningAlgorithm": "NONE",
                    "messageSubject": "For Connector",
                    "partnerProfileId": "example",
                    "signingAlgorithm": "NONE",
                },
            }
        ),
    ),
    "aws_transfer_profile": Resource(
        external_name=PROBED,
        # An AS2 partner profile, named by the partner's AS2 identifier.
        example=Example({"region": "us-east-1", "as2Id": "example-partner", "profileType": "PARTNER"}),
    ),
    "aws_transfer_server": Resource(
        external_name=PROBED,
        references={
            "certificate": Reference("aws_acm_certificate", "arn"),
            "directory_id": Reference("aws_directory_service_directory"),
            "endpoint_details.address_allocation_ids": Reference("aws_eip"),
            "endpoint_details.subnet_ids": Reference("aws_subnet"),
            "endpoint_details.vpc_id": Reference("aws_vpc"),
            "logging_role": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_transfer_ssh_key": Resource(
        external_name=PROBED,
        references={"server_id": Reference("aws_transfer_server"), "user_name": Reference("aws_transfer_user")},
        example=Example(
            {
                "region": "us-east-1",
                "body": "example",
                "serverIdRef": {"name": "example-server"},
                "userNameRef": {"name": "example-user"},
            }
        ),
    ),
    "aws_transfer_tag": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_transfer_server", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "key": "transfer:route53HostedZoneId",
                "resourceArnRef": {"name": "example-server"},
                "value": "/hostedzone/MyHostedZoneId",
            }
        ),
    ),
    "aws_transfer_user": Resource(
        external_name=PROBED,
        references={"role": Reference("aws_iam_role", "arn"), "server_id": Reference("aws_transfer_server")},
        example=Example(
            {
                "region": "us-east-1",
                "homeDirectoryType": "LOGICAL",
                "roleRef": {"name": "example-role"},
                "serverIdRef": {"name": "example-server"},
                "userName": "example",
                "homeDirectoryMappings": [{"entry": "/test.pdf", "target": "/bucket3/test-path/tftestuser.pdf"}],
            }
        ),
    ),
    "aws_transfer_workflow": Resource(
        external_name=PROBED,
        references={"steps.custom_step_details.target": Reference("aws_lambda_function", "arn")},
        example=Example(
            {"region": "us-east-1", "steps": [{"type": "DELETE", "deleteStepDetails": {"name": "example"}}]}
        ),
    ),
}
