"""networkfirewall: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

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
    ),
    "aws_networkfirewall_logging_configuration": Resource(
        external_name=PROBED,
        references={"firewall_arn": Reference("aws_networkfirewall_firewall", "arn")},
    ),
    "aws_networkfirewall_resource_policy": Resource(
        external_name=PROBED,
    ),
    "aws_networkfirewall_rule_group": Resource(
        external_name=PROBED,
        references={
            "rule_group.reference_sets.ip_set_references.ip_set_reference.reference_arn": Reference(
                "aws_ec2_managed_prefix_list", "arn"
            )
        },
    ),
    "aws_networkfirewall_tls_inspection_configuration": Resource(
        external_name=PROBED,
    ),
}
