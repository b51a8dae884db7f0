"""networkmanager: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Lookup, Reference, Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_networkmanager_connect_attachment": Resource(
        external_name=PROBED,
        references={
            "core_network_id": Reference("aws_networkmanager_core_network"),
            "edge_location": Reference("aws_networkmanager_vpc_attachment", "edge_location"),
            "transport_attachment_id": Reference("aws_networkmanager_vpc_attachment"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "coreNetworkIdRef": {"name": "example-corenetwork"},
                "edgeLocationRef": {"name": "example-vpcattachment"},
                "transportAttachmentIdRef": {"name": "example-vpcattachment"},
                "options": {"protocol": "GRE"},
            }
        ),
    ),
    "aws_networkmanager_connect_peer": Resource(
        external_name=PROBED,
    ),
    "aws_networkmanager_connection": Resource(
        external_name=attribute_as_identifier("arn").sourced(
            "probe", "the importer wants the ARN; the state id is the connection ID"
        ),
        references={
            "connected_device_id": Reference("aws_networkmanager_device"),
            "device_id": Reference("aws_networkmanager_device"),
            "global_network_id": Reference("aws_networkmanager_global_network"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "connectedDeviceIdRef": {"name": "example-device"},
                "deviceIdRef": {"name": "example-device"},
                "globalNetworkIdRef": {"name": "example-globalnetwork"},
            }
        ),
    ),
    "aws_networkmanager_core_network": Resource(
        external_name=PROBED,
        references={"global_network_id": Reference("aws_networkmanager_global_network")},
        example=Example({"region": "us-east-1", "globalNetworkIdRef": {"name": "example-globalnetwork"}}),
    ),
    "aws_networkmanager_core_network_policy_attachment": Resource(
        external_name=PROBED,
    ),
    "aws_networkmanager_customer_gateway_association": Resource(
        external_name=PROBED,
        references={
            "customer_gateway_arn": Reference("aws_customer_gateway", "arn"),
            "device_id": Reference("aws_networkmanager_device"),
            "global_network_id": Reference("aws_networkmanager_global_network"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "customerGatewayArnRef": {"name": "example-customergateway"},
                "deviceIdRef": {"name": "example-device"},
                "globalNetworkIdRef": {"name": "example-globalnetwork"},
            }
        ),
    ),
    "aws_networkmanager_device": Resource(
        external_name=attribute_as_identifier("arn").sourced(
            "probe", "the importer wants the ARN; the state id is the device ID"
        ),
        references={
            "global_network_id": Reference("aws_networkmanager_global_network"),
            "site_id": Reference("aws_networkmanager_site"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "globalNetworkIdRef": {"name": "example-globalnetwork"},
                "siteIdRef": {"name": "example-site"},
            }
        ),
    ),
    "aws_networkmanager_dx_gateway_attachment": Resource(
        external_name=PROBED,
    ),
    "aws_networkmanager_global_network": Resource(
        external_name=PROBED,
        lookup=Lookup("aws_networkmanager_global_networks"),
    ),
    "aws_networkmanager_link": Resource(
        external_name=attribute_as_identifier("arn").sourced(
            "probe", "the importer wants the ARN; the state id is the link ID"
        ),
        references={
            "global_network_id": Reference("aws_networkmanager_global_network"),
            "site_id": Reference("aws_networkmanager_site"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "globalNetworkIdRef": {"name": "example-globalnetwork"},
                "providerName": "MegaCorp",
                "siteIdRef": {"name": "example-site"},
                "bandwidth": {"downloadSpeed": 50, "uploadSpeed": 10},
            }
        ),
    ),
    "aws_networkmanager_link_association": Resource(
        external_name=PROBED,
        references={
            "device_id": Reference("aws_networkmanager_device"),
            "global_network_id": Reference("aws_networkmanager_global_network"),
            "link_id": Reference("aws_networkmanager_link"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "deviceIdRef": {"name": "example-device"},
                "globalNetworkIdRef": {"name": "example-globalnetwork"},
                "linkIdRef": {"name": "example-link"},
            }
        ),
    ),
    "aws_networkmanager_site": Resource(
        external_name=attribute_as_identifier("arn").sourced(
            "probe", "the importer wants the ARN; the state id is the site ID"
        ),
        references={"global_network_id": Reference("aws_networkmanager_global_network")},
        example=Example({"region": "us-east-1", "globalNetworkIdRef": {"name": "example-globalnetwork"}}),
    ),
    "aws_networkmanager_site_to_site_vpn_attachment": Resource(
        external_name=PROBED,
    ),
    "aws_networkmanager_transit_gateway_connect_peer_association": Resource(
        external_name=PROBED,
        references={
            "device_id": Reference("aws_networkmanager_device"),
            "global_network_id": Reference("aws_networkmanager_global_network"),
            "transit_gateway_connect_peer_arn": Reference("aws_ec2_transit_gateway_connect_peer", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "deviceIdRef": {"name": "example-device"},
                "globalNetworkIdRef": {"name": "example-globalnetwork"},
                "transitGatewayConnectPeerArnRef": {"name": "example-transitgatewayconnectpeer"},
            }
        ),
    ),
    "aws_networkmanager_transit_gateway_peering": Resource(
        external_name=PROBED,
    ),
    "aws_networkmanager_transit_gateway_registration": Resource(
        external_name=PROBED,
        references={
            "global_network_id": Reference("aws_networkmanager_global_network"),
            "transit_gateway_arn": Reference("aws_ec2_transit_gateway", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "globalNetworkIdRef": {"name": "example-globalnetwork"},
                "transitGatewayArnRef": {"name": "example-transitgateway"},
            }
        ),
    ),
    "aws_networkmanager_transit_gateway_route_table_attachment": Resource(
        external_name=PROBED,
    ),
    "aws_networkmanager_vpc_attachment": Resource(
        external_name=PROBED,
        references={
            "core_network_id": Reference("aws_networkmanager_core_network"),
            "subnet_arns": Reference("aws_subnet", "arn"),
            "vpc_arn": Reference("aws_vpc", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "coreNetworkIdRef": {"name": "example-corenetwork"},
                "subnetArnRefs": [{"name": "example-subnet"}],
                "vpcArnRef": {"name": "example-vpc"},
            }
        ),
    ),
}
