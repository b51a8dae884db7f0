"""sesv2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_sesv2_account_suppression_attributes": Resource(
        external_name=PROBED,
        # Addresses that bounced or complained are added to the account's suppression list.
        example=Example({"region": "us-east-1", "suppressedReasons": ["BOUNCE", "COMPLAINT"]}),
    ),
    "aws_sesv2_account_vdm_attributes": Resource(
        external_name=PROBED,
        # Virtual Deliverability Manager on, for the whole account.
        example=Example({"region": "us-east-1", "vdmEnabled": "ENABLED"}),
    ),
    "aws_sesv2_configuration_set": Resource(
        external_name=by_name("configuration_set_name"),
        example=Example(
            {
                "region": "us-east-1",
                "deliveryOptions": {"maxDeliverySeconds": 300, "tlsPolicy": "REQUIRE"},
                "reputationOptions": {"reputationMetricsEnabled": False},
                "sendingOptions": {"sendingEnabled": True},
                "suppressionOptions": {"suppressedReasons": ["BOUNCE", "COMPLAINT"]},
                "trackingOptions": {"customRedirectDomain": "example.com", "httpsPolicy": "REQUIRE"},
            }
        ),
    ),
    "aws_sesv2_configuration_set_event_destination": Resource(
        external_name=PROBED,
        references={
            "configuration_set_name": Reference("aws_sesv2_configuration_set"),
            "event_destination.kinesis_firehose_destination.delivery_stream_arn": Reference(
                "aws_kinesis_firehose_delivery_stream", "arn"
            ),
            "event_destination.kinesis_firehose_destination.iam_role_arn": Reference("aws_iam_role", "arn"),
            "event_destination.pinpoint_destination.application_arn": Reference("aws_pinpoint_app", "arn"),
            "event_destination.sns_destination.topic_arn": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "configurationSetNameRef": {"name": "example-configurationset"},
                "eventDestinationName": "example",
                "eventDestination": {
                    "enabled": True,
                    "matchingEventTypes": ["SEND"],
                    "cloudWatchDestination": {
                        "dimensionConfiguration": [
                            {
                                "defaultDimensionValue": "example",
                                "dimensionName": "example",
                                "dimensionValueSource": "MESSAGE_TAG",
                            }
                        ]
                    },
                },
            }
        ),
    ),
    "aws_sesv2_contact_list": Resource(
        external_name=PROBED,
    ),
    "aws_sesv2_dedicated_ip_assignment": Resource(
        external_name=PROBED,
    ),
    "aws_sesv2_dedicated_ip_pool": Resource(
        external_name=by_name("pool_name"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_sesv2_email_identity": Resource(
        external_name=by_name("email_identity"),
        references={"configuration_set_name": Reference("aws_sesv2_configuration_set")},
        example=Example({"region": "us-east-1"}),
    ),
    "aws_sesv2_email_identity_feedback_attributes": Resource(
        external_name=by_name("email_identity"),
        example=Example({"region": "us-east-1", "emailForwardingEnabled": True}),
    ),
    "aws_sesv2_email_identity_mail_from_attributes": Resource(
        external_name=by_name("email_identity"),
        example=Example({"region": "us-east-1", "behaviorOnMxFailure": "REJECT_MESSAGE"}),
    ),
    "aws_sesv2_email_identity_policy": Resource(
        external_name=PROBED,
        # The identity's observed name: its external name is known before the identity exists.
        references={"email_identity": Reference("aws_sesv2_email_identity", "email_identity")},
        example=Example(
            {
                "region": "us-east-1",
                "emailIdentityRef": {"name": "example-emailidentity"},
                "policyName": "example",
                # A sending authorization policy: another account may send as this identity.
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":'
                '"arn:aws:iam::111122223333:root"},"Action":["ses:SendEmail","ses:SendRawEmail"],"Resource":"*"}]}',
            }
        ),
    ),
}
