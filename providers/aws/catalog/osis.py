"""osis: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_osis_pipeline": Resource(
        external_name=by_name("pipeline_name"),
        example=Example({"region": "us-east-1", "maxUnits": 1, "minUnits": 1, "pipelineConfigurationBody": "example"}),
    ),
}
