"""rekognition: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_rekognition_collection": Resource(
        external_name=PROBED,
    ),
    "aws_rekognition_project": Resource(
        external_name=PROBED,
    ),
    "aws_rekognition_stream_processor": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
}
