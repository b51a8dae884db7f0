"""xray: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_xray_encryption_config": Resource(
        external_name=PROBED,
        references={"key_id": Reference("aws_kms_key", "arn")},
        example=Example({"region": "us-east-1", "type": "NONE"}),
    ),
    "aws_xray_group": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "filterExpression": "responsetime > 5",
                "groupName": "example",
                "insightsConfiguration": {"insightsEnabled": True, "notificationsEnabled": True},
            }
        ),
    ),
    "aws_xray_resource_policy": Resource(
        external_name=attribute_as_identifier("policy_name").sourced(
            "probe", "the importer takes the value of policy_name"
        ),
    ),
    "aws_xray_sampling_rule": Resource(
        external_name=by_name("rule_name"),
        example=Example(
            {
                "region": "us-east-1",
                "attributes": {"Hello": "Tris"},
                "fixedRate": 0.05,
                "host": "*",
                "httpMethod": "*",
                "priority": 9999,
                "reservoirSize": 1,
                "resourceArn": "*",
                "serviceName": "*",
                "serviceType": "*",
                "urlPath": "*",
                "version": 1,
            }
        ),
    ),
}
