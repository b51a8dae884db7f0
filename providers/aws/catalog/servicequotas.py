"""servicequotas: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_servicequotas_service_quota": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "quotaCode": "L-F678F1CE", "serviceCode": "vpc", "value": 75}),
    ),
    "aws_servicequotas_template": Resource(
        external_name=PROBED,
    ),
    "aws_servicequotas_template_association": Resource(
        external_name=PROBED,
    ),
}
