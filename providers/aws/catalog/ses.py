"""ses: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_from_parameters, composite_id, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_ses_active_receipt_rule_set": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the rule set by name, which is the state id"
        ),
    ),
    "aws_ses_configuration_set": Resource(
        external_name=by_name(),
    ),
    "aws_ses_domain_dkim": Resource(
        external_name=by_name("domain"),
    ),
    "aws_ses_domain_identity": Resource(
        external_name=by_name("domain"),
    ),
    "aws_ses_domain_mail_from": Resource(
        external_name=PROBED,
        references={"domain": Reference("aws_ses_domain_identity")},
    ),
    "aws_ses_email_identity": Resource(
        external_name=PROBED,
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
    ),
    "aws_ses_identity_notification_topic": Resource(
        external_name=PROBED,
        references={"identity": Reference("aws_ses_domain_identity"), "topic_arn": Reference("aws_sns_topic", "arn")},
    ),
    "aws_ses_identity_policy": Resource(
        external_name=PROBED,
        references={"identity": Reference("aws_ses_domain_identity", "arn")},
    ),
    "aws_ses_receipt_filter": Resource(
        external_name=by_name(),
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
    ),
    "aws_ses_receipt_rule_set": Resource(
        external_name=PROBED,
    ),
    "aws_ses_template": Resource(
        external_name=by_name(),
    ),
}
