"""ds: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters, identifier_from_provider

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_directory_service_conditional_forwarder": Resource(
        external_name=PROBED,
        references={"directory_id": Reference("aws_directory_service_directory")},
        example=Example(
            {
                "region": "us-east-1",
                "directoryIdRef": {"name": "example-directory"},
                "dnsIps": ["8.8.8.8", "8.8.4.4"],
                "remoteDomainName": "example.com",
            }
        ),
    ),
    "aws_directory_service_directory": Resource(
        external_name=PROBED,
        references={
            "connect_settings.subnet_ids": Reference("aws_subnet"),
            "connect_settings.vpc_id": Reference("aws_vpc"),
            "vpc_settings.subnet_ids": Reference("aws_subnet"),
            "vpc_settings.vpc_id": Reference("aws_vpc"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "name": "corp.notexample.com",
                "passwordSecretRef": {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"},
                "size": "Small",
                "tags": {"Project": "foo"},
                "vpcSettings": {"subnetIdRefs": [{"name": "example-subnet"}], "vpcIdRef": {"name": "example-vpc"}},
            }
        ),
    ),
    "aws_directory_service_log_subscription": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by directory_id but lists it as not tested: the state id is used"
        ),
    ),
    "aws_directory_service_radius_settings": Resource(
        external_name=PROBED,
    ),
    "aws_directory_service_region": Resource(
        external_name=PROBED,
    ),
    "aws_directory_service_shared_directory": Resource(
        external_name=PROBED,
        references={"directory_id": Reference("aws_directory_service_directory")},
        example=Example({"region": "us-east-1", "directoryIdRef": {"name": "example-directory"}, "target": {}}),
    ),
    "aws_directory_service_shared_directory_accepter": Resource(
        external_name=PROBED,
    ),
    "aws_directory_service_trust": Resource(
        external_name=composite_from_parameters("/", "directory_id", "remote_domain_name").sourced(
            "probe+docs",
            "directory-id/remote-directory-domain",
            IDExample(
                "d-926724cf57/directory.example.com",
                "d-926724cf57/directory.example.com",
                {"directory_id": "d-926724cf57", "remote_domain_name": "directory.example.com"},
                source="docs",
            ),
        ),
        sensitive=("trust_password",),
    ),
}
