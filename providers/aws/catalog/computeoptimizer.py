"""computeoptimizer: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_computeoptimizer_enrollment_status": Resource(
        external_name=PROBED,
    ),
    "aws_computeoptimizer_recommendation_preferences": Resource(
        external_name=PROBED,
    ),
}
