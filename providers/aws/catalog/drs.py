"""drs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_drs_replication_configuration_template": Resource(
        external_name=PROBED,
    ),
}
