"""media: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_media_packagev2_channel_group": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
}
