"""workspaces: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_workspaces_connection_alias": Resource(
        external_name=PROBED,
        # The FQDN users connect to, which the alias maps to a directory's WorkSpaces.
        example=Example({"region": "us-east-1", "connectionString": "desktops.example.com"}),
    ),
    "aws_workspaces_directory": Resource(
        external_name=PROBED,
        references={
            "active_directory_config.service_account_secret_arn": Reference("aws_secretsmanager_secret", "arn"),
            "directory_id": Reference("aws_directory_service_directory"),
            "ip_group_ids": Reference("aws_workspaces_ip_group"),
            "subnet_ids": Reference("aws_subnet"),
            "workspace_creation_properties.custom_security_group_id": Reference("aws_security_group"),
        },
    ),
    "aws_workspaces_ip_group": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Contractors IP access control group",
                "name": "Contractors",
                "rules": [
                    {"description": "NY", "source": "150.24.14.0/24"},
                    {"description": "LA", "source": "125.191.14.85/32"},
                    {"description": "STL", "source": "44.98.100.0/24"},
                ],
            }
        ),
    ),
    "aws_workspaces_workspace": Resource(
        external_name=PROBED,
    ),
}
