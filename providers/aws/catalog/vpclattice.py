"""vpclattice: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_vpclattice_access_log_subscription": Resource(
        external_name=PROBED,
        references={"resource_identifier": Reference("aws_vpclattice_service_network")},
    ),
    "aws_vpclattice_auth_policy": Resource(
        external_name=PROBED,
        references={"resource_identifier": Reference("aws_vpclattice_service", "arn")},
    ),
    "aws_vpclattice_listener": Resource(
        external_name=PROBED,
        references={
            "default_action.forward.target_groups.target_group_identifier": Reference("aws_vpclattice_target_group"),
            "service_identifier": Reference("aws_vpclattice_service"),
        },
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
    ),
    "aws_vpclattice_resource_configuration": Resource(
        external_name=PROBED,
        references={
            "resource_configuration_definition.arn_resource.arn": Reference("aws_rds_cluster_instance", "arn"),
            "resource_gateway_identifier": Reference("aws_vpclattice_resource_gateway"),
        },
    ),
    "aws_vpclattice_resource_gateway": Resource(
        external_name=PROBED,
        references={
            "security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
            "vpc_id": Reference("aws_vpc"),
        },
    ),
    "aws_vpclattice_resource_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_vpclattice_service_network", "arn")},
    ),
    "aws_vpclattice_service": Resource(
        external_name=PROBED,
    ),
    "aws_vpclattice_service_network": Resource(
        external_name=PROBED,
    ),
    "aws_vpclattice_service_network_resource_association": Resource(
        external_name=PROBED,
        references={
            "resource_configuration_identifier": Reference("aws_vpclattice_resource_configuration"),
            "service_network_identifier": Reference("aws_vpclattice_service_network"),
        },
    ),
    "aws_vpclattice_service_network_service_association": Resource(
        external_name=PROBED,
        references={
            "service_identifier": Reference("aws_vpclattice_service"),
            "service_network_identifier": Reference("aws_vpclattice_service_network"),
        },
    ),
    "aws_vpclattice_service_network_vpc_association": Resource(
        external_name=PROBED,
        references={
            "security_group_ids": Reference("aws_security_group"),
            "service_network_identifier": Reference("aws_vpclattice_service_network"),
            "vpc_identifier": Reference("aws_vpc"),
        },
    ),
    "aws_vpclattice_target_group": Resource(
        external_name=PROBED,
        references={"config.vpc_identifier": Reference("aws_vpc")},
    ),
}
