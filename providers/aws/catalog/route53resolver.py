"""route53resolver: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_route53_resolver_dnssec_config": Resource(
        external_name=PROBED,
        references={"resource_id": Reference("aws_vpc")},
        example=Example({"region": "us-east-1", "resourceIdRef": {"name": "example-vpc"}}),
    ),
    "aws_route53_resolver_endpoint": Resource(
        external_name=PROBED,
        references={
            "ip_address.subnet_id": Reference("aws_subnet"),
            "security_group_ids": Reference("aws_security_group"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "direction": "INBOUND",
                "name": "foo",
                "protocols": ["Do53", "DoH"],
                "resolverEndpointType": "IPV4",
                "securityGroupIdRefs": [{"name": "example-sg"}],
                "tags": {"Environment": "Prod"},
                "ipAddress": [
                    {"subnetIdRef": {"name": "example-subnet"}},
                    # An address in the example subnet's 10.0.1.0/24.
                    {"ip": "10.0.1.10", "subnetIdRef": {"name": "example-subnet"}},
                ],
            }
        ),
    ),
    "aws_route53_resolver_firewall_config": Resource(
        external_name=PROBED,
        references={"resource_id": Reference("aws_vpc")},
        # The example VPC's DNS queries are answered even while the firewall cannot be reached.
        example=Example(
            {"region": "us-east-1", "firewallFailOpen": "ENABLED", "resourceIdRef": {"name": "example-vpc"}}
        ),
    ),
    "aws_route53_resolver_firewall_domain_list": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "name": "example", "domains": ["example.com.", "malware.example.net."]}
        ),
    ),
    "aws_route53_resolver_firewall_rule": Resource(
        external_name=PROBED,
        references={
            "firewall_domain_list_id": Reference("aws_route53_resolver_firewall_domain_list"),
            "firewall_rule_group_id": Reference("aws_route53_resolver_firewall_rule_group"),
        },
        # Queries for the example domain list's domains are blocked with NXDOMAIN.
        example=Example(
            {
                "region": "us-east-1",
                "action": "BLOCK",
                "blockResponse": "NXDOMAIN",
                "firewallDomainListIdRef": {"name": "example-firewalldomainlist"},
                "firewallRuleGroupIdRef": {"name": "example-firewallrulegroup"},
                "name": "example",
                "priority": 100,
            }
        ),
    ),
    "aws_route53_resolver_firewall_rule_group": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_route53_resolver_firewall_rule_group_association": Resource(
        external_name=PROBED,
        references={
            "firewall_rule_group_id": Reference("aws_route53_resolver_firewall_rule_group"),
            "vpc_id": Reference("aws_vpc"),
        },
        # Priorities 100 to 9,900 are the account's own (lower and higher ones are AWS's).
        example=Example(
            {
                "region": "us-east-1",
                "firewallRuleGroupIdRef": {"name": "example-firewallrulegroup"},
                "name": "example",
                "priority": 101,
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_route53_resolver_query_log_config": Resource(
        external_name=PROBED,
        references={"destination_arn": Reference("aws_cloudwatch_log_group", "arn")},
        # Queries are logged to the example log group (an S3 bucket or a Firehose stream would do too).
        example=Example(
            {
                "region": "us-east-1",
                "destinationArnRef": {"name": "example-log-group"},
                "name": "example",
                "tags": {"Environment": "Prod"},
            }
        ),
    ),
    "aws_route53_resolver_query_log_config_association": Resource(
        external_name=PROBED,
        references={
            "resolver_query_log_config_id": Reference("aws_route53_resolver_query_log_config"),
            "resource_id": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "resolverQueryLogConfigIdRef": {"name": "example-querylogconfig"},
                "resourceIdRef": {"name": "example-vpc"},
            }
        ),
    ),
    "aws_route53_resolver_rule": Resource(
        external_name=PROBED,
        references={"resolver_endpoint_id": Reference("aws_route53_resolver_endpoint")},
        example=Example({"region": "us-east-1", "domainName": "subdomain.example.com", "ruleType": "SYSTEM"}),
    ),
    "aws_route53_resolver_rule_association": Resource(
        external_name=PROBED,
        references={"resolver_rule_id": Reference("aws_route53_resolver_rule"), "vpc_id": Reference("aws_vpc")},
        example=Example(
            {"region": "us-east-1", "resolverRuleIdRef": {"name": "example-rule"}, "vpcIdRef": {"name": "example-vpc"}}
        ),
    ),
}
