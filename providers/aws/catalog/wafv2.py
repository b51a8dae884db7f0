"""wafv2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_wafv2_ip_set": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.name }}/{{ .parameters.scope }}").sourced(
            "probe",
            "expected ID/NAME/SCOPE",
            IDExample(
                "partone/parttwo/partthree",
                "partone",
                {"name": "parttwo", "scope": "partthree"},
                {"id": "partone", "name": "parttwo", "scope": "partthree"},
            ),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "addresses": ["1.2.3.4/32", "5.6.7.8/32"],
                "description": "Example IP set",
                "ipAddressVersion": "IPV4",
                "name": "example",
                "scope": "REGIONAL",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
            }
        ),
    ),
    "aws_wafv2_regex_pattern_set": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.name }}/{{ .parameters.scope }}").sourced(
            "probe",
            "expected ID/NAME/SCOPE",
            IDExample(
                "partone/parttwo/partthree",
                "partone",
                {"name": "parttwo", "scope": "partthree"},
                {"id": "partone", "name": "parttwo", "scope": "partthree"},
            ),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example regex pattern set",
                "name": "example",
                "scope": "REGIONAL",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
                "regularExpression": [{"regexString": "one"}, {"regexString": "two"}],
            }
        ),
    ),
    "aws_wafv2_rule_group": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.name }}/{{ .parameters.scope }}").sourced(
            "probe",
            "expected ID/NAME/SCOPE",
            IDExample(
                "partone/parttwo/partthree",
                "partone",
                {"name": "parttwo", "scope": "partthree"},
                {"id": "partone", "name": "parttwo", "scope": "partthree"},
            ),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "capacity": 2,
                "name": "example-rule",
                "scope": "REGIONAL",
                "rule": [
                    {
                        "name": "rule-1",
                        "priority": 1,
                        "action": [{"allow": [{}]}],
                        "statement": [{}],
                        "visibilityConfig": [
                            {"cloudwatchMetricsEnabled": True, "metricName": "example", "sampledRequestsEnabled": True}
                        ],
                    }
                ],
                "visibilityConfig": [
                    {
                        "cloudwatchMetricsEnabled": False,
                        "metricName": "friendly-metric-name",
                        "sampledRequestsEnabled": False,
                    }
                ],
            }
        ),
    ),
    "aws_wafv2_web_acl": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.name }}/{{ .parameters.scope }}").sourced(
            "probe+docs",
            "expected ID/NAME/SCOPE",
            IDExample(
                "partone/parttwo/partthree",
                "partone",
                {"name": "parttwo", "scope": "partthree"},
                {"id": "partone", "name": "parttwo", "scope": "partthree"},
            ),
            IDExample(
                "a1b2c3d4-d5f6-7777-8888-9999aaaabbbbcccc/example/REGIONAL",
                "a1b2c3d4-d5f6-7777-8888-9999aaaabbbbcccc",
                {"name": "example", "scope": "REGIONAL"},
                source="docs",
            ),
        ),
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example of a managed rule.",
                "name": "managed-rule-example",
                "scope": "REGIONAL",
                "tags": {"Tag1": "Value1", "Tag2": "Value2"},
                "tokenDomains": ["mywebsite.com", "myotherwebsite.com"],
                "defaultAction": [{"allow": [{}]}],
                "rule": [
                    {
                        "name": "rule-1",
                        "priority": 1,
                        "statement": [{}],
                        "visibilityConfig": [
                            {"cloudwatchMetricsEnabled": True, "metricName": "example", "sampledRequestsEnabled": True}
                        ],
                    }
                ],
                "visibilityConfig": [
                    {
                        "cloudwatchMetricsEnabled": False,
                        "metricName": "friendly-metric-name",
                        "sampledRequestsEnabled": False,
                    }
                ],
            }
        ),
    ),
    "aws_wafv2_web_acl_association": Resource(
        external_name=PROBED,
        references={
            "resource_arn": Reference("aws_api_gateway_stage", "arn"),
            "web_acl_arn": Reference("aws_wafv2_web_acl", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "resourceArnRef": {"name": "example-stage"},
                "webAclArnRef": {"name": "example-webacl"},
            }
        ),
    ),
    "aws_wafv2_web_acl_logging_configuration": Resource(
        external_name=PROBED,
        references={
            "log_destination_configs": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "resource_arn": Reference("aws_wafv2_web_acl", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "logDestinationConfigRefs": [{"name": "example-deliverystream"}],
                "resourceArnRef": {"name": "example-webacl"},
                "redactedFields": [{"singleHeader": [{"name": "user-agent"}]}],
            }
        ),
    ),
}
