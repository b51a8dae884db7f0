"""ecs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, attribute_as_identifier

from . import idfns
from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ecs_account_setting_default": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_ecs_capacity_provider": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
        references={"auto_scaling_group_provider.auto_scaling_group_arn": Reference("aws_autoscaling_group", "arn")},
    ),
    "aws_ecs_cluster": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_ecs_cluster_capacity_providers": Resource(
        external_name=PROBED,
        references={"cluster_name": Reference("aws_ecs_cluster")},
    ),
    "aws_ecs_service": Resource(
        external_name=attribute_as_identifier("name", argument="name")
        .with_get_id(idfns.ecs_service_id)
        .sourced(
            "probe+upjet+docs",
            "cluster-name/service-name",
            IDExample(
                "cluster-name/service-name",
                "service-name",
                {"cluster": "arn:aws:ecs:us-east-1:123456789012:cluster/cluster-name", "name": "service-name"},
                source="docs",
            ),
        ),
        references={
            "cluster": Reference("aws_ecs_cluster"),
            "iam_role": Reference("aws_iam_role", "arn"),
            "load_balancer.target_group_arn": Reference("aws_lb_target_group", "arn"),
            "network_configuration.security_groups": Reference("aws_security_group"),
            "network_configuration.subnets": Reference("aws_subnet"),
            "task_definition": Reference("aws_ecs_task_definition", "arn"),
        },
    ),
    "aws_ecs_tag": Resource(
        external_name=PROBED,
    ),
    "aws_ecs_task_definition": Resource(
        external_name=attribute_as_identifier("arn").sourced(
            "probe", "the importer wants the task definition ARN (the state id is the family)"
        ),
        references={"execution_role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_ecs_task_set": Resource(
        external_name=PROBED,
    ),
}
