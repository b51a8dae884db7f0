"""datapipeline: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_datapipeline_pipeline": Resource(
        external_name=PROBED,
    ),
    "aws_datapipeline_pipeline_definition": Resource(
        external_name=PROBED,
    ),
}
