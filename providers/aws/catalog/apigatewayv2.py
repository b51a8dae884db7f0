"""apigatewayv2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Lookup, Reference, Resource, composite_id

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_apigatewayv2_api": Resource(
        external_name=PROBED,
        lookup=Lookup("aws_apigatewayv2_apis"),
        example=Example(
            {
                "region": "us-east-1",
                "name": "example-websocket-api",
                "protocolType": "WEBSOCKET",
                "routeSelectionExpression": "$request.body.action",
            }
        ),
    ),
    "aws_apigatewayv2_api_mapping": Resource(
        external_name=composite_id("{{ .external_name }}/{{ .parameters.domain_name }}").sourced(
            "probe+docs",
            "expected api-mapping-id/domain-name",
            IDExample(
                "partone/parttwo", "partone", {"domain_name": "parttwo"}, {"domain_name": "parttwo", "id": "partone"}
            ),
            IDExample("1122334/ws-api.example.com", "1122334", {"domain_name": "ws-api.example.com"}, source="docs"),
        ),
        references={
            "api_id": Reference("aws_apigatewayv2_api"),
            "domain_name": Reference("aws_apigatewayv2_domain_name"),
            "stage": Reference("aws_apigatewayv2_stage", "id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-api"},
                "domainNameRef": {"name": "example-domainname"},
                "stageRef": {"name": "example-stage"},
            }
        ),
    ),
    "aws_apigatewayv2_authorizer": Resource(
        external_name=composite_id("{{ .parameters.api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected api-id/authorizer-id",
            IDExample("partone/parttwo", "parttwo", {"api_id": "partone"}, {"api_id": "partone", "id": "parttwo"}),
            IDExample("aabbccddee/1122334", "1122334", {"api_id": "aabbccddee"}, source="docs"),
        ),
        references={"api_id": Reference("aws_apigatewayv2_api")},
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-api"},
                "authorizerType": "REQUEST",
                "identitySources": ["route.request.header.Auth"],
                "name": "example-authorizer",
            }
        ),
    ),
    "aws_apigatewayv2_deployment": Resource(
        external_name=composite_id("{{ .parameters.api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected api-id/deployment-id",
            IDExample("partone/parttwo", "parttwo", {"api_id": "partone"}, {"api_id": "partone", "id": "parttwo"}),
            IDExample("aabbccddee/1122334", "1122334", {"api_id": "aabbccddee"}, source="docs"),
        ),
        references={"api_id": Reference("aws_apigatewayv2_api")},
        example=Example(
            {"region": "us-east-1", "apiIdRef": {"name": "example-api"}, "description": "Example deployment"}
        ),
    ),
    "aws_apigatewayv2_domain_name": Resource(
        external_name=by_name("domain_name"),
        references={"domain_name_configuration.certificate_arn": Reference("aws_acm_certificate", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "domainNameConfiguration": {
                    "certificateArnRef": {"name": "example-certificate"},
                    "endpointType": "REGIONAL",
                    "securityPolicy": "TLS_1_2",
                },
            }
        ),
    ),
    "aws_apigatewayv2_integration": Resource(
        external_name=composite_id("{{ .parameters.api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "api-id/integration-id",
            IDExample("aabbccddee/1122334", "1122334", {"api_id": "aabbccddee"}, source="docs"),
        ),
        references={
            "api_id": Reference("aws_apigatewayv2_api"),
            "connection_id": Reference("aws_apigatewayv2_vpc_link"),
            "credentials_arn": Reference("aws_iam_role", "arn"),
            "integration_uri": Reference("aws_lambda_function", "invoke_arn"),
        },
        example=Example({"region": "us-east-1", "apiIdRef": {"name": "example-api"}, "integrationType": "MOCK"}),
    ),
    "aws_apigatewayv2_integration_response": Resource(
        external_name=composite_id(
            "{{ .parameters.api_id }}/{{ .parameters.integration_id }}/{{ .external_name }}"
        ).sourced(
            "probe+docs",
            "expected api-id/integration-id/integration-response-id",
            IDExample(
                "partone/parttwo/partthree",
                "partthree",
                {"api_id": "partone", "integration_id": "parttwo"},
                {"api_id": "partone", "id": "partthree", "integration_id": "parttwo"},
            ),
            IDExample(
                "aabbccddee/1122334/998877",
                "998877",
                {"api_id": "aabbccddee", "integration_id": "1122334"},
                source="docs",
            ),
        ),
        references={
            "api_id": Reference("aws_apigatewayv2_api"),
            "integration_id": Reference("aws_apigatewayv2_integration"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-api"},
                "integrationIdRef": {"name": "example-integration"},
                "integrationResponseKey": "/200/",
            }
        ),
    ),
    "aws_apigatewayv2_model": Resource(
        external_name=composite_id("{{ .parameters.api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected api-id/model-id",
            IDExample("partone/parttwo", "parttwo", {"api_id": "partone"}, {"api_id": "partone", "id": "parttwo"}),
            IDExample("aabbccddee/1122334", "1122334", {"api_id": "aabbccddee"}, source="docs"),
        ),
        references={"api_id": Reference("aws_apigatewayv2_api")},
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-api"},
                "contentType": "application/json",
                "name": "example",
                # A JSON schema (draft 4) of the model's payload.
                "schema": '{"$schema":"http://json-schema.org/draft-04/schema#","title":"ExampleModel",'
                '"type":"object","properties":{"id":{"type":"string"}}}',
            }
        ),
    ),
    "aws_apigatewayv2_route": Resource(
        external_name=composite_id("{{ .parameters.api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "api-id/route-id",
            IDExample("aabbccddee/1122334", "1122334", {"api_id": "aabbccddee"}, source="docs"),
        ),
        references={
            "api_id": Reference("aws_apigatewayv2_api"),
            "authorizer_id": Reference("aws_apigatewayv2_authorizer"),
        },
        example=Example({"region": "us-east-1", "apiIdRef": {"name": "example-api"}, "routeKey": "$default"}),
    ),
    "aws_apigatewayv2_route_response": Resource(
        external_name=composite_id("{{ .parameters.api_id }}/{{ .parameters.route_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected api-id/route-id/route-response-id",
            IDExample(
                "partone/parttwo/partthree",
                "partthree",
                {"api_id": "partone", "route_id": "parttwo"},
                {"api_id": "partone", "id": "partthree", "route_id": "parttwo"},
            ),
            IDExample(
                "aabbccddee/1122334/998877", "998877", {"api_id": "aabbccddee", "route_id": "1122334"}, source="docs"
            ),
        ),
        references={"api_id": Reference("aws_apigatewayv2_api"), "route_id": Reference("aws_apigatewayv2_route")},
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-api"},
                "routeIdRef": {"name": "example-route"},
                "routeResponseKey": "$default",
            }
        ),
    ),
    "aws_apigatewayv2_stage": Resource(
        external_name=composite_id("{{ .parameters.api_id }}/{{ .external_name }}", argument="name").sourced(
            "probe+upjet+docs",
            "api-id/stage-name",
            IDExample("aabbccddee/$default", "$default", {"api_id": "aabbccddee", "name": "$default"}, source="docs"),
        ),
        references={
            "api_id": Reference("aws_apigatewayv2_api"),
            "deployment_id": Reference("aws_apigatewayv2_deployment"),
        },
        example=Example({"region": "us-east-1", "apiIdRef": {"name": "example-api"}}),
    ),
    "aws_apigatewayv2_vpc_link": Resource(
        external_name=PROBED,
        references={"security_group_ids": Reference("aws_security_group"), "subnet_ids": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "securityGroupIdRefs": [{"name": "example-sg"}],
                "subnetIdRefs": [{"name": "example-subnet"}],
                "tags": {"Usage": "example"},
            }
        ),
    ),
}
