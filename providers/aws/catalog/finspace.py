"""finspace: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_finspace_kx_cluster": Resource(
        external_name=PROBED,
    ),
    "aws_finspace_kx_database": Resource(
        external_name=PROBED,
    ),
    "aws_finspace_kx_dataview": Resource(
        external_name=PROBED,
    ),
    "aws_finspace_kx_environment": Resource(
        external_name=PROBED,
    ),
    "aws_finspace_kx_scaling_group": Resource(
        external_name=PROBED,
    ),
    "aws_finspace_kx_user": Resource(
        external_name=PROBED,
    ),
    "aws_finspace_kx_volume": Resource(
        external_name=PROBED,
    ),
}
