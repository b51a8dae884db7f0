"""vpclattice: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_vpclattice_access_log_subscription": Resource(
        external_name=PROBED,
        references={"resource_identifier": Reference("aws_vpclattice_service_network")},
        example=Example(
            {
                "region": "us-east-1",
                "destinationArn": "arn:aws:iam::123456789012:role/example",
                "resourceIdentifierRef": {"name": "example-servicenetwork"},
            }
        ),
    ),
    "aws_vpclattice_auth_policy": Resource(
        external_name=PROBED,
        references={"resource_identifier": Reference("aws_vpclattice_service", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "resourceIdentifierRef": {"name": "example-service"},
            }
        ),
    ),
    "aws_vpclattice_listener": Resource(
        external_name=PROBED,
        references={
            "default_action.forward.target_groups.target_group_identifier": Reference("aws_vpclattice_target_group"),
            "service_identifier": Reference("aws_vpclattice_service"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "protocol": "HTTPS",
                "serviceIdentifierRef": {"name": "example-service"},
                "defaultAction": {"fixedResponse": {"statusCode": 404}},
            }
        ),
    ),
    "aws_vpclattice_listener_rule": Resource(
        external_name=composite_id(
            "{{ .parameters.service_identifier }}/{{ .parameters.listener_identifier }}/{{ .external_name }}",
            attribute="rule_id",
        ).sourced(
            "probe+docs",
            "SERVICE-ID/LISTENER-ID/RULE-ID",
            IDExample(
                "service123/listener456/rule789",
                "rule789",
                {"service_identifier": "service123", "listener_identifier": "listener456"},
                {
                    "service_identifier": "service123",
                    "listener_identifier": "listener456",
                    "rule_id": "rule789",
                    "id": "service123/listener456/rule789",
                },
                source="docs",
            ),
        ),
        references={
            "action.forward.target_groups.target_group_identifier": Reference("aws_vpclattice_target_group"),
            "listener_identifier": Reference("aws_vpclattice_listener", "listener_id"),
            "service_identifier": Reference("aws_vpclattice_service"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "listenerIdentifierRef": {"name": "example-listener"},
                "name": "example",
                "priority": 20,
                "serviceIdentifierRef": {"name": "example-service"},
                "action": {
                    "forward": {
                        "targetGroups": [
                            {"targetGroupIdentifierRef": {"name": "example-targetgroup"}, "weight": 1},
                            {"targetGroupIdentifierRef": {"name": "example-targetgroup"}, "weight": 2},
                        ]
                    }
                },
                "match": {
                    "httpMatch": {
                        "headerMatches": [
                            {"caseSensitive": False, "name": "example-header", "match": {"exact": "example-contains"}}
                        ],
                        "pathMatch": {"caseSensitive": True, "match": {"prefix": "/example-path"}},
                    }
                },
            }
        ),
    ),
    "aws_vpclattice_resource_configuration": Resource(
        external_name=PROBED,
        references={
            "resource_configuration_definition.arn_resource.arn": Reference("aws_rds_cluster_instance", "arn"),
            "resource_gateway_identifier": Reference("aws_vpclattice_resource_gateway"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "Example",
                "portRanges": ["80"],
                "protocol": "TCP",
                "resourceGatewayIdentifierRef": {"name": "example-resourcegateway"},
                "tags": {"Environment": "Example"},
                "resourceConfigurationDefinition": [
                    {"dnsResource": [{"domainName": "example.com", "ipAddressType": "IPV4"}]}
                ],
            }
        ),
    ),
    "aws_vpclattice_resource_gateway": Resource(
        external_name=PROBED,
        references={
            "security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
            "vpc_id": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "Example",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "tags": {"Environment": "Example"},
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_vpclattice_resource_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_vpclattice_service_network", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "resourceArnRef": {"name": "example-servicenetwork"},
            }
        ),
    ),
    "aws_vpclattice_service": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "authType": "AWS_IAM", "customDomainName": "example.com", "name": "example"}
        ),
    ),
    "aws_vpclattice_service_network": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "authType": "AWS_IAM", "name": "example"}),
    ),
    "aws_vpclattice_service_network_resource_association": Resource(
        external_name=PROBED,
        references={
            "resource_configuration_identifier": Reference("aws_vpclattice_resource_configuration"),
            "service_network_identifier": Reference("aws_vpclattice_service_network"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "resourceConfigurationIdentifierRef": {"name": "example-resourceconfiguration"},
                "serviceNetworkIdentifierRef": {"name": "example-servicenetwork"},
                "tags": {"Name": "Example"},
            }
        ),
    ),
    "aws_vpclattice_service_network_service_association": Resource(
        external_name=PROBED,
        references={
            "service_identifier": Reference("aws_vpclattice_service"),
            "service_network_identifier": Reference("aws_vpclattice_service_network"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "serviceIdentifierRef": {"name": "example-service"},
                "serviceNetworkIdentifierRef": {"name": "example-servicenetwork"},
            }
        ),
    ),
    "aws_vpclattice_service_network_vpc_association": Resource(
        external_name=PROBED,
        references={
            "security_group_ids": Reference("aws_security_group"),
            "service_network_identifier": Reference("aws_vpclattice_service_network"),
            "vpc_identifier": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "securityGroupIdRefs": [{"name": "example-sg"}],
                "serviceNetworkIdentifierRef": {"name": "example-servicenetwork"},
                "vpcIdentifierRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_vpclattice_target_group": Resource(
        external_name=PROBED,
        references={"config.vpc_identifier": Reference("aws_vpc")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "type": "INSTANCE",
                "config": {"port": 443, "protocol": "HTTPS", "vpcIdentifierRef": {"name": "example-vpc"}},
            }
        ),
    ),
}
