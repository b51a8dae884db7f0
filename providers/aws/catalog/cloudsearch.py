"""cloudsearch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudsearch_domain": Resource(
        external_name=by_name(),
    ),
    "aws_cloudsearch_domain_service_access_policy": Resource(
        external_name=PROBED,
        references={"domain_name": Reference("aws_cloudsearch_domain")},
    ),
}
