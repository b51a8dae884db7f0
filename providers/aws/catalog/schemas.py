"""schemas: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_schemas_discoverer": Resource(
        external_name=PROBED,
        references={"source_arn": Reference("aws_cloudwatch_event_bus", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Auto discover event schemas",
                "sourceArnRef": {"name": "example-bus"},
            }
        ),
    ),
    "aws_schemas_registry": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "description": "A custom schema registry"}),
    ),
    "aws_schemas_registry_policy": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by registry_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_schemas_schema": Resource(
        external_name=PROBED,
        references={"registry_name": Reference("aws_schemas_registry")},
        example=Example(
            {
                "region": "us-east-1",
                "content": "example",
                "description": "The schema definition for my event",
                "name": "my_schema",
                "registryNameRef": {"name": "example-registry"},
                "type": "OpenApi3",
            }
        ),
    ),
}
