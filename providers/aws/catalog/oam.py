"""oam: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_oam_link": Resource(
        external_name=PROBED,
    ),
    "aws_oam_sink": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "ExampleSink", "tags": {"Env": "prod"}}),
    ),
    "aws_oam_sink_policy": Resource(
        external_name=PROBED,
    ),
}
