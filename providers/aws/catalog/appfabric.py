"""appfabric: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_appfabric_app_authorization": Resource(
        external_name=PROBED,
    ),
    "aws_appfabric_app_bundle": Resource(
        external_name=PROBED,
    ),
    "aws_appfabric_ingestion": Resource(
        external_name=PROBED,
    ),
    "aws_appfabric_ingestion_destination": Resource(
        external_name=PROBED,
    ),
}
