"""grafana: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_grafana_license_association": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_grafana_workspace")},
        sensitive=("grafana_token",),
        example=Example(
            {
                "region": "us-east-1",
                "licenseType": "ENTERPRISE_FREE_TRIAL",
                "workspaceIdRef": {"name": "example-workspace"},
            }
        ),
    ),
    "aws_grafana_workspace": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "accountAccessType": "CURRENT_ACCOUNT",
                "authenticationProviders": ["SAML"],
                "permissionType": "SERVICE_MANAGED",
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_grafana_workspace_saml_configuration": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_grafana_workspace")},
        example=Example(
            {
                "region": "us-east-1",
                "editorRoleValues": ["editor"],
                "idpMetadataUrl": "https://my_idp_metadata.url",
                "workspaceIdRef": {"name": "example-workspace"},
            }
        ),
    ),
    "aws_grafana_workspace_service_account": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_grafana_workspace")},
        example=Example(
            {
                "region": "us-east-1",
                "grafanaRole": "VIEWER",
                "name": "example",
                "workspaceIdRef": {"name": "example-workspace"},
            }
        ),
    ),
}
