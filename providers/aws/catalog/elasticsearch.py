"""elasticsearch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, attribute_as_identifier

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_elasticsearch_domain": Resource(
        external_name=attribute_as_identifier("domain_name", argument="domain_name").sourced(
            "probe+upjet+docs",
            "the importer reads the domain by name; the state id is its ARN",
            IDExample(
                "domain_name",
                "domain_name",
                {"domain_name": "domain_name"},
                {"domain_name": "domain_name", "id": "arn:aws:es:us-east-1:123456789012:domain/domain_name"},
                source="docs",
            ),
        ),
        references={
            "log_publishing_options.cloudwatch_log_group_arn": Reference("aws_cloudwatch_log_group", "arn"),
            "vpc_options.security_group_ids": Reference("aws_security_group"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "elasticsearchVersion": "7.10",
                "tags": {"Domain": "TestDomain"},
                "clusterConfig": {"instanceType": "r4.large.elasticsearch"},
            }
        ),
    ),
    "aws_elasticsearch_domain_saml_options": Resource(
        external_name=by_name("domain_name"),
        example=Example(
            {
                "region": "us-east-1",
                "samlOptions": {
                    "enabled": True,
                    "idp": {"entityId": "https://example.com", "metadataContent": "example"},
                },
            }
        ),
    ),
    "aws_elasticsearch_vpc_endpoint": Resource(
        external_name=PROBED,
    ),
}
