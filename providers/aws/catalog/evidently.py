"""evidently: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_evidently_feature": Resource(
        external_name=PROBED,
        references={"project": Reference("aws_evidently_project", "name")},
    ),
    "aws_evidently_launch": Resource(
        external_name=PROBED,
    ),
    "aws_evidently_project": Resource(
        external_name=PROBED,
    ),
    "aws_evidently_segment": Resource(
        external_name=PROBED,
    ),
}
