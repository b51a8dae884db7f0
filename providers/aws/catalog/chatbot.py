"""chatbot: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_chatbot_slack_channel_configuration": Resource(
        external_name=attribute_as_identifier("chat_configuration_arn").sourced(
            "probe", "the importer takes the value of chat_configuration_arn"
        ),
    ),
    "aws_chatbot_teams_channel_configuration": Resource(
        external_name=attribute_as_identifier("team_id").sourced("probe", "the importer takes the value of team_id"),
    ),
}
