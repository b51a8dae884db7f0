"""computeoptimizer: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_computeoptimizer_enrollment_status": Resource(
        external_name=PROBED,
        # Status: Active or Inactive (the provider's validation).
        example=Example({"region": "us-east-1", "status": "Active"}),
    ),
    "aws_computeoptimizer_recommendation_preferences": Resource(
        external_name=PROBED,
    ),
}
