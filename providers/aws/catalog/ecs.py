"""ecs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, attribute_as_identifier

from . import idfns
from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ecs_account_setting_default": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
        example=Example({"region": "us-east-1", "value": "enabled"}),
    ),
    "aws_ecs_capacity_provider": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
        references={"auto_scaling_group_provider.auto_scaling_group_arn": Reference("aws_autoscaling_group", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "autoScalingGroupProvider": {
                    "autoScalingGroupArnRef": {"name": "example-autoscalinggroup"},
                    "managedTerminationProtection": "ENABLED",
                    "managedScaling": {
                        "maximumScalingStepSize": 1000,
                        "minimumScalingStepSize": 1,
                        "status": "ENABLED",
                        "targetCapacity": 10,
                    },
                },
            }
        ),
    ),
    "aws_ecs_cluster": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
        example=Example({"region": "us-east-1", "setting": [{"name": "containerInsights", "value": "enabled"}]}),
    ),
    "aws_ecs_cluster_capacity_providers": Resource(
        external_name=PROBED,
        references={"cluster_name": Reference("aws_ecs_cluster")},
        example=Example(
            {
                "region": "us-east-1",
                "capacityProviders": ["FARGATE"],
                "clusterNameRef": {"name": "example-cluster"},
                "defaultCapacityProviderStrategy": [{"base": 1, "capacityProvider": "FARGATE", "weight": 100}],
            }
        ),
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
            # The cluster's ARN (as provider-upjet-aws extracts it): an import reads the ARN back, so a
            # spec naming the cluster by name would plan the service's replacement after a lost workspace.
            "cluster": Reference("aws_ecs_cluster", "arn"),
            "iam_role": Reference("aws_iam_role", "arn"),
            "load_balancer.target_group_arn": Reference("aws_lb_target_group", "arn"),
            "network_configuration.security_groups": Reference("aws_security_group"),
            "network_configuration.subnets": Reference("aws_subnet"),
            "task_definition": Reference("aws_ecs_task_definition", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                # On Fargate, in the example subnet: an awsvpc service (a service without a network
                # configuration is answered by moto with an empty one, on which the provider's read panics).
                "clusterRef": {"name": "example-cluster"},
                "desiredCount": 1,
                "launchType": "FARGATE",
                "taskDefinitionRef": {"name": "example-taskdefinition"},
                "networkConfiguration": {
                    "securityGroupRefs": [{"name": "example-sg"}],
                    "subnetRefs": [{"name": "example-subnet"}],
                },
            }
        ),
    ),
    "aws_ecs_tag": Resource(
        external_name=PROBED,
        # A tag on a cluster no kind manages the tags of (the one AWS Batch made for the example compute
        # environment, as in the provider's documentation): on the example cluster, that kind's next
        # update would remove it.
        references={"resource_arn": Reference("aws_batch_compute_environment", "ecs_cluster_arn")},
        example=Example(
            {
                "region": "us-east-1",
                "key": "Owner",
                "resourceArnRef": {"name": "example-computeenvironment"},
                "value": "platform",
            }
        ),
    ),
    "aws_ecs_task_definition": Resource(
        external_name=attribute_as_identifier("arn").sourced(
            "probe", "the importer wants the task definition ARN (the state id is the family)"
        ),
        references={"execution_role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                # The provider's documented shape: a JSON list of container definitions.
                "containerDefinitions": '[{"name":"first","image":"public.ecr.aws/nginx/nginx:latest","cpu":10,"memory":512,"essential":true,'
                '"portMappings":[{"containerPort":80,"hostPort":80}]}]',
                # A Fargate task: awsvpc networking, and its CPU and memory at task level.
                "family": "service",
                "cpu": "256",
                "memory": "512",
                "networkMode": "awsvpc",
                "requiresCompatibilities": ["FARGATE"],
            }
        ),
    ),
    "aws_ecs_task_set": Resource(
        external_name=PROBED,
    ),
}
