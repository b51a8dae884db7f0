"""mediapackage: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_media_package_channel": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "channelId": "kitten-channel",
                "description": "A channel dedicated to amusing videos of kittens.",
            }
        ),
    ),
}
