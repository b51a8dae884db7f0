"""datapipeline: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_datapipeline_pipeline": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "tf-pipeline-default"}),
    ),
    "aws_datapipeline_pipeline_definition": Resource(
        external_name=PROBED,
    ),
}
