"""pinpoint: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_pinpoint_adm_channel": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_apns_channel": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_apns_sandbox_channel": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_apns_voip_channel": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_apns_voip_sandbox_channel": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_app": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_baidu_channel": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_email_channel": Resource(
        external_name=PROBED,
        references={"application_id": Reference("aws_pinpoint_app", "application_id")},
        # The example app sends mail from a verified SES identity, named by its ARN.
        example=Example(
            {
                "region": "us-east-1",
                "applicationIdRef": {"name": "example-app"},
                "fromAddress": "noreply@example.com",
                "identity": "arn:aws:ses:us-east-1:123456789012:identity/example.com",
            }
        ),
    ),
    "aws_pinpoint_email_template": Resource(
        external_name=attribute_as_identifier("template_name").sourced(
            "probe", "the importer takes the value of template_name"
        ),
    ),
    "aws_pinpoint_event_stream": Resource(
        external_name=PROBED,
        references={
            "application_id": Reference("aws_pinpoint_app", "application_id"),
            "destination_stream_arn": Reference("aws_kinesis_stream", "arn"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        # The example app's events go to the example Kinesis stream, written by the example role.
        example=Example(
            {
                "region": "us-east-1",
                "applicationIdRef": {"name": "example-app"},
                "destinationStreamArnRef": {"name": "example-stream"},
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_pinpoint_gcm_channel": Resource(
        external_name=PROBED,
    ),
    "aws_pinpoint_sms_channel": Resource(
        external_name=PROBED,
        references={"application_id": Reference("aws_pinpoint_app", "application_id")},
        example=Example({"region": "us-east-1", "applicationIdRef": {"name": "example-app"}}),
    ),
}
