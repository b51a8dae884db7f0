"""chimesdkmediapipelines: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_chimesdkmediapipelines_media_insights_pipeline_configuration": Resource(
        external_name=PROBED,
    ),
}
