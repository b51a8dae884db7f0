"""networkfirewall: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_networkfirewall_firewall": Resource(
        external_name=PROBED,
        references={
            "firewall_policy_arn": Reference("aws_networkfirewall_firewall_policy", "arn"),
            "subnet_mapping.subnet_id": Reference("aws_subnet"),
            "vpc_id": Reference("aws_vpc"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "enabledAnalysisTypes": ["TLS_SNI", "HTTP_HOST"],
                "firewallPolicyArnRef": {"name": "example-firewallpolicy"},
                "name": "example",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
                "vpcIdRef": {"name": "example-vpc"},
                "subnetMapping": [{"subnetIdRef": {"name": "example-subnet"}}],
            }
        ),
    ),
    "aws_networkfirewall_firewall_policy": Resource(
        external_name=PROBED,
        references={
            "firewall_policy.stateful_rule_group_reference.resource_arn": Reference(
                "aws_networkfirewall_rule_group", "arn"
            ),
            "firewall_policy.stateless_rule_group_reference.resource_arn": Reference(
                "aws_networkfirewall_rule_group", "arn"
            ),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
                "firewallPolicy": {
                    "statelessDefaultActions": ["aws:pass"],
                    "statelessFragmentDefaultActions": ["aws:drop"],
                    "statelessRuleGroupReference": [{"priority": 1, "resourceArnRef": {"name": "example-rulegroup"}}],
                },
            }
        ),
    ),
    "aws_networkfirewall_logging_configuration": Resource(
        external_name=PROBED,
        references={"firewall_arn": Reference("aws_networkfirewall_firewall", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "firewallArnRef": {"name": "example-firewall"},
                "loggingConfiguration": {
                    "logDestinationConfig": [
                        {
                            "logDestination": {"bucketName": "${aws_s3_bucket.example.bucket}", "prefix": "example"},
                            "logDestinationType": "S3",
                            "logType": "FLOW",
                        }
                    ]
                },
            }
        ),
    ),
    "aws_networkfirewall_resource_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_networkfirewall_rule_group", "arn")},
        # Another account may use the example rule group in its firewall policies.
        example=Example(
            {
                "region": "us-east-1",
                "resourceArnRef": {"name": "example-rulegroup"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":'
                '"arn:aws:iam::111122223333:root"},"Action":["network-firewall:CreateFirewallPolicy",'
                '"network-firewall:UpdateFirewallPolicy","network-firewall:ListRuleGroups"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_networkfirewall_rule_group": Resource(
        external_name=PROBED,
        references={
            "rule_group.reference_sets.ip_set_references.ip_set_reference.reference_arn": Reference(
                "aws_ec2_managed_prefix_list", "arn"
            )
        },
        example=Example(
            {
                "region": "us-east-1",
                "capacity": 100,
                "name": "example",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
                "type": "STATEFUL",
                "ruleGroup": {
                    "rulesSource": {
                        "rulesSourceList": {
                            "generatedRulesType": "DENYLIST",
                            "targetTypes": ["HTTP_HOST"],
                            "targets": ["test.example.com"],
                        }
                    }
                },
            }
        ),
    ),
    "aws_networkfirewall_tls_inspection_configuration": Resource(
        external_name=PROBED,
    ),
}
