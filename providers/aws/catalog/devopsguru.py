"""devopsguru: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_devopsguru_event_sources_config": Resource(
        external_name=PROBED,
    ),
    "aws_devopsguru_notification_channel": Resource(
        external_name=PROBED,
    ),
    "aws_devopsguru_resource_collection": Resource(
        # Its "tags" block selects resources by tag: it is not the collection's own tags.
        tagged=False,
        external_name=PROBED,
        # All of the account's resources: type AWS_SERVICE with every stack ("*"), as the provider documents it.
        example=Example({"region": "us-east-1", "type": "AWS_SERVICE", "cloudformation": [{"stackNames": ["*"]}]}),
    ),
    "aws_devopsguru_service_integration": Resource(
        external_name=PROBED,
    ),
}
