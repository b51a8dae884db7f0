"""waf: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_waf_byte_match_set": Resource(
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
    "aws_waf_geo_match_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "geo_match_set",
                "geoMatchConstraint": [{"type": "Country", "value": "US"}, {"type": "Country", "value": "CA"}],
            }
        ),
    ),
    "aws_waf_ipset": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "tfIPSet",
                "ipSetDescriptors": [
                    {"type": "IPV4", "value": "192.0.7.0/24"},
                    {"type": "IPV4", "value": "10.16.16.0/16"},
                ],
            }
        ),
    ),
    "aws_waf_rate_based_rule": Resource(
        external_name=PROBED,
        references={"predicates.data_id": Reference("aws_waf_ipset")},
        example=Example(
            {
                "region": "us-east-1",
                "metricName": "tfWAFRule",
                "name": "tfWAFRule",
                "rateKey": "IP",
                "rateLimit": 100,
                "predicates": [{"dataIdRef": {"name": "example-ipset"}, "negated": False, "type": "IPMatch"}],
            }
        ),
    ),
    "aws_waf_regex_match_set": Resource(
        external_name=PROBED,
        references={"regex_match_tuple.regex_pattern_set_id": Reference("aws_waf_regex_pattern_set")},
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
    "aws_waf_regex_pattern_set": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "name": "tf_waf_regex_pattern_set", "regexPatternStrings": ["one", "two"]}
        ),
    ),
    "aws_waf_rule": Resource(
        external_name=PROBED,
        references={"predicates.data_id": Reference("aws_waf_ipset")},
        example=Example(
            {
                "region": "us-east-1",
                "metricName": "tfWAFRule",
                "name": "tfWAFRule",
                "predicates": [{"dataIdRef": {"name": "example-ipset"}, "negated": False, "type": "IPMatch"}],
            }
        ),
    ),
    "aws_waf_rule_group": Resource(
        external_name=PROBED,
    ),
    "aws_waf_size_constraint_set": Resource(
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
    "aws_waf_sql_injection_match_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "tf-sql_injection_match_set",
                "sqlInjectionMatchTuples": [
                    {"textTransformation": "URL_DECODE", "fieldToMatch": {"type": "QUERY_STRING"}}
                ],
            }
        ),
    ),
    "aws_waf_web_acl": Resource(
        external_name=PROBED,
        references={
            "logging_configuration.log_destination": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "rules.rule_id": Reference("aws_waf_rule"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "metricName": "tfWebACL",
                "name": "tfWebACL",
                "defaultAction": {"type": "ALLOW"},
                "rules": [
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
    "aws_waf_xss_match_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "xss_match_set",
                "xssMatchTuples": [
                    {"textTransformation": "NONE", "fieldToMatch": {"type": "URI"}},
                    {"textTransformation": "NONE", "fieldToMatch": {"type": "QUERY_STRING"}},
                ],
            }
        ),
    ),
}
