"""ses: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    Example,
    IDExample,
    Reference,
    Resource,
    composite_from_parameters,
    composite_id,
    identifier_from_provider,
)

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_ses_active_receipt_rule_set": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the rule set by name, which is the state id"
        ),
        references={"rule_set_name": Reference("aws_ses_receipt_rule_set", "rule_set_name")},
        # The example rule set made the active one.
        example=Example({"region": "us-east-1", "ruleSetNameRef": {"name": "example-receiptruleset"}}),
    ),
    "aws_ses_configuration_set": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_ses_domain_dkim": Resource(
        external_name=by_name("domain"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_ses_domain_identity": Resource(
        external_name=by_name("domain"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_ses_domain_mail_from": Resource(
        external_name=PROBED,
        references={"domain": Reference("aws_ses_domain_identity")},
        example=Example(
            {"region": "us-east-1", "domainRef": {"name": "example-domainidentity"}, "mailFromDomain": "example"}
        ),
    ),
    "aws_ses_email_identity": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "email": "email@example.com"}),
    ),
    "aws_ses_event_destination": Resource(
        external_name=composite_id(
            "{{ .parameters.configuration_set_name }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe",
            "expected configuration-set-name/event-destination-name",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"configuration_set_name": "partone", "name": "parttwo"},
                {"configuration_set_name": "partone", "id": "parttwo", "name": "parttwo"},
            ),
        ),
        references={
            "configuration_set_name": Reference("aws_ses_configuration_set"),
            "kinesis_destination.role_arn": Reference("aws_iam_role", "arn"),
            "kinesis_destination.stream_arn": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "sns_destination.topic_arn": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "configurationSetNameRef": {"name": "example-configurationset"},
                "enabled": True,
                "matchingTypes": ["bounce", "send"],
                "cloudwatchDestination": [
                    {"defaultValue": "default", "dimensionName": "dimension", "valueSource": "emailHeader"}
                ],
            }
        ),
    ),
    "aws_ses_identity_notification_topic": Resource(
        external_name=PROBED,
        references={"identity": Reference("aws_ses_domain_identity"), "topic_arn": Reference("aws_sns_topic", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "identityRef": {"name": "example-domainidentity"},
                "includeOriginalHeaders": True,
                "notificationType": "Bounce",
                "topicArnRef": {"name": "example-topic"},
            }
        ),
    ),
    "aws_ses_identity_policy": Resource(
        external_name=PROBED,
        references={"identity": Reference("aws_ses_domain_identity", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "identityRef": {"name": "example-domainidentity"},
                "name": "example",
                # A sending authorization policy: another account may send as this identity.
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":'
                '"arn:aws:iam::111122223333:root"},"Action":["ses:SendEmail","ses:SendRawEmail"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_ses_receipt_filter": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "cidr": "10.10.10.10", "policy": "Block"}),
    ),
    "aws_ses_receipt_rule": Resource(
        external_name=composite_from_parameters(":", "rule_set_name", "name").sourced(
            "probe",
            "expected <ruleset-name>:<rule-name>",
            IDExample(
                "partone:parttwo",
                "partone:parttwo",
                {"name": "parttwo", "rule_set_name": "partone"},
                {"id": "parttwo", "name": "parttwo", "rule_set_name": "partone"},
            ),
        ),
        references={"rule_set_name": Reference("aws_ses_receipt_rule_set", "rule_set_name")},
        # A rule in the example rule set that only adds a header to the mail it receives.
        example=Example(
            {
                "region": "us-east-1",
                "enabled": True,
                "name": "add-header",
                "recipients": ["karen@example.com"],
                "ruleSetNameRef": {"name": "example-receiptruleset"},
                "scanEnabled": True,
                "addHeaderAction": [{"headerName": "Custom-Header", "headerValue": "Added by SES", "position": 1}],
            }
        ),
    ),
    "aws_ses_receipt_rule_set": Resource(
        external_name=PROBED,
        # A name the conformance runner makes its own per run (it holds ``example``).
        example=Example({"region": "us-east-1", "ruleSetName": "example-rules"}),
    ),
    "aws_ses_template": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "html": "<h1>Hello {{name}},</h1><p>Your favorite animal is {{favoriteanimal}}.</p>",
                "subject": "Greetings, {{name}}!",
                # Lines end in LF: moto, answering in XML, gives a CRLF back as LF.
                "text": "Hello {{name}},\nYour favorite animal is {{favoriteanimal}}.",
            }
        ),
    ),
}
