"""wafv2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_id

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
    ),
    "aws_wafv2_web_acl": Resource(
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
    ),
    "aws_wafv2_web_acl_association": Resource(
        external_name=PROBED,
        references={
            "resource_arn": Reference("aws_api_gateway_stage", "arn"),
            "web_acl_arn": Reference("aws_wafv2_web_acl", "arn"),
        },
    ),
    "aws_wafv2_web_acl_logging_configuration": Resource(
        external_name=PROBED,
        references={
            "log_destination_configs": Reference("aws_kinesis_firehose_delivery_stream", "arn"),
            "resource_arn": Reference("aws_wafv2_web_acl", "arn"),
        },
    ),
}
