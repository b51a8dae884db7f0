"""cloudhsm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_cloudhsm_v2_cluster": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
    "aws_cloudhsm_v2_hsm": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
}
