"""directconnect: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_from_parameters, identifier_from_provider

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_dx_connection": Resource(
        external_name=PROBED,
        late_init_ignore=("encryption_mode",),
        timeouts=SLOW,
    ),
    "aws_dx_gateway": Resource(
        external_name=PROBED,
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
    ),
    "aws_dx_gateway_association_proposal": Resource(
        external_name=PROBED,
        references={
            "associated_gateway_id": Reference("aws_vpn_gateway"),
            "dx_gateway_id": Reference("aws_dx_gateway"),
            "dx_gateway_owner_account_id": Reference("aws_dx_gateway", "owner_account_id"),
        },
    ),
    "aws_dx_hosted_private_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
    ),
    "aws_dx_hosted_private_virtual_interface_accepter": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={
            "virtual_interface_id": Reference("aws_dx_hosted_private_virtual_interface"),
            "vpn_gateway_id": Reference("aws_vpn_gateway"),
        },
    ),
    "aws_dx_hosted_public_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
    ),
    "aws_dx_hosted_public_virtual_interface_accepter": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"virtual_interface_id": Reference("aws_dx_hosted_public_virtual_interface")},
    ),
    "aws_dx_hosted_transit_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
    ),
    "aws_dx_hosted_transit_virtual_interface_accepter": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={
            "dx_gateway_id": Reference("aws_dx_gateway"),
            "virtual_interface_id": Reference("aws_dx_hosted_transit_virtual_interface"),
        },
    ),
    "aws_dx_lag": Resource(
        external_name=PROBED,
    ),
    "aws_dx_macsec_key_association": Resource(
        external_name=PROBED,
    ),
    "aws_dx_private_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection"), "vpn_gateway_id": Reference("aws_vpn_gateway")},
    ),
    "aws_dx_public_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection")},
    ),
    "aws_dx_transit_virtual_interface": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer reads the interface by its ID, the state id"
        ),
        references={"connection_id": Reference("aws_dx_connection"), "dx_gateway_id": Reference("aws_dx_gateway")},
    ),
}
