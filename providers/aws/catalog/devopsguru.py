"""devopsguru: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_devopsguru_event_sources_config": Resource(
        external_name=PROBED,
    ),
    "aws_devopsguru_notification_channel": Resource(
        external_name=PROBED,
    ),
    "aws_devopsguru_resource_collection": Resource(
        external_name=PROBED,
    ),
    "aws_devopsguru_service_integration": Resource(
        external_name=PROBED,
    ),
}
