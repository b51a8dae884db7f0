"""lexmodels: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, composite_id

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_lex_bot": Resource(
        external_name=by_name(),
    ),
    "aws_lex_bot_alias": Resource(
        external_name=composite_id("{{ .parameters.bot_name }}:{{ .external_name }}", argument="name").sourced(
            "probe",
            "expected BOT_NAME:BOT_ALIAS_NAME",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"bot_name": "partone", "name": "parttwo"},
                {"bot_name": "partone", "id": "partone:parttwo", "name": "parttwo"},
            ),
        ),
    ),
    "aws_lex_intent": Resource(
        external_name=by_name(),
    ),
    "aws_lex_slot_type": Resource(
        external_name=by_name(),
    ),
}
