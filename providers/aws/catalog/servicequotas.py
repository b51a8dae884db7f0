"""servicequotas: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_servicequotas_service_quota": Resource(
        external_name=PROBED,
    ),
    "aws_servicequotas_template": Resource(
        external_name=PROBED,
    ),
    "aws_servicequotas_template_association": Resource(
        external_name=PROBED,
    ),
}
