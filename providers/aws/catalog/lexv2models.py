"""lexv2models: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_lexv2models_bot": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        # Lex requires the COPPA answer (data_privacy) and a session timeout between 60 and 86,400 seconds.
        example=Example(
            {
                "region": "us-east-1",
                "dataPrivacy": [{"childDirected": False}],
                "idleSessionTtlInSeconds": 300,
                "name": "example",
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_lexv2models_bot_locale": Resource(
        external_name=PROBED,
    ),
    "aws_lexv2models_bot_version": Resource(
        external_name=PROBED,
        references={"bot_id": Reference("aws_lexv2models_bot")},
        # Version 1 of the example bot, made from its draft in US English.
        example=Example(
            {
                "region": "us-east-1",
                "botIdRef": {"name": "example-bot"},
                "localeSpecification": {"en_US": {"sourceBotVersion": "DRAFT"}},
            }
        ),
    ),
    "aws_lexv2models_intent": Resource(
        external_name=PROBED,
    ),
    "aws_lexv2models_slot": Resource(
        external_name=PROBED,
    ),
    "aws_lexv2models_slot_type": Resource(
        external_name=PROBED,
    ),
}
