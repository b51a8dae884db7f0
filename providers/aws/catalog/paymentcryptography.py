"""paymentcryptography: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_paymentcryptography_key": Resource(
        external_name=PROBED,
    ),
    "aws_paymentcryptography_key_alias": Resource(
        external_name=PROBED,
    ),
}
