"""notifications: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_notifications_event_rule": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
    "aws_notifications_notification_configuration": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
    "aws_notifications_notification_hub": Resource(
        external_name=attribute_as_identifier("notification_hub_region").sourced(
            "probe", "the importer takes the value of notification_hub_region"
        ),
    ),
}
