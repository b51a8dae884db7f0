"""route53domains: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_route53domains_delegation_signer_record": Resource(
        external_name=PROBED,
    ),
    "aws_route53domains_domain": Resource(
        external_name=attribute_as_identifier("domain_name").sourced(
            "probe", "the importer takes the value of domain_name"
        ),
    ),
    "aws_route53domains_registered_domain": Resource(
        external_name=PROBED,
    ),
}
