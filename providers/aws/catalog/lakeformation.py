"""lakeformation: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_lakeformation_data_cells_filter": Resource(
        external_name=PROBED,
    ),
    "aws_lakeformation_data_lake_settings": Resource(
        external_name=PROBED,
        references={"admins": Reference("aws_iam_user", "arn")},
    ),
    "aws_lakeformation_lf_tag": Resource(
        external_name=PROBED,
    ),
}
