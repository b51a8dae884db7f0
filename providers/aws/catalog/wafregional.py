"""wafregional: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_wafregional_byte_match_set": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_geo_match_set": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_ipset": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_rate_based_rule": Resource(
        external_name=PROBED,
        references={"predicate.data_id": Reference("aws_wafregional_ipset")},
    ),
    "aws_wafregional_regex_match_set": Resource(
        external_name=PROBED,
        references={"regex_match_tuple.regex_pattern_set_id": Reference("aws_wafregional_regex_pattern_set")},
    ),
    "aws_wafregional_regex_pattern_set": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_rule": Resource(
        external_name=PROBED,
        references={"predicate.data_id": Reference("aws_wafregional_ipset")},
    ),
    "aws_wafregional_rule_group": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_size_constraint_set": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_sql_injection_match_set": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_web_acl": Resource(
        external_name=PROBED,
        references={
            "logging_configuration.log_destination": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "rule.rule_id": Reference("aws_wafregional_rule"),
        },
    ),
    "aws_wafregional_web_acl_association": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_xss_match_set": Resource(
        external_name=PROBED,
    ),
}
