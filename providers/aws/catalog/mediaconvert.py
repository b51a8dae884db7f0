"""mediaconvert: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_media_convert_queue": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1"}),
    ),
}
