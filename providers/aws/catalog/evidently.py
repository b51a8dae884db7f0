"""evidently: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_evidently_feature": Resource(
        external_name=PROBED,
        references={"project": Reference("aws_evidently_project", "name")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "example description",
                "name": "example",
                "projectRef": {"name": "example-project"},
                "tags": {"Key1": "example Feature"},
                "variations": [{"name": "Variation1", "value": {"stringValue": "example"}}],
            }
        ),
    ),
    "aws_evidently_launch": Resource(
        external_name=PROBED,
    ),
    "aws_evidently_project": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example Description",
                "name": "Example",
                "tags": {"Key1": "example Project"},
            }
        ),
    ),
    "aws_evidently_segment": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "pattern": '{"Price":[{"numeric":[">",10,"<=",20]}]}',
                "tags": {"Key1": "example Segment"},
            }
        ),
    ),
}
