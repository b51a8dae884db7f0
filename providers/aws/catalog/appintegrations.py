"""appintegrations: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_appintegrations_data_integration": Resource(
        external_name=PROBED,
    ),
    "aws_appintegrations_event_integration": Resource(
        external_name=by_name(),
    ),
}
