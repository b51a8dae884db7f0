"""verifiedaccess: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_verifiedaccess_endpoint": Resource(
        external_name=PROBED,
        references={
            "cidr_options.cidr": Reference("aws_subnet", "cidr_block"),
            "cidr_options.subnet_ids": Reference("aws_subnet"),
            "domain_certificate_arn": Reference("aws_acm_certificate", "arn"),
            "load_balancer_options.load_balancer_arn": Reference("aws_lb", "arn"),
            "load_balancer_options.subnet_ids": Reference("aws_subnet"),
            "network_interface_options.network_interface_id": Reference("aws_network_interface"),
            "security_group_ids": Reference("aws_security_group"),
            "verified_access_group_id": Reference("aws_verifiedaccess_group"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "applicationDomain": "example.com",
                "attachmentType": "vpc",
                "description": "example",
                "domainCertificateArnRef": {"name": "example-certificate"},
                "endpointDomainPrefix": "example",
                "endpointType": "load-balancer",
                "securityGroupIdRefs": [{"name": "example-sg"}],
                "verifiedAccessGroupIdRef": {"name": "example-group"},
                "loadBalancerOptions": {"loadBalancerArnRef": {"name": "example-lb"}, "port": 443, "protocol": "https"},
            }
        ),
    ),
    "aws_verifiedaccess_group": Resource(
        external_name=PROBED,
        references={
            "sse_configuration.kms_key_arn": Reference("aws_kms_key", "arn"),
            "verifiedaccess_instance_id": Reference("aws_verifiedaccess_instance"),
        },
        example=Example({"region": "us-east-1", "verifiedaccessInstanceIdRef": {"name": "example-instance"}}),
    ),
    "aws_verifiedaccess_instance": Resource(
        external_name=PROBED,
    ),
    "aws_verifiedaccess_instance_logging_configuration": Resource(
        external_name=PROBED,
        references={
            "access_logs.cloudwatch_logs.log_group": Reference("aws_cloudwatch_log_group"),
            "access_logs.kinesis_data_firehose.delivery_stream": Reference(
                "aws_kinesis_firehose_delivery_stream", "name"
            ),
            "access_logs.s3.bucket_name": Reference("aws_s3_bucket"),
            "verifiedaccess_instance_id": Reference("aws_verifiedaccess_instance"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "verifiedaccessInstanceIdRef": {"name": "example-instance"},
                "accessLogs": {"cloudwatchLogs": {"enabled": True, "logGroupRef": {"name": "example-log-group"}}},
            }
        ),
    ),
    "aws_verifiedaccess_instance_trust_provider_attachment": Resource(
        external_name=PROBED,
        references={
            "verifiedaccess_instance_id": Reference("aws_verifiedaccess_instance"),
            "verifiedaccess_trust_provider_id": Reference("aws_verifiedaccess_trust_provider"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "verifiedaccessInstanceIdRef": {"name": "example-instance"},
                "verifiedaccessTrustProviderIdRef": {"name": "example-trustprovider"},
            }
        ),
    ),
    "aws_verifiedaccess_trust_provider": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "policyReferenceName": "example",
                "trustProviderType": "user",
                "userTrustProviderType": "iam-identity-center",
            }
        ),
    ),
}
