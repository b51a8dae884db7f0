"""lb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_lb_trust_store_revocation": Resource(
        external_name=PROBED,
    ),
}
