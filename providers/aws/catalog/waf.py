"""waf: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_waf_byte_match_set": Resource(
        external_name=PROBED,
    ),
    "aws_waf_geo_match_set": Resource(
        external_name=PROBED,
    ),
    "aws_waf_ipset": Resource(
        external_name=PROBED,
    ),
    "aws_waf_rate_based_rule": Resource(
        external_name=PROBED,
        references={"predicates.data_id": Reference("aws_waf_ipset")},
    ),
    "aws_waf_regex_match_set": Resource(
        external_name=PROBED,
        references={"regex_match_tuple.regex_pattern_set_id": Reference("aws_waf_regex_pattern_set")},
    ),
    "aws_waf_regex_pattern_set": Resource(
        external_name=PROBED,
    ),
    "aws_waf_rule": Resource(
        external_name=PROBED,
        references={"predicates.data_id": Reference("aws_waf_ipset")},
    ),
    "aws_waf_rule_group": Resource(
        external_name=PROBED,
    ),
    "aws_waf_size_constraint_set": Resource(
        external_name=PROBED,
    ),
    "aws_waf_sql_injection_match_set": Resource(
        external_name=PROBED,
    ),
    "aws_waf_web_acl": Resource(
        external_name=PROBED,
        references={
            "logging_configuration.log_destination": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "rules.rule_id": Reference("aws_waf_rule"),
        },
    ),
    "aws_waf_xss_match_set": Resource(
        external_name=PROBED,
    ),
}
