"""opensearch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier, identifier_from_provider

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_opensearch_authorize_vpc_endpoint_access": Resource(
        external_name=attribute_as_identifier("domain_name").sourced(
            "probe", "the importer takes the value of domain_name"
        ),
    ),
    "aws_opensearch_domain": Resource(
        external_name=PROBED,
        references={
            "encrypt_at_rest.kms_key_id": Reference("aws_kms_key", "arn"),
            "log_publishing_options.cloudwatch_log_group_arn": Reference("aws_cloudwatch_log_group", "arn"),
            "vpc_options.security_group_ids": Reference("aws_security_group"),
            "vpc_options.subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "domainName": "example",
                "engineVersion": "Elasticsearch_7.10",
                "tags": {"Domain": "TestDomain"},
                "clusterConfig": {"instanceType": "r4.large.search"},
            }
        ),
    ),
    "aws_opensearch_domain_saml_options": Resource(
        external_name=PROBED,
        references={"domain_name": Reference("aws_opensearch_domain", "domain_name")},
        example=Example(
            {
                "region": "us-east-1",
                "domainNameRef": {"name": "example-domain"},
                "samlOptions": {
                    "enabled": True,
                    "idp": {"entityId": "https://example.com", "metadataContent": "example"},
                },
            }
        ),
    ),
    "aws_opensearch_inbound_connection_accepter": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by connection_id but lists it as not tested: the state id is used"
        ),
    ),
    "aws_opensearch_outbound_connection": Resource(
        external_name=PROBED,
    ),
    "aws_opensearch_package": Resource(
        external_name=PROBED,
        references={
            "package_source.s3_bucket_name": Reference("aws_s3_bucket"),
            "package_source.s3_key": Reference("aws_s3_object", "key"),
        },
        # A dictionary package whose file is the example S3 object.
        example=Example(
            {
                "region": "us-east-1",
                "packageName": "example-dictionary",
                "packageSource": {
                    "s3BucketNameRef": {"name": "example-bucket-tfbridge"},
                    "s3KeyRef": {"name": "example-object"},
                },
                "packageType": "TXT-DICTIONARY",
            }
        ),
    ),
    "aws_opensearch_package_association": Resource(
        external_name=PROBED,
    ),
    "aws_opensearch_vpc_endpoint": Resource(
        external_name=PROBED,
    ),
}
