"""m2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_m2_application": Resource(
        external_name=PROBED,
    ),
    "aws_m2_deployment": Resource(
        external_name=PROBED,
    ),
    "aws_m2_environment": Resource(
        external_name=PROBED,
    ),
}
