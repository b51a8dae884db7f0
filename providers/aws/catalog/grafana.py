"""grafana: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_grafana_license_association": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_grafana_workspace")},
        sensitive=("grafana_token",),
    ),
    "aws_grafana_workspace": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_grafana_workspace_saml_configuration": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_grafana_workspace")},
    ),
    "aws_grafana_workspace_service_account": Resource(
        external_name=PROBED,
    ),
}
