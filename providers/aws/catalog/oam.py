"""oam: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_oam_link": Resource(
        external_name=PROBED,
        references={"sink_identifier": Reference("aws_oam_sink", "arn")},
        # The account shares its metrics with the example sink, labelled by the account's name.
        example=Example(
            {
                "region": "us-east-1",
                "labelTemplate": "$AccountName",
                "resourceTypes": ["AWS::CloudWatch::Metric"],
                "sinkIdentifierRef": {"name": "example-sink"},
            }
        ),
    ),
    "aws_oam_sink": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "ExampleSink", "tags": {"Env": "prod"}}),
    ),
    "aws_oam_sink_policy": Resource(
        external_name=PROBED,
    ),
}
