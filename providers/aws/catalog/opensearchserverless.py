"""opensearchserverless: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_opensearchserverless_access_policy": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.type }}", argument="name").sourced(
            "probe+upjet",
            "security-policy-name/security-policy-type",
            IDExample("example/data", "example", {"name": "example", "type": "data"}),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "description": "read and write permissions",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "type": "data",
            }
        ),
    ),
    "aws_opensearchserverless_collection": Resource(
        external_name=PROBED,
        timeouts=SLOW,
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_opensearchserverless_lifecycle_policy": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.type }}", argument="name").sourced(
            "probe+upjet",
            "lifecycle-policy-name/lifecycle-policy-type",
            IDExample("example/retention", "example", {"name": "example", "type": "retention"}),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "type": "retention",
            }
        ),
    ),
    "aws_opensearchserverless_security_config": Resource(
        external_name=composite_id(
            "{{ .parameters.type }}/{{ .setup.client_metadata.account_id }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe+upjet",
            "saml/account-id/name",
            IDExample(
                "saml/123456789012/example",
                "example",
                {"name": "example", "type": "saml"},
                None,
                {"client_metadata": {"account_id": "123456789012", "partition": "aws"}},
            ),
        ),
        example=Example({"region": "us-east-1", "type": "saml", "samlOptions": {"metadata": "example"}}),
    ),
    "aws_opensearchserverless_security_policy": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.type }}", argument="name").sourced(
            "probe+upjet+docs",
            "security-policy-name/security-policy-type",
            IDExample("example/encryption", "example", {"name": "example", "type": "encryption"}, source="docs"),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "description": "encryption security policy for example-collection",
                # An encryption policy: collections whose names begin with "example" are encrypted with
                # an AWS-owned key.
                "policy": '{"Rules":[{"Resource":["collection/example*"],"ResourceType":"collection"}],'
                '"AWSOwnedKey":true}',
                "type": "encryption",
            }
        ),
    ),
    "aws_opensearchserverless_vpc_endpoint": Resource(
        external_name=PROBED,
        references={
            "security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
            "vpc_id": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "myendpoint",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
}
