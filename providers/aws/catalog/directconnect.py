"""directconnect: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters, identifier_from_provider

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_dx_connection": Resource(
        external_name=PROBED,
        late_init_ignore=("encryption_mode",),
        timeouts=SLOW,
        example=Example({"region": "us-east-1", "bandwidth": "1Gbps", "location": "EqDC2", "name": "tf-dx-connection"}),
    ),
    "aws_dx_gateway": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "amazonSideAsn": "64512", "name": "tf-dxg-example"}),
    ),
    "aws_dx_gateway_association": Resource(
        external_name=composite_from_parameters("/", "dx_gateway_id", "associated_gateway_id").sourced(
            "probe+docs",
            "DXGATEWAYID/ASSOCIATEDGATEWAYID",
            IDExample(
                "345508c3-7215-4aef-9832-07c125d5bd0f/vgw-98765432",
                "345508c3-7215-4aef-9832-07c125d5bd0f/vgw-98765432",
                {"dx_gateway_id": "345508c3-7215-4aef-9832-07c125d5bd0f", "associated_gateway_id": "vgw-98765432"},
                source="docs",
            ),
        ),
        references={
            "associated_gateway_id": Reference("aws_vpn_gateway"),
            "dx_gateway_id": Reference("aws_dx_gateway"),
        },
        late_init_ignore=("associated_gateway_owner_account_id",),
        example=Example(
            {
                "region": "us-east-1",
                "associatedGatewayIdRef": {"name": "example-vpngateway"},
                "dxGatewayIdRef": {"name": "example-gateway"},
            }
        ),
    ),
    "aws_dx_gateway_association_proposal": Resource(
        external_name=PROBED,
        references={
            "associated_gateway_id": Reference("aws_vpn_gateway"),
            "dx_gateway_id": Reference("aws_dx_gateway"),
            "dx_gateway_owner_account_id": Reference("aws_dx_gateway", "owner_account_id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "associatedGatewayIdRef": {"name": "example-vpngateway"},
                "dxGatewayIdRef": {"name": "example-gateway"},
                "dxGatewayOwnerAccountIdRef": {"name": "example-gateway"},
            }
        ),
    ),
    "aws_dx_hosted_private_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
        example=Example(
            {
                "region": "us-east-1",
                "addressFamily": "ipv4",
                "bgpAsn": 65352,
                "connectionIdRef": {"name": "example-connection"},
                "name": "vif-foo",
                "ownerAccountId": "example",
                "vlan": 4094,
            }
        ),
    ),
    "aws_dx_hosted_private_virtual_interface_accepter": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={
            "virtual_interface_id": Reference("aws_dx_hosted_private_virtual_interface"),
            "vpn_gateway_id": Reference("aws_vpn_gateway"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"Side": "Accepter"},
                "virtualInterfaceIdRef": {"name": "example-hostedprivatevirtualinterface"},
                "vpnGatewayIdRef": {"name": "example-vpngateway"},
            }
        ),
    ),
    "aws_dx_hosted_public_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
        example=Example(
            {
                "region": "us-east-1",
                "addressFamily": "ipv4",
                "amazonAddress": "175.45.176.2/30",
                "bgpAsn": 65352,
                "connectionIdRef": {"name": "example-connection"},
                "customerAddress": "175.45.176.1/30",
                "name": "vif-foo",
                "ownerAccountId": "example",
                "routeFilterPrefixes": ["210.52.109.0/24", "175.45.176.0/22"],
                "vlan": 4094,
            }
        ),
    ),
    "aws_dx_hosted_public_virtual_interface_accepter": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"virtual_interface_id": Reference("aws_dx_hosted_public_virtual_interface")},
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"Side": "Accepter"},
                "virtualInterfaceIdRef": {"name": "example-hostedpublicvirtualinterface"},
            }
        ),
    ),
    "aws_dx_hosted_transit_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
        example=Example(
            {
                "region": "us-east-1",
                "addressFamily": "ipv4",
                "bgpAsn": 65352,
                "connectionIdRef": {"name": "example-connection"},
                "name": "tf-transit-vif-example",
                "ownerAccountId": "example",
                "vlan": 4094,
            }
        ),
    ),
    "aws_dx_hosted_transit_virtual_interface_accepter": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={
            "dx_gateway_id": Reference("aws_dx_gateway"),
            "virtual_interface_id": Reference("aws_dx_hosted_transit_virtual_interface"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "dxGatewayIdRef": {"name": "example-gateway"},
                "tags": {"Side": "Accepter"},
                "virtualInterfaceIdRef": {"name": "example-hostedtransitvirtualinterface"},
            }
        ),
    ),
    "aws_dx_lag": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "connectionsBandwidth": "1Gbps",
                "forceDestroy": True,
                "location": "EqDC2",
                "name": "tf-dx-lag",
            }
        ),
    ),
    "aws_dx_macsec_key_association": Resource(
        external_name=PROBED,
    ),
    "aws_dx_private_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection"), "vpn_gateway_id": Reference("aws_vpn_gateway")},
        example=Example(
            {
                "region": "us-east-1",
                "addressFamily": "ipv4",
                "bgpAsn": 65352,
                "connectionIdRef": {"name": "example-connection"},
                "name": "vif-foo",
                "vlan": 4094,
            }
        ),
    ),
    "aws_dx_public_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
        example=Example(
            {
                "region": "us-east-1",
                "addressFamily": "ipv4",
                "amazonAddress": "175.45.176.2/30",
                "bgpAsn": 65352,
                "connectionIdRef": {"name": "example-connection"},
                "customerAddress": "175.45.176.1/30",
                "name": "vif-foo",
                "routeFilterPrefixes": ["210.52.109.0/24", "175.45.176.0/22"],
                "vlan": 4094,
            }
        ),
    ),
    "aws_dx_transit_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection"), "dx_gateway_id": Reference("aws_dx_gateway")},
        example=Example(
            {
                "region": "us-east-1",
                "addressFamily": "ipv4",
                "bgpAsn": 65352,
                "connectionIdRef": {"name": "example-connection"},
                "dxGatewayIdRef": {"name": "example-gateway"},
                "name": "tf-transit-vif-example",
                "vlan": 4094,
            }
        ),
    ),
}
