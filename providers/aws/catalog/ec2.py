"""ec2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    Example,
    IDExample,
    Lookup,
    Reference,
    Resource,
    attribute_as_identifier,
    composite_by,
    composite_from_parameters,
    composite_id,
    identifier_from_provider,
)

from . import idfns
from .samples import AMI
from .strategies import PROBED, SLOW, by_name

# An RSA public key in OpenSSH form (the provider's documentation's).
PUBLIC_KEY = (
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQD3F6tyPEFEzV0LX3X8BsXdMsQz1x2cEikKDEY0aIj41qgxMCP/iteneqXSIFZBp5vizPvaoIR3Um9xK7PGoW8giupGn+EPuxIA4cDM4vzOqOkiMPhz5XK0whEjkVzTo4+S0puvDZuwIsdiW9mxhJc7tgBNL0cYlWSYVkz4G/fslNfRPW5mYAM49f4fhtxPb5ok4Q2Lg9dPKVHO/Bgeu5woMc7RY0p1ej6D4CKFE6lymSDJpW0YHX/wqE9+cfEauh7xZcG0q9t2ta6F6fmX0agvpFyZo8aFbXeUBr7osSCJNgvavWbM/06niWrOvYX2xwWdhXmXSrbX8ZbabVohBK41 email@example.com"
)

RESOURCES: dict[str, Resource] = {
    "aws_ami": Resource(
        external_name=PROBED,
        references={"ebs_block_device.snapshot_id": Reference("aws_ebs_snapshot")},
        example=Example(
            {
                "region": "us-east-1",
                "imdsSupport": "v2.0",
                "name": "terraform-example",
                "rootDeviceName": "/dev/xvda",
                "virtualizationType": "hvm",
                "ebsBlockDevice": [
                    {"deviceName": "/dev/xvda", "snapshotIdRef": {"name": "example-ebssnapshot"}, "volumeSize": 8}
                ],
            }
        ),
    ),
    "aws_ami_launch_permission": Resource(
        external_name=composite_by(
            idfns.ami_launch_permission_id,
            "account_id",
            "group",
            "organization_arn",
            "organizational_unit_arn",
            "image_id",
        ).sourced(
            "probe+docs",
            "[ACCOUNT-ID|GROUP-NAME|ORGANIZATION-ARN|ORGANIZATIONAL-UNIT-ARN]/IMAGE-ID",
            IDExample(
                "123456789012/ami-12345678",
                "123456789012/ami-12345678",
                {"account_id": "123456789012", "image_id": "ami-12345678"},
                source="docs",
            ),
        ),
        references={"image_id": Reference("aws_ami")},
        example=Example({"region": "us-east-1", "accountId": "123456789012", "imageIdRef": {"name": "example-ami"}}),
    ),
    "aws_customer_gateway": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "ipAddress": "172.83.124.10",
                "tags": {"Name": "main-customer-gateway"},
                "type": "ipsec.1",
            }
        ),
    ),
    "aws_default_network_acl": Resource(
        external_name=PROBED,
        references={
            "default_network_acl_id": Reference("aws_vpc", "default_network_acl_id"),
            "ingress.cidr_block": Reference("aws_default_vpc", "cidr_block"),
            "subnet_ids": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "defaultNetworkAclIdRef": {"name": "example-vpc"},
                # Protocol -1 is every protocol (ports 0 to 0), as the provider's documentation writes it.
                "egress": [
                    {
                        "action": "allow",
                        "cidrBlock": "0.0.0.0/0",
                        "fromPort": 0,
                        "protocol": "-1",
                        "ruleNo": 100,
                        "toPort": 0,
                    }
                ],
                "ingress": [
                    {
                        "action": "allow",
                        "cidrBlock": "10.0.0.0/16",
                        "fromPort": 0,
                        "protocol": "-1",
                        "ruleNo": 100,
                        "toPort": 0,
                    }
                ],
            }
        ),
    ),
    "aws_default_security_group": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
    ),
    "aws_default_subnet": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "availabilityZone": "us-west-2a", "tags": {"Name": "Default subnet for us-west-2a"}}
        ),
    ),
    "aws_default_vpc": Resource(
        external_name=PROBED,
    ),
    "aws_default_vpc_dhcp_options": Resource(
        external_name=PROBED,
    ),
    "aws_ebs_default_kms_key": Resource(
        external_name=PROBED,
        references={"key_arn": Reference("aws_kms_key", "arn")},
        example=Example({"region": "us-east-1", "keyArnRef": {"name": "example-key"}}),
    ),
    "aws_ebs_encryption_by_default": Resource(
        external_name=PROBED,
    ),
    "aws_ebs_fast_snapshot_restore": Resource(
        external_name=PROBED,
    ),
    "aws_ebs_snapshot": Resource(
        external_name=PROBED,
        references={"volume_id": Reference("aws_ebs_volume")},
        example=Example(
            {"region": "us-east-1", "tags": {"Name": "HelloWorld_snap"}, "volumeIdRef": {"name": "example-ebsvolume"}}
        ),
    ),
    "aws_ebs_snapshot_block_public_access": Resource(
        external_name=PROBED,
        # state: block-all-sharing, block-new-sharing or unblocked (the provider's validation).
        example=Example({"region": "us-east-1", "state": "block-new-sharing"}),
    ),
    "aws_ebs_volume": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
        lookup=Lookup("aws_ebs_volumes"),
        example=Example(
            {"region": "us-east-1", "availabilityZone": "us-west-2a", "size": 40, "tags": {"Name": "HelloWorld"}}
        ),
    ),
    "aws_ec2_availability_zone_group": Resource(
        external_name=by_name("group_name"),
        example=Example({"region": "us-east-1", "optInStatus": "opted-in"}),
    ),
    "aws_ec2_capacity_block_reservation": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "capacityBlockOfferingId": "example", "instancePlatform": "Linux/UNIX"}
        ),
    ),
    "aws_ec2_capacity_reservation": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "availabilityZone": "eu-west-1a",
                "instanceCount": 1,
                "instancePlatform": "Linux/UNIX",
                "instanceType": "t2.micro",
            }
        ),
    ),
    "aws_ec2_carrier_gateway": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
        example=Example(
            {"region": "us-east-1", "tags": {"Name": "example-carrier-gateway"}, "vpcIdRef": {"name": "example-vpc"}}
        ),
    ),
    "aws_ec2_client_vpn_authorization_rule": Resource(
        external_name=PROBED,
        references={"client_vpn_endpoint_id": Reference("aws_ec2_client_vpn_endpoint")},
        example=Example(
            {
                "region": "us-east-1",
                "authorizeAllGroups": True,
                "clientVpnEndpointIdRef": {"name": "example-clientvpnendpoint"},
                "targetNetworkCidr": "10.0.1.0/24",
            }
        ),
    ),
    "aws_ec2_client_vpn_endpoint": Resource(
        external_name=PROBED,
        references={
            "authentication_options.root_certificate_chain_arn": Reference("aws_acm_certificate", "arn"),
            "server_certificate_arn": Reference("aws_acm_certificate", "arn"),
        },
        # Mutual TLS (certificate-authentication) with the server's certificate as the clients' root,
        # as the provider's documentation shows; the client range may not overlap the VPC's.
        example=Example(
            {
                "region": "us-east-1",
                "clientCidrBlock": "10.100.0.0/22",
                "description": "example client VPN",
                "serverCertificateArnRef": {"name": "example-certificate"},
                "authenticationOptions": [
                    {"type": "certificate-authentication", "rootCertificateChainArnRef": {"name": "example-certificate"}}
                ],
                "connectionLogOptions": {"enabled": False},
            }
        ),
    ),
    "aws_ec2_client_vpn_network_association": Resource(
        external_name=composite_id("{{ .parameters.client_vpn_endpoint_id }},{{ .external_name }}").sourced(
            "probe",
            "expected EndpointID,AssociationID",
            IDExample(
                "partone,parttwo",
                "parttwo",
                {"client_vpn_endpoint_id": "partone"},
                {"client_vpn_endpoint_id": "partone", "id": "parttwo"},
            ),
        ),
    ),
    "aws_ec2_client_vpn_route": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_default_credit_specification": Resource(
        external_name=composite_from_parameters(",", "instance_family").sourced(
            "probe+docs",
            "the import ID is instance_family (the probe's error names that path)",
            IDExample("t2", "t2", {"instance_family": "t2"}, source="docs"),
        ),
        # instance_family: t2, t3, t3a or t4g; cpu_credits: standard or unlimited (the provider's validation).
        example=Example({"region": "us-east-1", "instanceFamily": "t3", "cpuCredits": "standard"}),
    ),
    "aws_ec2_fleet": Resource(
        external_name=PROBED,
        references={
            "launch_template_config.launch_template_specification.launch_template_id": Reference("aws_launch_template"),
            "launch_template_config.launch_template_specification.version": Reference(
                "aws_launch_template", "latest_version"
            ),
        },
        example=Example(
            {
                "region": "us-east-1",
                "launchTemplateConfig": [
                    {
                        "launchTemplateSpecification": {
                            "launchTemplateIdRef": {"name": "example-launchtemplate"},
                            # The template's newest version, named as the API allows (a version
                            # number referenced from the template would be a number, the field a string).
                            "version": "$Latest",
                        }
                    }
                ],
                "targetCapacitySpecification": {"defaultTargetCapacityType": "spot", "totalTargetCapacity": 5},
            }
        ),
    ),
    "aws_ec2_host": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "autoPlacement": "on",
                "availabilityZone": "us-west-2a",
                "hostRecovery": "on",
                "instanceType": "c5.18xlarge",
            }
        ),
    ),
    "aws_ec2_instance_connect_endpoint": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_instance_state": Resource(
        external_name=PROBED,
        references={"instance_id": Reference("aws_instance")},
        example=Example({"region": "us-east-1", "instanceIdRef": {"name": "example-instance"}, "state": "stopped"}),
    ),
    "aws_ec2_local_gateway_route": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_local_gateway_route_table_vpc_association": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_managed_prefix_list": Resource(
        external_name=PROBED,
        references={"entry.cidr": Reference("aws_vpc_ipv4_cidr_block_association", "cidr_block")},
        lookup=Lookup("aws_ec2_managed_prefix_lists"),
        example=Example(
            {
                "region": "us-east-1",
                "addressFamily": "IPv4",
                "maxEntries": 5,
                "name": "All VPC CIDR-s",
                "tags": {"Env": "live"},
                "entry": [
                    {"cidrRef": {"name": "example-vpcipv4cidrblockassociation"}, "description": "Primary"},
                    {"cidrRef": {"name": "example-vpcipv4cidrblockassociation"}, "description": "Secondary"},
                ],
            }
        ),
    ),
    "aws_ec2_managed_prefix_list_entry": Resource(
        external_name=composite_from_parameters(",", "prefix_list_id", "cidr").sourced(
            "probe",
            "expected prefix-list-id,cidr-block",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"cidr": "parttwo", "prefix_list_id": "partone"},
                {"cidr": "parttwo", "id": "partone,parttwo", "prefix_list_id": "partone"},
            ),
        ),
        references={
            "cidr": Reference("aws_vpc", "cidr_block"),
            "prefix_list_id": Reference("aws_ec2_managed_prefix_list"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "cidrRef": {"name": "example-vpc"},
                "description": "Primary",
                "prefixListIdRef": {"name": "example-managedprefixlist"},
            }
        ),
    ),
    "aws_ec2_network_insights_analysis": Resource(
        external_name=PROBED,
        references={"network_insights_path_id": Reference("aws_ec2_network_insights_path")},
        example=Example({"region": "us-east-1", "networkInsightsPathIdRef": {"name": "example-networkinsightspath"}}),
    ),
    "aws_ec2_network_insights_path": Resource(
        external_name=PROBED,
        references={"destination": Reference("aws_network_interface"), "source": Reference("aws_network_interface")},
        example=Example(
            {
                "region": "us-east-1",
                "destinationRef": {"name": "example-networkinterface"},
                "protocol": "tcp",
                "sourceRef": {"name": "example-networkinterface"},
            }
        ),
    ),
    "aws_ec2_serial_console_access": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_subnet_cidr_reservation": Resource(
        external_name=composite_id("{{ .parameters.subnet_id }}:{{ .external_name }}").sourced(
            "probe",
            "expected SUBNET_ID:RESERVATION_ID",
            IDExample(
                "partone:parttwo", "parttwo", {"subnet_id": "partone"}, {"id": "parttwo", "subnet_id": "partone"}
            ),
        ),
        references={"subnet_id": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                # Within the example subnet's 10.0.1.0/24.
                "cidrBlock": "10.0.1.16/28",
                "reservationType": "prefix",
                "subnetIdRef": {"name": "example-subnet"},
            }
        ),
    ),
    "aws_ec2_tag": Resource(
        external_name=PROBED,
        # A tag on an object no other kind manages the tags of (the VPC's main route table): on a tagged
        # kind's own object, that kind's next update would remove it.
        references={"resource_id": Reference("aws_vpc", "main_route_table_id")},
        example=Example(
            {"region": "us-east-1", "key": "Owner", "resourceIdRef": {"name": "example-vpc"}, "value": "Hello World"}
        ),
    ),
    "aws_ec2_traffic_mirror_filter": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_traffic_mirror_filter_rule": Resource(
        external_name=composite_id("{{ .parameters.traffic_mirror_filter_id }}:{{ .external_name }}").sourced(
            "probe",
            "expected <filter-id>:<rule-id>",
            IDExample(
                "partone:parttwo",
                "parttwo",
                {"traffic_mirror_filter_id": "partone"},
                {"id": "parttwo", "traffic_mirror_filter_id": "partone"},
            ),
        ),
        references={"traffic_mirror_filter_id": Reference("aws_ec2_traffic_mirror_filter")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "test rule",
                "destinationCidrBlock": "10.0.0.0/8",
                "ruleAction": "accept",
                "ruleNumber": 1,
                "sourceCidrBlock": "10.0.0.0/8",
                "trafficDirection": "egress",
                "trafficMirrorFilterIdRef": {"name": "example-trafficmirrorfilter"},
            }
        ),
    ),
    "aws_ec2_traffic_mirror_session": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_traffic_mirror_target": Resource(
        external_name=PROBED,
        references={
            "network_interface_id": Reference("aws_network_interface"),
            "network_load_balancer_arn": Reference("aws_lb", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "ENI target",
                "networkInterfaceIdRef": {"name": "example-networkinterface"},
            }
        ),
    ),
    "aws_ec2_transit_gateway": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
    "aws_ec2_transit_gateway_connect": Resource(
        external_name=PROBED,
        references={
            "transit_gateway_id": Reference("aws_ec2_transit_gateway"),
            "transport_attachment_id": Reference("aws_ec2_transit_gateway_vpc_attachment"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "transitGatewayIdRef": {"name": "example-transitgateway"},
                "transportAttachmentIdRef": {"name": "example-transitgatewayvpcattachment"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_connect_peer": Resource(
        external_name=PROBED,
        references={"transit_gateway_attachment_id": Reference("aws_ec2_transit_gateway_connect")},
        example=Example(
            {
                "region": "us-east-1",
                "insideCidrBlocks": ["169.254.100.0/29"],
                "peerAddress": "10.1.2.3",
                "transitGatewayAttachmentIdRef": {"name": "example-transitgatewayconnect"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_multicast_domain": Resource(
        external_name=PROBED,
        references={"transit_gateway_id": Reference("aws_ec2_transit_gateway")},
        example=Example(
            {
                "region": "us-east-1",
                "staticSourcesSupport": "enable",
                "tags": {"Name": "Transit_Gateway_Multicast_Domain_Example"},
                "transitGatewayIdRef": {"name": "example-transitgateway"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_peering_attachment": Resource(
        external_name=PROBED,
        references={
            "peer_transit_gateway_id": Reference("aws_ec2_transit_gateway"),
            "transit_gateway_id": Reference("aws_ec2_transit_gateway"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "peerRegion": "example",
                "peerTransitGatewayIdRef": {"name": "example-transitgateway"},
                "tags": {"Name": "TGW Peering Requestor"},
                "transitGatewayIdRef": {"name": "example-transitgateway"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_peering_attachment_accepter": Resource(
        external_name=PROBED,
        references={"transit_gateway_attachment_id": Reference("aws_ec2_transit_gateway_peering_attachment")},
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"Name": "Example cross-account attachment"},
                "transitGatewayAttachmentIdRef": {"name": "example-transitgatewaypeeringattachment"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_policy_table": Resource(
        external_name=PROBED,
        references={"transit_gateway_id": Reference("aws_ec2_transit_gateway")},
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"Name": "Example Policy Table"},
                "transitGatewayIdRef": {"name": "example-transitgateway"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_policy_table_association": Resource(
        external_name=PROBED,
    ),
    "aws_ec2_transit_gateway_prefix_list_reference": Resource(
        external_name=PROBED,
        references={
            "prefix_list_id": Reference("aws_ec2_managed_prefix_list"),
            "transit_gateway_attachment_id": Reference("aws_ec2_transit_gateway_vpc_attachment"),
            "transit_gateway_route_table_id": Reference(
                "aws_ec2_transit_gateway", "association_default_route_table_id"
            ),
        },
        example=Example(
            {
                "region": "us-east-1",
                "prefixListIdRef": {"name": "example-managedprefixlist"},
                "transitGatewayAttachmentIdRef": {"name": "example-transitgatewayvpcattachment"},
                "transitGatewayRouteTableIdRef": {"name": "example-transitgateway"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_route": Resource(
        external_name=PROBED,
        references={
            "transit_gateway_attachment_id": Reference("aws_ec2_transit_gateway_vpc_attachment"),
            "transit_gateway_route_table_id": Reference("aws_ec2_transit_gateway_route_table"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "destinationCidrBlock": "0.0.0.0/0",
                "transitGatewayAttachmentIdRef": {"name": "example-transitgatewayvpcattachment"},
                "transitGatewayRouteTableIdRef": {"name": "example-transitgatewayroutetable"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_route_table": Resource(
        external_name=PROBED,
        references={"transit_gateway_id": Reference("aws_ec2_transit_gateway")},
        lookup=Lookup("aws_ec2_transit_gateway_route_tables"),
        example=Example({"region": "us-east-1", "transitGatewayIdRef": {"name": "example-transitgateway"}}),
    ),
    "aws_ec2_transit_gateway_route_table_association": Resource(
        external_name=PROBED,
        references={
            "transit_gateway_attachment_id": Reference("aws_ec2_transit_gateway_vpc_attachment"),
            "transit_gateway_route_table_id": Reference("aws_ec2_transit_gateway_route_table"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "transitGatewayAttachmentIdRef": {"name": "example-transitgatewayvpcattachment"},
                "transitGatewayRouteTableIdRef": {"name": "example-transitgatewayroutetable"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_route_table_propagation": Resource(
        external_name=PROBED,
        references={
            "transit_gateway_attachment_id": Reference("aws_ec2_transit_gateway_vpc_attachment"),
            "transit_gateway_route_table_id": Reference("aws_ec2_transit_gateway_route_table"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "transitGatewayAttachmentIdRef": {"name": "example-transitgatewayvpcattachment"},
                "transitGatewayRouteTableIdRef": {"name": "example-transitgatewayroutetable"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_vpc_attachment": Resource(
        external_name=PROBED,
        references={
            "subnet_ids": Reference("aws_subnet"),
            "transit_gateway_id": Reference("aws_ec2_transit_gateway"),
            "vpc_id": Reference("aws_vpc"),
        },
        lookup=Lookup("aws_ec2_transit_gateway_attachments"),
        example=Example(
            {
                "region": "us-east-1",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "transitGatewayIdRef": {"name": "example-transitgateway"},
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_ec2_transit_gateway_vpc_attachment_accepter": Resource(
        external_name=PROBED,
        references={"transit_gateway_attachment_id": Reference("aws_ec2_transit_gateway_vpc_attachment")},
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"Name": "Example cross-account attachment"},
                "transitGatewayAttachmentIdRef": {"name": "example-transitgatewayvpcattachment"},
            }
        ),
    ),
    "aws_egress_only_internet_gateway": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
        example=Example({"region": "us-east-1", "tags": {"Name": "main"}, "vpcIdRef": {"name": "example-vpc"}}),
    ),
    "aws_eip": Resource(
        external_name=PROBED,
        references={"instance": Reference("aws_instance"), "network_interface": Reference("aws_network_interface")},
        # vpc is the deprecated spelling of domain = "vpc": copied back beside domain, the two conflict.
        late_init_ignore=("vpc",),
        lookup=Lookup("aws_eips", ids="allocation_ids"),
        example=Example({"region": "us-east-1", "domain": "vpc", "tags": {"Name": "example"}}),
    ),
    "aws_eip_association": Resource(
        external_name=PROBED,
        references={"allocation_id": Reference("aws_eip"), "instance_id": Reference("aws_instance")},
        example=Example(
            {"region": "us-east-1", "allocationIdRef": {"name": "example-eip"}, "instanceIdRef": {"name": "example-instance"}}
        ),
    ),
    "aws_flow_log": Resource(
        external_name=PROBED,
        references={
            "deliver_cross_account_role": Reference("aws_iam_role", "arn"),
            "iam_role_arn": Reference("aws_iam_role", "arn"),
            "log_destination": Reference("aws_cloudwatch_log_group", "arn"),
            "subnet_id": Reference("aws_subnet"),
            "vpc_id": Reference("aws_vpc"),
        },
        late_init_ignore=(
            "log_destination",
            "log_format",
            "log_group_name",
        ),
        example=Example(
            {
                "region": "us-east-1",
                "iamRoleArnRef": {"name": "example-role"},
                "logDestinationRef": {"name": "example-log-group"},
                "logDestinationType": "cloud-watch-logs",
                "trafficType": "ALL",
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_instance": Resource(
        external_name=PROBED,
        references={
            "ebs_block_device.kms_key_id": Reference("aws_kms_key"),
            "network_interface.network_interface_id": Reference("aws_network_interface"),
            "root_block_device.kms_key_id": Reference("aws_kms_key"),
            "subnet_id": Reference("aws_subnet"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        sensitive=("password_data",),
        late_init_ignore=(
            "associate_public_ip_address",
            "cpu_core_count",
            "cpu_options",
            "cpu_threads_per_core",
            "ipv6_address_count",
            "ipv6_addresses",
            "network_interface",
            "private_ip",
            "root_block_device",
            "source_dest_check",
            "subnet_id",
            "vpc_security_group_ids",
        ),
        lookup=Lookup("aws_instances", tags_argument="instance_tags"),
        example=Example(
            {
                "region": "us-east-1",
                "ami": AMI,
                "instanceType": "t3.micro",
                "subnetIdRef": {"name": "example-subnet"},
                "tags": {"Name": "HelloWorld"},
            }
        ),
    ),
    "aws_internet_gateway": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
    ),
    "aws_key_pair": Resource(
        external_name=by_name("key_name"),
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("key_name_prefix",),
        # The public key at create only: the cloud never returns it, so no import reads it back, and a
        # changed key forces a new key pair (compared after a lost workspace, it would plan one).
        example=Example({"region": "us-east-1"}, init_provider={"publicKey": PUBLIC_KEY}),
    ),
    "aws_launch_template": Resource(
        external_name=PROBED,
        references={
            "block_device_mappings.ebs.kms_key_id": Reference("aws_kms_key", "arn"),
            "iam_instance_profile.arn": Reference("aws_iam_instance_profile", "arn"),
            "iam_instance_profile.name": Reference("aws_iam_instance_profile"),
            "network_interfaces.network_interface_id": Reference("aws_network_interface"),
            "network_interfaces.security_groups": Reference("aws_security_group"),
            "network_interfaces.subnet_id": Reference("aws_subnet"),
            "security_group_names": Reference("aws_security_group"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        late_init_ignore=("default_version",),
        # An image and a type: a fleet launched from a template without an image is refused.
        example=Example(
            {
                "region": "us-east-1",
                "name": "example-template",
                "imageId": AMI,
                "instanceType": "t3.micro",
                "tags": {"Name": "example"},
            }
        ),
    ),
    "aws_nat_gateway": Resource(
        external_name=PROBED,
        references={
            "allocation_id": Reference("aws_eip"),
            "secondary_allocation_ids": Reference("aws_eip"),
            "subnet_id": Reference("aws_subnet"),
        },
        lookup=Lookup("aws_nat_gateways"),
        example=Example(
            {
                "region": "us-east-1",
                "allocationIdRef": {"name": "example-eip"},
                "subnetIdRef": {"name": "example-subnet"},
                "tags": {"Name": "gw NAT"},
            }
        ),
    ),
    "aws_network_acl": Resource(
        external_name=identifier_from_provider().sourced("probe", "the importer reads the ACL by its ID, the state id"),
        references={"subnet_ids": Reference("aws_subnet"), "vpc_id": Reference("aws_vpc")},
        lookup=Lookup("aws_network_acls"),
        example=Example({"region": "us-east-1", "tags": {"Name": "main"}, "vpcIdRef": {"name": "example-vpc"}}),
    ),
    "aws_network_acl_association": Resource(
        external_name=PROBED,
        references={"network_acl_id": Reference("aws_network_acl"), "subnet_id": Reference("aws_subnet")},
        # The example subnet moved from its VPC's default ACL to the example ACL of the same VPC.
        example=Example(
            {
                "region": "us-east-1",
                "networkAclIdRef": {"name": "example-networkacl"},
                "subnetIdRef": {"name": "example-subnet"},
            }
        ),
    ),
    "aws_network_acl_rule": Resource(
        external_name=composite_by(
            idfns.network_acl_rule_id, "network_acl_id", "rule_number", "protocol", "egress"
        ).sourced(
            "probe+docs",
            "NETWORK_ACL_ID:RULE_NUMBER:PROTOCOL:EGRESS",
            IDExample(
                "acl-12345678:100:tcp:false",
                "acl-12345678:100:tcp:false",
                {"network_acl_id": "acl-12345678", "rule_number": 100, "protocol": "tcp", "egress": False},
                source="docs",
            ),
        ),
        references={"network_acl_id": Reference("aws_network_acl")},
        example=Example(
            {
                "region": "us-east-1",
                "egress": False,
                "fromPort": 22,
                "networkAclIdRef": {"name": "example-networkacl"},
                "protocol": "tcp",
                "ruleAction": "allow",
                "ruleNumber": 200,
                "cidrBlock": "10.3.0.0/18",
                "toPort": 22,
            }
        ),
    ),
    "aws_network_interface": Resource(
        external_name=PROBED,
        references={"security_groups": Reference("aws_security_group"), "subnet_id": Reference("aws_subnet")},
        late_init_ignore=(
            "interface_type",
            "ipv6_address_count",
            "ipv6_addresses",
            "private_ip_list",
            "private_ips",
        ),
        lookup=Lookup("aws_network_interfaces"),
        example=Example(
            {
                "region": "us-east-1",
                "privateIps": ["10.0.0.50"],
                "securityGroupRefs": [{"name": "example-sg"}],
                "subnetIdRef": {"name": "example-subnet"},
            }
        ),
    ),
    "aws_network_interface_attachment": Resource(
        external_name=PROBED,
        references={
            "instance_id": Reference("aws_instance"),
            "network_interface_id": Reference("aws_network_interface"),
        },
        example=Example(
            {
                "region": "us-east-1",
                # Index 0 is the instance's own primary interface, which cannot be detached.
                "deviceIndex": 1,
                "instanceIdRef": {"name": "example-instance"},
                "networkInterfaceIdRef": {"name": "example-networkinterface"},
            }
        ),
    ),
    "aws_network_interface_permission": Resource(
        external_name=attribute_as_identifier("network_interface_permission_id").sourced(
            "probe", "the importer takes the value of network_interface_permission_id"
        ),
        references={"network_interface_id": Reference("aws_network_interface")},
        # permission: INSTANCE-ATTACH or EIP-ASSOCIATE (the provider's validation).
        example=Example(
            {
                "region": "us-east-1",
                "awsAccountId": "123456789012",
                "networkInterfaceIdRef": {"name": "example-networkinterface"},
                "permission": "INSTANCE-ATTACH",
            }
        ),
    ),
    "aws_network_interface_sg_attachment": Resource(
        external_name=composite_from_parameters("_", "network_interface_id", "security_group_id").sourced(
            "probe+docs",
            "<NetworkInterfaceId>_<SecurityGroupID>",
            IDExample(
                "eni-1234567890abcdef0_sg-1234567890abcdef0",
                "eni-1234567890abcdef0_sg-1234567890abcdef0",
                {"network_interface_id": "eni-1234567890abcdef0", "security_group_id": "sg-1234567890abcdef0"},
                source="docs",
            ),
        ),
        references={
            "network_interface_id": Reference("aws_instance", "primary_network_interface_id"),
            "security_group_id": Reference("aws_security_group"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "networkInterfaceIdRef": {"name": "example-instance"},
                "securityGroupIdRef": {"name": "example-sg"},
            }
        ),
    ),
    "aws_placement_group": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "strategy": "cluster"}),
    ),
    "aws_route": Resource(
        external_name=composite_by(
            idfns.route_id,
            "route_table_id",
            "destination_cidr_block",
            "destination_ipv6_cidr_block",
            "destination_prefix_list_id",
        ).sourced(
            "probe+docs",
            "ROUTETABLEID_DESTINATION",
            IDExample(
                "rtb-656C65616E6F72_10.42.0.0/16",
                "rtb-656C65616E6F72_10.42.0.0/16",
                {"route_table_id": "rtb-656C65616E6F72", "destination_cidr_block": "10.42.0.0/16"},
                source="docs",
            ),
            IDExample(
                "rtb-656C65616E6F72_2620:0:2d0:200::8/125",
                "rtb-656C65616E6F72_2620:0:2d0:200::8/125",
                {"route_table_id": "rtb-656C65616E6F72", "destination_ipv6_cidr_block": "2620:0:2d0:200::8/125"},
                source="docs",
            ),
        ),
        references={
            "destination_prefix_list_id": Reference("aws_ec2_managed_prefix_list"),
            "egress_only_gateway_id": Reference("aws_egress_only_internet_gateway"),
            "gateway_id": Reference("aws_internet_gateway"),
            "nat_gateway_id": Reference("aws_nat_gateway"),
            "network_interface_id": Reference("aws_network_interface"),
            "route_table_id": Reference("aws_route_table"),
            "transit_gateway_id": Reference("aws_ec2_transit_gateway"),
            "vpc_endpoint_id": Reference("aws_vpc_endpoint"),
            "vpc_peering_connection_id": Reference("aws_vpc_peering_connection"),
        },
        example=Example(
            {
                "region": "us-east-1",
                # The peer's range, outside the route table's VPC (10.0.0.0/16).
                "destinationCidrBlock": "10.1.0.0/16",
                "routeTableIdRef": {"name": "example-routetable"},
                "vpcPeeringConnectionIdRef": {"name": "example-vpcpeeringconnection"},
            }
        ),
    ),
    "aws_route_table": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
        lookup=Lookup("aws_route_tables"),
        example=Example({"region": "us-east-1", "tags": {"Name": "example"}, "vpcIdRef": {"name": "example-vpc"}}),
    ),
    "aws_route_table_association": Resource(
        external_name=composite_by(
            idfns.route_table_association_id, "subnet_id", "gateway_id", "route_table_id"
        ).sourced(
            "probe+docs",
            "subnet ID/route table ID or gateway ID/route table ID",
            IDExample(
                "subnet-6777656e646f6c796e/rtb-656c65616e6f72",
                "subnet-6777656e646f6c796e/rtb-656c65616e6f72",
                {"subnet_id": "subnet-6777656e646f6c796e", "route_table_id": "rtb-656c65616e6f72"},
                source="docs",
            ),
        ),
        references={
            "gateway_id": Reference("aws_internet_gateway"),
            "route_table_id": Reference("aws_route_table"),
            "subnet_id": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "routeTableIdRef": {"name": "example-routetable"},
                "subnetIdRef": {"name": "example-subnet"},
            }
        ),
    ),
    "aws_spot_datafeed_subscription": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "bucket": "example", "prefix": "my_subdirectory"}),
    ),
    "aws_spot_fleet_request": Resource(
        external_name=PROBED,
        references={
            "launch_specification.iam_instance_profile_arn": Reference("aws_iam_instance_profile", "arn"),
            "launch_specification.subnet_id": Reference("aws_subnet"),
            "launch_template_config.launch_template_specification.id": Reference("aws_launch_template"),
            "launch_template_config.launch_template_specification.version": Reference(
                "aws_launch_template", "latest_version"
            ),
        },
        example=Example(
            {
                "region": "us-east-1",
                "allocationStrategy": "diversified",
                "iamFleetRole": "arn:aws:iam::123456789012:role/spot-fleet",
                "spotPrice": "0.03",
                "targetCapacity": 6,
                "validUntil": "2019-11-04T20:44:20Z",
                "launchSpecification": [
                    {
                        "ami": AMI,
                        "iamInstanceProfileArnRef": {"name": "example-instanceprofile"},
                        "instanceType": "m4.10xlarge",
                        "placementTenancy": "dedicated",
                        "spotPrice": "2.793",
                    },
                    {
                        "ami": AMI,
                        "availabilityZone": "us-east-1a",
                        "iamInstanceProfileArnRef": {"name": "example-instanceprofile"},
                        "instanceType": "m4.4xlarge",
                        "keyName": "my-key",
                        "spotPrice": "1.117",
                        "subnetIdRef": {"name": "example-subnet"},
                        "tags": {"Name": "spot-fleet-example"},
                        "rootBlockDevice": [{"volumeType": "gp2"}],
                    },
                ],
            }
        ),
    ),
    "aws_spot_instance_request": Resource(
        external_name=PROBED,
        references={"subnet_id": Reference("aws_subnet"), "vpc_security_group_ids": Reference("aws_security_group")},
        sensitive=("password_data",),
        late_init_ignore=(
            "instance_interruption_behavior",
            "source_dest_check",
            "spot_type",
            "valid_from",
            "valid_until",
        ),
        example=Example(
            {
                "region": "us-east-1",
                "ami": AMI,
                "instanceType": "t3.micro",
                "spotPrice": "0.03",
                "subnetIdRef": {"name": "example-subnet"},
                "tags": {"Name": "CheapWorker"},
            }
        ),
    ),
    "aws_volume_attachment": Resource(
        external_name=composite_from_parameters(":", "device_name", "volume_id", "instance_id").sourced(
            "probe+docs",
            "expected DEVICE_NAME:VOLUME_ID:INSTANCE_ID",
            IDExample(
                "partone:parttwo:partthree",
                "partone:parttwo:partthree",
                {"device_name": "partone", "instance_id": "partthree", "volume_id": "parttwo"},
                {"device_name": "partone", "instance_id": "partthree", "volume_id": "parttwo"},
            ),
            IDExample(
                "/dev/sdh:vol-049df61146c4d7901:i-12345678",
                "/dev/sdh:vol-049df61146c4d7901:i-12345678",
                {"device_name": "/dev/sdh", "volume_id": "vol-049df61146c4d7901", "instance_id": "i-12345678"},
                source="docs",
            ),
        ),
        references={"instance_id": Reference("aws_instance"), "volume_id": Reference("aws_ebs_volume")},
        example=Example(
            {
                "region": "us-east-1",
                "deviceName": "/dev/sdh",
                "instanceIdRef": {"name": "example-instance"},
                "volumeIdRef": {"name": "example-ebsvolume"},
            }
        ),
    ),
    "aws_vpc_block_public_access_exclusion": Resource(
        external_name=PROBED,
        references={"subnet_id": Reference("aws_subnet"), "vpc_id": Reference("aws_vpc")},
        # internet_gateway_exclusion_mode: allow-bidirectional or allow-egress (the provider's validation).
        example=Example(
            {
                "region": "us-east-1",
                "internetGatewayExclusionMode": "allow-bidirectional",
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_vpc_block_public_access_options": Resource(
        external_name=PROBED,
        # internet_gateway_block_mode: off, block-bidirectional or block-ingress (the provider's validation).
        example=Example({"region": "us-east-1", "internetGatewayBlockMode": "block-ingress"}),
    ),
    "aws_vpc_dhcp_options": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "domainName": "service.consul",
                "domainNameServers": ["127.0.0.1", "10.0.0.2"],
                "netbiosNodeType": "2",
                "tags": {"Name": "foo-name"},
            }
        ),
    ),
    "aws_vpc_dhcp_options_association": Resource(
        external_name=composite_from_parameters("/", "vpc_id").sourced(
            "probe+docs",
            "the importer reads the VPC by the import ID",
            IDExample(
                "vpc-0f001273ec18911b1",
                "vpc-0f001273ec18911b1",
                {"vpc_id": "vpc-0f001273ec18911b1"},
                {"vpc_id": "vpc-0f001273ec18911b1", "id": "dopt-12345678-vpc-0f001273ec18911b1"},
                source="docs",
            ),
        ),
        references={"dhcp_options_id": Reference("aws_vpc_dhcp_options"), "vpc_id": Reference("aws_vpc")},
        example=Example(
            {
                "region": "us-east-1",
                "dhcpOptionsIdRef": {"name": "example-vpcdhcpoptions"},
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_vpc_endpoint": Resource(
        external_name=PROBED,
        references={
            "resource_configuration_arn": Reference("aws_vpclattice_resource_configuration", "arn"),
            "service_name": Reference("aws_vpc_endpoint_service", "service_name"),
            "service_network_arn": Reference("aws_vpclattice_service_network", "arn"),
            "subnet_configuration.subnet_id": Reference("aws_subnet"),
            "vpc_id": Reference("aws_vpc"),
        },
        late_init_ignore=("subnet_configuration",),
        example=Example(
            {
                "region": "us-east-1",
                "serviceNameRef": {"name": "example-vpcendpointservice"},
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_vpc_endpoint_connection_accepter": Resource(
        external_name=PROBED,
        references={
            "vpc_endpoint_id": Reference("aws_vpc_endpoint"),
            "vpc_endpoint_service_id": Reference("aws_vpc_endpoint_service"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "vpcEndpointIdRef": {"name": "example-vpcendpoint"},
                "vpcEndpointServiceIdRef": {"name": "example-vpcendpointservice"},
            }
        ),
    ),
    "aws_vpc_endpoint_connection_notification": Resource(
        external_name=PROBED,
        references={
            "connection_notification_arn": Reference("aws_sns_topic", "arn"),
            "vpc_endpoint_service_id": Reference("aws_vpc_endpoint_service"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "connectionEvents": ["Accept", "Reject"],
                "connectionNotificationArnRef": {"name": "example-topic"},
                "vpcEndpointServiceIdRef": {"name": "example-vpcendpointservice"},
            }
        ),
    ),
    "aws_vpc_endpoint_policy": Resource(
        external_name=PROBED,
        references={"vpc_endpoint_id": Reference("aws_vpc_endpoint")},
        example=Example(
            {
                "region": "us-east-1",
                "vpcEndpointIdRef": {"name": "example-vpcendpoint"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Sid":"AllowAll","Effect":"Allow",'
                '"Principal":{"AWS":"*"},"Action":["dynamodb:*"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_vpc_endpoint_private_dns": Resource(
        external_name=attribute_as_identifier("vpc_endpoint_id").sourced(
            "probe", "the importer takes the value of vpc_endpoint_id"
        ),
        references={"vpc_endpoint_id": Reference("aws_vpc_endpoint")},
        example=Example(
            {"region": "us-east-1", "privateDnsEnabled": True, "vpcEndpointIdRef": {"name": "example-vpcendpoint"}}
        ),
    ),
    "aws_vpc_endpoint_route_table_association": Resource(
        external_name=composite_from_parameters("/", "vpc_endpoint_id", "route_table_id").sourced(
            "probe",
            "expected vpc-endpoint-id/route-table-id",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"route_table_id": "parttwo", "vpc_endpoint_id": "partone"},
                {"id": "a-partone996672698", "route_table_id": "parttwo", "vpc_endpoint_id": "partone"},
            ),
        ),
        references={"route_table_id": Reference("aws_route_table"), "vpc_endpoint_id": Reference("aws_vpc_endpoint")},
        example=Example(
            {
                "region": "us-east-1",
                "routeTableIdRef": {"name": "example-routetable"},
                "vpcEndpointIdRef": {"name": "example-vpcendpoint"},
            }
        ),
    ),
    "aws_vpc_endpoint_security_group_association": Resource(
        external_name=composite_from_parameters("/", "vpc_endpoint_id", "security_group_id").sourced(
            "probe",
            "expected vpc-endpoint-id/security-group-id",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"security_group_id": "parttwo", "vpc_endpoint_id": "partone"},
                {"id": "a-partone996672698", "security_group_id": "parttwo", "vpc_endpoint_id": "partone"},
            ),
        ),
        references={
            "security_group_id": Reference("aws_security_group"),
            "vpc_endpoint_id": Reference("aws_vpc_endpoint"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "securityGroupIdRef": {"name": "example-sg"},
                "vpcEndpointIdRef": {"name": "example-vpcendpoint"},
            }
        ),
    ),
    "aws_vpc_endpoint_service": Resource(
        external_name=PROBED,
        references={
            "gateway_load_balancer_arns": Reference("aws_lb", "arn"),
            "network_load_balancer_arns": Reference("aws_lb", "arn"),
        },
        # A service behind the example (network) load balancer.
        example=Example(
            {"region": "us-east-1", "acceptanceRequired": False, "networkLoadBalancerArnRefs": [{"name": "example-lb"}]}
        ),
    ),
    "aws_vpc_endpoint_subnet_association": Resource(
        external_name=composite_from_parameters("/", "vpc_endpoint_id", "subnet_id").sourced(
            "probe",
            "expected vpc-endpoint-id/subnet-id",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"subnet_id": "parttwo", "vpc_endpoint_id": "partone"},
                {"id": "a-partone996672698", "subnet_id": "parttwo", "vpc_endpoint_id": "partone"},
            ),
        ),
        references={"subnet_id": Reference("aws_subnet"), "vpc_endpoint_id": Reference("aws_vpc_endpoint")},
        example=Example(
            {
                "region": "us-east-1",
                "subnetIdRef": {"name": "example-subnet"},
                "vpcEndpointIdRef": {"name": "example-vpcendpoint"},
            }
        ),
    ),
    "aws_vpc_ipam": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "My IPAM",
                "tags": {"Test": "Main"},
                "operatingRegions": [{"regionName": "example"}],
            }
        ),
    ),
    "aws_vpc_ipam_organization_admin_account": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by delegated_admin_account_id but lists it as not tested: the state id is used"
        ),
    ),
    "aws_vpc_ipam_pool": Resource(
        external_name=PROBED,
        references={
            "ipam_scope_id": Reference("aws_vpc_ipam_scope"),
            "source_ipam_pool_id": Reference("aws_vpc_ipam_pool"),
        },
        example=Example(
            {"region": "us-east-1", "addressFamily": "ipv4", "ipamScopeIdRef": {"name": "example-vpcipamscope"}}
        ),
    ),
    "aws_vpc_ipam_pool_cidr": Resource(
        external_name=PROBED,
        references={"ipam_pool_id": Reference("aws_vpc_ipam_pool")},
        example=Example(
            {"region": "us-east-1", "cidr": "172.20.0.0/16", "ipamPoolIdRef": {"name": "example-vpcipampool"}}
        ),
    ),
    "aws_vpc_ipam_pool_cidr_allocation": Resource(
        external_name=PROBED,
        references={"ipam_pool_id": Reference("aws_vpc_ipam_pool")},
        example=Example(
            {"region": "us-east-1", "cidr": "172.20.0.0/24", "ipamPoolIdRef": {"name": "example-vpcipampool"}}
        ),
    ),
    "aws_vpc_ipam_resource_discovery": Resource(
        external_name=PROBED,
    ),
    "aws_vpc_ipam_resource_discovery_association": Resource(
        external_name=PROBED,
    ),
    "aws_vpc_ipam_scope": Resource(
        external_name=PROBED,
        references={"ipam_id": Reference("aws_vpc_ipam")},
        example=Example(
            {"region": "us-east-1", "description": "Another Scope", "ipamIdRef": {"name": "example-vpcipam"}}
        ),
    ),
    "aws_vpc_ipv4_cidr_block_association": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
        example=Example({"region": "us-east-1", "cidrBlock": "172.20.0.0/16", "vpcIdRef": {"name": "example-vpc"}}),
    ),
    "aws_vpc_ipv6_cidr_block_association": Resource(
        external_name=PROBED,
        references={"ipv6_ipam_pool_id": Reference("aws_vpc_ipam_pool"), "vpc_id": Reference("aws_vpc")},
        # An Amazon-provided /56 for the example VPC (no IPAM pool to allocate from).
        example=Example(
            {
                "region": "us-east-1",
                "assignGeneratedIpv6CidrBlock": True,
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_vpc_peering_connection": Resource(
        external_name=PROBED,
        references={"peer_vpc_id": Reference("aws_vpc"), "vpc_id": Reference("aws_vpc")},
        lookup=Lookup("aws_vpc_peering_connections"),
        example=Example(
            {"region": "us-east-1", "peerVpcIdRef": {"name": "example-vpc"}, "vpcIdRef": {"name": "example-vpc"}}
        ),
    ),
    "aws_vpc_peering_connection_accepter": Resource(
        external_name=PROBED,
        references={"vpc_peering_connection_id": Reference("aws_vpc_peering_connection")},
        example=Example(
            {
                "region": "us-east-1",
                "autoAccept": True,
                "tags": {"Side": "Accepter"},
                "vpcPeeringConnectionIdRef": {"name": "example-vpcpeeringconnection"},
            }
        ),
    ),
    "aws_vpc_peering_connection_options": Resource(
        external_name=PROBED,
        references={"vpc_peering_connection_id": Reference("aws_vpc_peering_connection")},
        example=Example(
            {
                "region": "us-east-1",
                "vpcPeeringConnectionIdRef": {"name": "example-vpcpeeringconnection"},
                "accepter": {"allowRemoteVpcDnsResolution": True},
            }
        ),
    ),
    "aws_vpc_route_server": Resource(
        external_name=attribute_as_identifier("route_server_id").sourced(
            "probe", "the importer takes the value of route_server_id"
        ),
    ),
    "aws_vpc_route_server_endpoint": Resource(
        external_name=attribute_as_identifier("route_server_endpoint_id").sourced(
            "probe", "the importer takes the value of route_server_endpoint_id"
        ),
    ),
    "aws_vpc_route_server_peer": Resource(
        external_name=attribute_as_identifier("route_server_peer_id").sourced(
            "probe", "the importer takes the value of route_server_peer_id"
        ),
    ),
    "aws_vpc_route_server_propagation": Resource(
        external_name=composite_from_parameters(",", "route_server_id", "route_table_id").sourced(
            "probe",
            "expected 2 parts separated by ','",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"route_server_id": "partone", "route_table_id": "parttwo"},
                {"route_server_id": "partone", "route_table_id": "parttwo"},
            ),
        ),
    ),
    "aws_vpc_route_server_vpc_association": Resource(
        external_name=composite_from_parameters(",", "route_server_id", "vpc_id").sourced(
            "probe",
            "expected 2 parts separated by ','",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"route_server_id": "partone", "vpc_id": "parttwo"},
                {"route_server_id": "partone", "vpc_id": "parttwo"},
            ),
        ),
    ),
    "aws_vpc_security_group_egress_rule": Resource(
        external_name=PROBED,
        references={
            "prefix_list_id": Reference("aws_ec2_managed_prefix_list"),
            "referenced_security_group_id": Reference("aws_security_group"),
            "security_group_id": Reference("aws_security_group"),
        },
        lookup=Lookup("aws_vpc_security_group_rules"),
        example=Example(
            {
                "region": "us-east-1",
                "cidrIpv4": "10.0.0.0/8",
                "fromPort": 80,
                "ipProtocol": "tcp",
                "securityGroupIdRef": {"name": "example-sg"},
                "toPort": 80,
            }
        ),
    ),
    "aws_vpc_security_group_vpc_association": Resource(
        external_name=composite_from_parameters(",", "security_group_id", "vpc_id").sourced(
            "probe",
            "expected security_group_id,vpc_id",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"security_group_id": "partone", "vpc_id": "parttwo"},
                {"security_group_id": "partone", "vpc_id": "parttwo"},
            ),
        ),
    ),
    "aws_vpn_connection": Resource(
        external_name=PROBED,
        references={
            "customer_gateway_id": Reference("aws_customer_gateway"),
            "transit_gateway_id": Reference("aws_ec2_transit_gateway"),
            "type": Reference("aws_customer_gateway", "type"),
            "vpn_gateway_id": Reference("aws_vpn_gateway"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "customerGatewayIdRef": {"name": "example-customergateway"},
                "transitGatewayIdRef": {"name": "example-transitgateway"},
                "typeRef": {"name": "example-customergateway"},
            }
        ),
    ),
    "aws_vpn_gateway": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
        # 64512 is the cloud's default ASN for the Amazon side; set, so the value is the spec's own.
        example=Example(
            {"region": "us-east-1", "amazonSideAsn": "64512", "tags": {"Name": "main"}, "vpcIdRef": {"name": "example-vpc"}}
        ),
    ),
}
