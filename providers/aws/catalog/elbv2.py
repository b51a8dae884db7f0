"""elbv2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Lookup, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_lb": Resource(
        external_name=PROBED,
        references={
            # The bucket name as observed: the external name is known before the bucket exists.
            "access_logs.bucket": Reference("aws_s3_bucket", "bucket"),
            "security_groups": Reference("aws_security_group"),
            "subnet_mapping.subnet_id": Reference("aws_subnet"),
            "subnets": Reference("aws_subnet"),
        },
        lookup=Lookup("aws_lbs", ids="arns"),
        # A network load balancer: it takes one subnet (an application one needs two zones), an
        # endpoint service can front it, and its listeners forward TCP and TLS. Internal, as the VPC of
        # the examples has no internet gateway.
        example=Example(
            {
                "region": "us-east-1",
                "name": "example-nlb",
                "internal": True,
                "loadBalancerType": "network",
                "subnetRefs": [{"name": "example-subnet"}],
                "tags": {"Environment": "example"},
            }
        ),
    ),
    "aws_lb_listener": Resource(
        external_name=PROBED,
        references={
            "certificate_arn": Reference("aws_acm_certificate", "arn"),
            "default_action.forward.target_group.arn": Reference("aws_lb_target_group", "arn"),
            "default_action.target_group_arn": Reference("aws_lb_target_group", "arn"),
            "load_balancer_arn": Reference("aws_lb", "arn"),
        },
        # TLS on the example network load balancer, forwarded to its TCP target group.
        example=Example(
            {
                "region": "us-east-1",
                "certificateArnRef": {"name": "example-certificate"},
                "loadBalancerArnRef": {"name": "example-lb"},
                "port": 443,
                "protocol": "TLS",
                "sslPolicy": "ELBSecurityPolicy-TLS13-1-2-2021-06",
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
        # Instance targets (the default target_type) need a port; TCP, as the example load balancer is a
        # network one.
        example=Example(
            {"region": "us-east-1", "name": "tf-example-lb-tg", "port": 80, "protocol": "TCP", "vpcIdRef": {"name": "example-vpc"}}
        ),
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
