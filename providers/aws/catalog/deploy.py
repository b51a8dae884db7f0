"""deploy: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id, identifier_from_provider

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_codedeploy_app": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "APPLICATION-ID:NAME (the state id) imports without the cloud"
        ),
        example=Example({"region": "us-east-1", "computePlatform": "ECS", "name": "example"}),
    ),
    "aws_codedeploy_deployment_config": Resource(
        external_name=by_name("deployment_config_name"),
        example=Example({"region": "us-east-1", "minimumHealthyHosts": {"type": "HOST_COUNT", "value": 2}}),
    ),
    "aws_codedeploy_deployment_group": Resource(
        external_name=composite_id(
            "{{ .parameters.app_name }}:{{ .external_name }}", argument="deployment_group_name"
        ).sourced(
            "probe+upjet+docs",
            "ApplicationName:DeploymentGroupName",
            IDExample(
                "my-application:my-deployment-group",
                "my-deployment-group",
                {"app_name": "my-application", "deployment_group_name": "my-deployment-group"},
                source="docs",
            ),
        ),
        references={
            "app_name": Reference("aws_codedeploy_app"),
            "ecs_service.cluster_name": Reference("aws_ecs_cluster"),
            "ecs_service.service_name": Reference("aws_ecs_service"),
            "load_balancer_info.elb_info.name": Reference("aws_elb"),
            "load_balancer_info.target_group_pair_info.prod_traffic_route.listener_arns": Reference(
                "aws_lb_listener", "arn"
            ),
            "load_balancer_info.target_group_pair_info.target_group.name": Reference("aws_lb_target_group", "name"),
            "service_role_arn": Reference("aws_iam_role", "arn"),
            "trigger_configuration.trigger_target_arn": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "appNameRef": {"name": "example-app"},
                "outdatedInstancesStrategy": "UPDATE",
                "serviceRoleArnRef": {"name": "example-role"},
                "alarmConfiguration": {"alarms": ["my-alarm-name"], "enabled": True},
                "autoRollbackConfiguration": {"enabled": True, "events": ["DEPLOYMENT_FAILURE"]},
                "ec2TagSet": [
                    {
                        "ec2TagFilter": [
                            {"key": "filterkey1", "type": "KEY_AND_VALUE", "value": "filtervalue"},
                            {"key": "filterkey2", "type": "KEY_AND_VALUE", "value": "filtervalue"},
                        ]
                    }
                ],
                "triggerConfiguration": [
                    {
                        "triggerEvents": ["DeploymentFailure"],
                        "triggerName": "example-trigger",
                        "triggerTargetArnRef": {"name": "example-topic"},
                    }
                ],
            }
        ),
    ),
}
