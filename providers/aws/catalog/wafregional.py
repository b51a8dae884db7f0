"""wafregional: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_wafregional_byte_match_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "tf_waf_byte_match_set",
                "byteMatchTuples": [
                    {
                        "positionalConstraint": "CONTAINS",
                        "targetString": "badrefer1",
                        "textTransformation": "NONE",
                        "fieldToMatch": {"data": "referer", "type": "HEADER"},
                    }
                ],
            }
        ),
    ),
    "aws_wafregional_geo_match_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "geo_match_set",
                "geoMatchConstraint": [{"type": "Country", "value": "US"}, {"type": "Country", "value": "CA"}],
            }
        ),
    ),
    "aws_wafregional_ipset": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "tfIPSet",
                "ipSetDescriptor": [
                    {"type": "IPV4", "value": "192.0.7.0/24"},
                    {"type": "IPV4", "value": "10.16.16.0/16"},
                ],
            }
        ),
    ),
    "aws_wafregional_rate_based_rule": Resource(
        external_name=PROBED,
        references={"predicate.data_id": Reference("aws_wafregional_ipset")},
        example=Example(
            {
                "region": "us-east-1",
                "metricName": "tfWAFRule",
                "name": "tfWAFRule",
                "rateKey": "IP",
                "rateLimit": 100,
                "predicate": [{"dataIdRef": {"name": "example-ipset"}, "negated": False, "type": "IPMatch"}],
            }
        ),
    ),
    "aws_wafregional_regex_match_set": Resource(
        external_name=PROBED,
        references={"regex_match_tuple.regex_pattern_set_id": Reference("aws_wafregional_regex_pattern_set")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "regexMatchTuple": [
                    {
                        "regexPatternSetIdRef": {"name": "example-regexpatternset"},
                        "textTransformation": "NONE",
                        "fieldToMatch": {"data": "User-Agent", "type": "HEADER"},
                    }
                ],
            }
        ),
    ),
    "aws_wafregional_regex_pattern_set": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "example", "regexPatternStrings": ["one", "two"]}),
    ),
    "aws_wafregional_rule": Resource(
        external_name=PROBED,
        references={"predicate.data_id": Reference("aws_wafregional_ipset")},
        example=Example(
            {
                "region": "us-east-1",
                "metricName": "tfWAFRule",
                "name": "tfWAFRule",
                "predicate": [{"dataIdRef": {"name": "example-ipset"}, "negated": False, "type": "IPMatch"}],
            }
        ),
    ),
    "aws_wafregional_rule_group": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_size_constraint_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "tfsize_constraints",
                "sizeConstraints": [
                    {
                        "comparisonOperator": "EQ",
                        "size": 1,
                        "textTransformation": "NONE",
                        "fieldToMatch": {"type": "BODY"},
                    }
                ],
            }
        ),
    ),
    "aws_wafregional_sql_injection_match_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "tf-sql_injection_match_set",
                "sqlInjectionMatchTuple": [
                    {"textTransformation": "URL_DECODE", "fieldToMatch": {"type": "QUERY_STRING"}}
                ],
            }
        ),
    ),
    "aws_wafregional_web_acl": Resource(
        external_name=PROBED,
        references={
            "logging_configuration.log_destination": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "rule.rule_id": Reference("aws_wafregional_rule"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "metricName": "tfWebACL",
                "name": "tfWebACL",
                "defaultAction": {"type": "ALLOW"},
                "rule": [
                    {
                        "priority": 1,
                        "ruleIdRef": {"name": "example-rule"},
                        "type": "REGULAR",
                        "action": {"type": "BLOCK"},
                    }
                ],
            }
        ),
    ),
    "aws_wafregional_web_acl_association": Resource(
        external_name=PROBED,
    ),
    "aws_wafregional_xss_match_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "xss_match_set",
                "xssMatchTuple": [
                    {"textTransformation": "NONE", "fieldToMatch": {"type": "URI"}},
                    {"textTransformation": "NONE", "fieldToMatch": {"type": "QUERY_STRING"}},
                ],
            }
        ),
    ),
}
