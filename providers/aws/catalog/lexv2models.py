"""lexv2models: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_lexv2models_bot": Resource(
        external_name=PROBED,
    ),
    "aws_lexv2models_bot_locale": Resource(
        external_name=PROBED,
    ),
    "aws_lexv2models_bot_version": Resource(
        external_name=PROBED,
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
