"""cloudwatchevents: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_by

from . import idfns
from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudwatch_event_api_destination": Resource(
        external_name=by_name(),
        references={"connection_arn": Reference("aws_cloudwatch_event_connection", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "connectionArnRef": {"name": "example-connection"},
                "description": "An API Destination",
                "httpMethod": "POST",
                "invocationEndpoint": "https://api.destination.com/endpoint",
                "invocationRateLimitPerSecond": 20,
            }
        ),
    ),
    "aws_cloudwatch_event_archive": Resource(
        external_name=by_name(),
        references={"event_source_arn": Reference("aws_cloudwatch_event_bus", "arn")},
        example=Example({"region": "us-east-1", "eventSourceArnRef": {"name": "example-bus"}}),
    ),
    "aws_cloudwatch_event_bus": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_cloudwatch_event_bus_policy": Resource(
        external_name=PROBED,
        # The bus's name as observed: its external name is known before the bus exists.
        references={"event_bus_name": Reference("aws_cloudwatch_event_bus", "name")},
        example=Example(
            {
                "region": "us-east-1",
                "eventBusNameRef": {"name": "example-bus"},
                # An event bus policy lets principals put events on the bus.
                "policy": '{"Version":"2012-10-17","Statement":[{"Sid":"DevAccountAccess","Effect":"Allow",'
                '"Principal":{"AWS":"arn:aws:iam::123456789012:root"},"Action":"events:PutEvents","Resource":"*"}]}',
            }
        ),
    ),
    "aws_cloudwatch_event_connection": Resource(
        external_name=by_name(),
        references={"kms_key_identifier": Reference("aws_kms_key")},
        example=Example(
            {
                "region": "us-east-1",
                "authorizationType": "API_KEY",
                "description": "A connection description",
                "authParameters": {
                    "apiKey": {
                        "key": "x-signature",
                        "valueSecretRef": {
                            "key": "example-key",
                            "name": "example-secret",
                            "namespace": "crossplane-system",
                        },
                    }
                },
            }
        ),
    ),
    "aws_cloudwatch_event_endpoint": Resource(
        external_name=PROBED,
    ),
    "aws_cloudwatch_event_permission": Resource(
        external_name=PROBED,
        references={
            "condition.value": Reference("aws_organizations_organization"),
            "event_bus_name": Reference("aws_cloudwatch_event_bus"),
        },
        example=Example({"region": "us-east-1", "principal": "123456789012", "statementId": "DevAccountAccess"}),
    ),
    "aws_cloudwatch_event_rule": Resource(
        external_name=PROBED,
        references={
            "event_bus_name": Reference("aws_cloudwatch_event_bus"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        # A rule needs an event pattern or a schedule; this pattern is the provider's documented one.
        example=Example(
            {
                "region": "us-east-1",
                "description": "Capture each AWS Console Sign In",
                "eventPattern": '{"detail-type":["AWS Console Sign In via CloudTrail"]}',
            }
        ),
    ),
    "aws_cloudwatch_event_target": Resource(
        external_name=composite_by(idfns.cloudwatch_event_target_id, "event_bus_name", "rule", "target_id").sourced(
            "probe+upjet+docs",
            "EVENTBUSNAME/RULENAME/TARGETID or RULENAME/TARGETID",
            IDExample(
                "rule-name/target-id",
                "rule-name/target-id",
                {"rule": "rule-name", "target_id": "target-id"},
                source="docs",
            ),
            IDExample(
                "prod-orders/prod-order-created/order-processor",
                "prod-orders/prod-order-created/order-processor",
                {"event_bus_name": "prod-orders", "rule": "prod-order-created", "target_id": "order-processor"},
                source="docs",
            ),
        ),
        references={
            "arn": Reference("aws_sns_topic", "arn"),
            "ecs_target.task_definition_arn": Reference("aws_ecs_task_definition", "arn"),
            "event_bus_name": Reference("aws_cloudwatch_event_bus"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "rule": Reference("aws_cloudwatch_event_rule"),
        },
        example=Example(
            {
                "region": "us-east-1",
                # The rule's events go to the example topic.
                "arnRef": {"name": "example-topic"},
                "ruleRef": {"name": "example-rule"},
                "targetId": "SendToSNS",
            }
        ),
    ),
}
