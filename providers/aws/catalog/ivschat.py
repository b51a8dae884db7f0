"""ivschat: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ivschat_logging_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_ivschat_room": Resource(
        external_name=PROBED,
    ),
}
