"""workspaces: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_workspaces_connection_alias": Resource(
        external_name=PROBED,
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
    ),
    "aws_workspaces_workspace": Resource(
        external_name=PROBED,
    ),
}
