"""servicediscovery: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_service_discovery_http_namespace": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "description": "example", "name": "development"}),
    ),
    "aws_service_discovery_instance": Resource(
        external_name=composite_from_parameters("/", "service_id", "instance_id").sourced(
            "probe",
            "expected <service-id>/<instance-id>",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"instance_id": "parttwo", "service_id": "partone"},
                {"id": "parttwo", "instance_id": "parttwo", "service_id": "partone"},
            ),
        ),
        references={"service_id": Reference("aws_service_discovery_service")},
        # An instance of the example service, which answers A records: its IPv4 address is required.
        example=Example(
            {
                "region": "us-east-1",
                "attributes": {"AWS_INSTANCE_IPV4": "10.0.1.10"},
                "instanceId": "example-instance-1",
                "serviceIdRef": {"name": "example-service"},
            }
        ),
    ),
    "aws_service_discovery_private_dns_namespace": Resource(
        external_name=composite_id("{{ .external_name }}:{{ .parameters.vpc }}").sourced(
            "probe",
            "expected NAMESPACE_ID:VPC_ID",
            IDExample("partone:parttwo", "partone", {"vpc": "parttwo"}, {"id": "partone", "vpc": "parttwo"}),
        ),
        references={"vpc": Reference("aws_vpc")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "example",
                "name": "hoge.example.local",
                "vpcRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_service_discovery_public_dns_namespace": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "description": "example", "name": "hoge.example.com"}),
    ),
    "aws_service_discovery_service": Resource(
        external_name=PROBED,
        references={"dns_config.namespace_id": Reference("aws_service_discovery_private_dns_namespace")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "dnsConfig": {
                    "namespaceIdRef": {"name": "example-privatednsnamespace"},
                    "routingPolicy": "MULTIVALUE",
                    "dnsRecords": [{"ttl": 10, "type": "A"}],
                },
                # No Route 53 health check: those are for public DNS namespaces only, and need their type.
            }
        ),
    ),
}
