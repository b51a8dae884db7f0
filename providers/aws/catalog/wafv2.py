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
    "aws_wafv2_web_acl_association": Resource(
        external_name=PROBED,
        references={
            "resource_arn": Reference("aws_api_gateway_stage", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "resourceArnRef": {"name": "example-stage"},
                # Web ACLs are left out (their CRD is too large): the association names one by ARN.
                "webAclArn": "arn:aws:wafv2:us-east-1:123456789012:regional/webacl/example/a1b2c3d4",
            }
        ),
    ),
    "aws_wafv2_web_acl_logging_configuration": Resource(
        external_name=PROBED,
        references={
            "log_destination_configs": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "logDestinationConfigRefs": [{"name": "example-deliverystream"}],
                "resourceArn": "arn:aws:wafv2:us-east-1:123456789012:regional/webacl/example/a1b2c3d4",
                "redactedFields": [{"singleHeader": {"name": "user-agent"}}],
            }
        ),
    ),
}
