"""amp: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_prometheus_alert_manager_definition": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_prometheus_workspace")},
    ),
    "aws_prometheus_rule_group_namespace": Resource(
        external_name=PROBED,
        references={"workspace_id": Reference("aws_prometheus_workspace")},
    ),
    "aws_prometheus_scraper": Resource(
        external_name=PROBED,
        references={
            "destination.amp.workspace_arn": Reference("aws_prometheus_workspace", "arn"),
            "role_configuration.source_role_arn": Reference("aws_iam_role", "arn"),
            "source.eks.cluster_arn": Reference("aws_eks_cluster", "arn"),
            "source.eks.security_group_ids": Reference("aws_security_group"),
            "source.eks.subnet_ids": Reference("aws_subnet"),
        },
    ),
    "aws_prometheus_workspace": Resource(
        external_name=PROBED,
        references={"kms_key_arn": Reference("aws_kms_key", "arn")},
    ),
    "aws_prometheus_workspace_configuration": Resource(
        external_name=attribute_as_identifier("workspace_id").sourced(
            "probe", "the importer takes the value of workspace_id"
        ),
    ),
}
