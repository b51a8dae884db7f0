"""elbv2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Lookup, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_lb": Resource(
        external_name=PROBED,
        references={
            "access_logs.bucket": Reference("aws_s3_bucket"),
            "security_groups": Reference("aws_security_group"),
            "subnet_mapping.subnet_id": Reference("aws_subnet"),
            "subnets": Reference("aws_subnet"),
        },
        lookup=Lookup("aws_lbs", ids="arns"),
    ),
    "aws_lb_listener": Resource(
        external_name=PROBED,
        references={
            "default_action.forward.target_group.arn": Reference("aws_lb_target_group", "arn"),
            "default_action.target_group_arn": Reference("aws_lb_target_group", "arn"),
            "load_balancer_arn": Reference("aws_lb", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "certificateArn": "arn:aws:iam::187416307283:server-certificate/test_cert_rab3wuqwgja25ct3n4jdj2tzu4",
                "loadBalancerArnRef": {"name": "example-lb"},
                "protocol": "HTTPS",
                "sslPolicy": "ELBSecurityPolicy-2016-08",
                "defaultAction": [{"targetGroupArnRef": {"name": "example-lbtargetgroup"}, "type": "forward"}],
            }
        ),
    ),
    "aws_lb_listener_certificate": Resource(
        external_name=PROBED,
        references={
            "certificate_arn": Reference("aws_acm_certificate", "arn"),
            "listener_arn": Reference("aws_lb_listener", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "certificateArnRef": {"name": "example-certificate"},
                "listenerArnRef": {"name": "example-lblistener"},
            }
        ),
    ),
    "aws_lb_listener_rule": Resource(
        external_name=PROBED,
        references={
            "action.authenticate_cognito.user_pool_arn": Reference("aws_cognito_user_pool", "arn"),
            "action.authenticate_cognito.user_pool_client_id": Reference("aws_cognito_user_pool_client"),
            "action.authenticate_cognito.user_pool_domain": Reference("aws_cognito_user_pool_domain", "domain"),
            "action.forward.target_group.arn": Reference("aws_lb_target_group", "arn"),
            "action.target_group_arn": Reference("aws_lb_target_group", "arn"),
            "listener_arn": Reference("aws_lb_listener", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "listenerArnRef": {"name": "example-lblistener"},
                "priority": 100,
                "action": [{"targetGroupArnRef": {"name": "example-lbtargetgroup"}, "type": "forward"}],
                "condition": [{"pathPattern": {"values": ["/static/*"]}}, {"hostHeader": {"values": ["example.com"]}}],
            }
        ),
    ),
    "aws_lb_target_group": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc")},
    ),
    "aws_lb_trust_store": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "caCertificatesBundleS3Bucket": "...",
                "caCertificatesBundleS3Key": "...",
                "name": "tf-example-lb-ts",
            }
        ),
    ),
}
