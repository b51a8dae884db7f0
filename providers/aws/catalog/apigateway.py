"""apigateway: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    Example,
    IDExample,
    Reference,
    Resource,
    attribute_as_identifier,
    composite_from_parameters,
    composite_id,
)

from .strategies import PROBED

# One GET method proxied to a public HTTP endpoint, in OpenAPI 3 (the shape of the provider's own
# example of an API defined by its body).
API_BODY = (
    '{"openapi":"3.0.1","info":{"title":"example","version":"1.0"},"paths":{"/path1":{"get":'
    '{"x-amazon-apigateway-integration":{"httpMethod":"GET","payloadFormatVersion":"1.0","type":"HTTP_PROXY",'
    '"uri":"https://ip-ranges.amazonaws.com/ip-ranges.json"}}}}}'
)

RESOURCES: dict[str, Resource] = {
    "aws_api_gateway_account": Resource(
        external_name=PROBED,
        references={"cloudwatch_role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_api_gateway_api_key": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_api_gateway_authorizer": Resource(
        external_name=composite_id("{{ .parameters.rest_api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected REST-API-ID/AUTHORIZER-ID",
            IDExample(
                "partone/parttwo", "parttwo", {"rest_api_id": "partone"}, {"id": "parttwo", "rest_api_id": "partone"}
            ),
            IDExample("12345abcde/example", "example", {"rest_api_id": "12345abcde"}, source="docs"),
        ),
        references={
            "authorizer_credentials": Reference("aws_iam_role", "arn"),
            "authorizer_uri": Reference("aws_lambda_function", "invoke_arn"),
            "provider_arns": Reference("aws_cognito_user_pool", "arn"),
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
        },
        # A Cognito user pool authorizer (a Lambda one needs a function with code).
        example=Example(
            {
                "region": "us-east-1",
                "name": "demo",
                "providerArnRefs": [{"name": "example-userpool"}],
                "restApiIdRef": {"name": "example-restapi"},
                "type": "COGNITO_USER_POOLS",
            }
        ),
    ),
    "aws_api_gateway_base_path_mapping": Resource(
        external_name=PROBED,
        references={
            "api_id": Reference("aws_api_gateway_rest_api"),
            "domain_name": Reference("aws_api_gateway_domain_name", "domain_name"),
            "stage_name": Reference("aws_api_gateway_stage", "stage_name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-restapi"},
                "domainNameRef": {"name": "example-domainname"},
                "stageNameRef": {"name": "example-stage"},
            }
        ),
    ),
    "aws_api_gateway_client_certificate": Resource(
        external_name=PROBED,
    ),
    "aws_api_gateway_deployment": Resource(
        external_name=composite_id("{{ .parameters.rest_api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected REST-API-ID/DEPLOYMENT-ID",
            IDExample(
                "partone/parttwo", "parttwo", {"rest_api_id": "partone"}, {"id": "parttwo", "rest_api_id": "partone"}
            ),
            IDExample("aabbccddee/1122334", "1122334", {"rest_api_id": "aabbccddee"}, source="docs"),
        ),
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        example=Example(
            {
                "region": "us-east-1",
                "restApiIdRef": {"name": "example-restapi"},
                # Any change of a trigger's value deploys again (its source hashes the API's body).
                "triggers": {"redeployment": "1"},
            }
        ),
    ),
    "aws_api_gateway_documentation_part": Resource(
        external_name=PROBED,
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        example=Example(
            {
                "region": "us-east-1",
                "properties": '{"description":"Example description"}',
                "restApiIdRef": {"name": "example-restapi"},
                "location": {"method": "GET", "path": "/example", "type": "METHOD"},
            }
        ),
    ),
    "aws_api_gateway_documentation_version": Resource(
        external_name=PROBED,
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example description",
                "restApiIdRef": {"name": "example-restapi"},
                "version": "example_version",
            }
        ),
    ),
    "aws_api_gateway_domain_name": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "domainName": "api.example.com"}),
    ),
    "aws_api_gateway_domain_name_access_association": Resource(
        external_name=PROBED,
        references={
            "access_association_source": Reference("aws_vpc_endpoint"),
            "domain_name_arn": Reference("aws_api_gateway_domain_name", "arn"),
        },
        # access_association_source_type: VPCE only (the provider's validation).
        example=Example(
            {
                "region": "us-east-1",
                "accessAssociationSourceRef": {"name": "example-vpcendpoint"},
                "accessAssociationSourceType": "VPCE",
                "domainNameArnRef": {"name": "example-domainname"},
            }
        ),
    ),
    "aws_api_gateway_gateway_response": Resource(
        external_name=composite_from_parameters("/", "rest_api_id", "response_type").sourced(
            "probe+docs",
            "expected REST-API-ID/RESPONSE-TYPE",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"response_type": "parttwo", "rest_api_id": "partone"},
                {"id": "aggr-partone-parttwo", "response_type": "parttwo", "rest_api_id": "partone"},
            ),
            IDExample(
                "12345abcde/UNAUTHORIZED",
                "12345abcde/UNAUTHORIZED",
                {"rest_api_id": "12345abcde", "response_type": "UNAUTHORIZED"},
                source="docs",
            ),
        ),
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        example=Example(
            {
                "region": "us-east-1",
                "responseParameters": {"gatewayresponse.header.Authorization": "'Basic'"},
                "responseTemplates": {"application/json": '{"message":$context.error.messageString}'},
                "responseType": "UNAUTHORIZED",
                "restApiIdRef": {"name": "example-restapi"},
                "statusCode": "401",
            }
        ),
    ),
    "aws_api_gateway_integration": Resource(
        external_name=composite_from_parameters("/", "rest_api_id", "resource_id", "http_method").sourced(
            "probe+docs",
            "expected REST-API-ID/RESOURCE-ID/HTTP-METHOD",
            IDExample(
                "partone/parttwo/partthree",
                "partone/parttwo/partthree",
                {"http_method": "partthree", "resource_id": "parttwo", "rest_api_id": "partone"},
                {
                    "http_method": "partthree",
                    "id": "agi-partone-parttwo-partthree",
                    "resource_id": "parttwo",
                    "rest_api_id": "partone",
                },
            ),
            IDExample(
                "12345abcde/67890fghij/GET",
                "12345abcde/67890fghij/GET",
                {"rest_api_id": "12345abcde", "resource_id": "67890fghij", "http_method": "GET"},
                source="docs",
            ),
        ),
        references={
            "connection_id": Reference("aws_api_gateway_vpc_link"),
            "http_method": Reference("aws_api_gateway_method", "http_method"),
            "resource_id": Reference("aws_api_gateway_resource"),
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
            "uri": Reference("aws_lambda_function", "invoke_arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                # No cache key parameters: each names a request parameter of the method, which the
                # example method has none of.
                "httpMethodRef": {"name": "example-method"},
                "requestParameters": {"integration.request.header.X-Authorization": "'static'"},
                "requestTemplates": {"application/xml": "{\n   \"body\" : $input.json('$')\n}\n"},
                "resourceIdRef": {"name": "example-resource"},
                "restApiIdRef": {"name": "example-restapi"},
                "timeoutMilliseconds": 29000,
                "type": "MOCK",
            }
        ),
    ),
    "aws_api_gateway_integration_response": Resource(
        external_name=composite_from_parameters(
            "/", "rest_api_id", "resource_id", "http_method", "status_code"
        ).sourced(
            "probe+upjet+docs",
            "REST-API-ID/RESOURCE-ID/HTTP-METHOD/STATUS-CODE",
            IDExample(
                "12345abcde/67890fghij/GET/200",
                "12345abcde/67890fghij/GET/200",
                {"rest_api_id": "12345abcde", "resource_id": "67890fghij", "http_method": "GET", "status_code": "200"},
                source="docs",
            ),
        ),
        references={
            # The method's integration: a response is put on an integration, which must exist first.
            "http_method": Reference("aws_api_gateway_integration", "http_method"),
            "resource_id": Reference("aws_api_gateway_resource"),
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
            "status_code": Reference("aws_api_gateway_method_response", "status_code"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "httpMethodRef": {"name": "example-integration"},
                "resourceIdRef": {"name": "example-resource"},
                "responseTemplates": {
                    "application/xml": '#set($inputRoot = $input.path(\'$\'))\n<?xml version="1.0" encoding="UTF-8"?>\n<message>\n    $inputRoot.body\n</message>\n'
                },
                "restApiIdRef": {"name": "example-restapi"},
                "statusCodeRef": {"name": "example-methodresponse"},
            }
        ),
    ),
    "aws_api_gateway_method": Resource(
        external_name=composite_from_parameters("/", "rest_api_id", "resource_id", "http_method").sourced(
            "probe+docs",
            "expected REST-API-ID/RESOURCE-ID/HTTP-METHOD",
            IDExample(
                "partone/parttwo/partthree",
                "partone/parttwo/partthree",
                {"http_method": "partthree", "resource_id": "parttwo", "rest_api_id": "partone"},
                {
                    "http_method": "partthree",
                    "id": "agm-partone-parttwo-partthree",
                    "resource_id": "parttwo",
                    "rest_api_id": "partone",
                },
            ),
            IDExample(
                "12345abcde/67890fghij/GET",
                "12345abcde/67890fghij/GET",
                {"rest_api_id": "12345abcde", "resource_id": "67890fghij", "http_method": "GET"},
                source="docs",
            ),
        ),
        references={
            "authorizer_id": Reference("aws_api_gateway_authorizer"),
            "resource_id": Reference("aws_api_gateway_resource"),
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "authorization": "NONE",
                "httpMethod": "GET",
                "resourceIdRef": {"name": "example-resource"},
                "restApiIdRef": {"name": "example-restapi"},
            }
        ),
    ),
    "aws_api_gateway_method_response": Resource(
        external_name=composite_from_parameters(
            "/", "rest_api_id", "resource_id", "http_method", "status_code"
        ).sourced(
            "probe+upjet+docs",
            "REST-API-ID/RESOURCE-ID/HTTP-METHOD/STATUS-CODE",
            IDExample(
                "12345abcde/67890fghij/GET/200",
                "12345abcde/67890fghij/GET/200",
                {"rest_api_id": "12345abcde", "resource_id": "67890fghij", "http_method": "GET", "status_code": "200"},
                source="docs",
            ),
        ),
        references={
            "http_method": Reference("aws_api_gateway_method", "http_method"),
            "resource_id": Reference("aws_api_gateway_resource"),
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "httpMethodRef": {"name": "example-method"},
                "resourceIdRef": {"name": "example-resource"},
                "restApiIdRef": {"name": "example-restapi"},
                "statusCode": "200",
            }
        ),
    ),
    "aws_api_gateway_method_settings": Resource(
        external_name=composite_from_parameters("/", "rest_api_id", "stage_name", "method_path").sourced(
            "probe+docs",
            "expected REST-API-ID/STAGE-NAME/METHOD-PATH",
            IDExample(
                "partone/parttwo/partthree",
                "partone/parttwo/partthree",
                {"method_path": "partthree", "rest_api_id": "partone", "stage_name": "parttwo"},
                {
                    "id": "partone-parttwo-partthree",
                    "method_path": "partthree",
                    "rest_api_id": "partone",
                    "stage_name": "parttwo",
                },
            ),
            IDExample(
                "12345abcde/example/test/GET",
                "12345abcde/example/test/GET",
                {"rest_api_id": "12345abcde", "stage_name": "example", "method_path": "test/GET"},
                source="docs",
            ),
        ),
        references={
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
            "stage_name": Reference("aws_api_gateway_stage", "stage_name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "methodPath": "*/*",
                "restApiIdRef": {"name": "example-restapi"},
                "stageNameRef": {"name": "example-stage"},
                "settings": {"loggingLevel": "ERROR", "metricsEnabled": True},
            }
        ),
    ),
    "aws_api_gateway_model": Resource(
        external_name=composite_from_parameters("/", "rest_api_id", "name").sourced(
            "probe+docs",
            "REST-API-ID/NAME",
            IDExample(
                "12345abcde/example",
                "12345abcde/example",
                {"rest_api_id": "12345abcde", "name": "example"},
                source="docs",
            ),
        ),
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        example=Example(
            {
                "region": "us-east-1",
                "contentType": "application/json",
                "description": "a JSON schema",
                "name": "user",
                "restApiIdRef": {"name": "example-restapi"},
            }
        ),
    ),
    "aws_api_gateway_request_validator": Resource(
        external_name=composite_id("{{ .parameters.rest_api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected REST-API-ID/REQUEST-VALIDATOR-ID",
            IDExample(
                "partone/parttwo", "parttwo", {"rest_api_id": "partone"}, {"id": "parttwo", "rest_api_id": "partone"}
            ),
            IDExample("12345abcde/67890fghij", "67890fghij", {"rest_api_id": "12345abcde"}, source="docs"),
        ),
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "restApiIdRef": {"name": "example-restapi"},
                "validateRequestBody": True,
                "validateRequestParameters": True,
            }
        ),
    ),
    "aws_api_gateway_resource": Resource(
        external_name=composite_id("{{ .parameters.rest_api_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected REST-API-ID/RESOURCE-ID",
            IDExample(
                "partone/parttwo", "parttwo", {"rest_api_id": "partone"}, {"id": "parttwo", "rest_api_id": "partone"}
            ),
            IDExample("12345abcde/67890fghij", "67890fghij", {"rest_api_id": "12345abcde"}, source="docs"),
        ),
        references={
            "parent_id": Reference("aws_api_gateway_rest_api", "root_resource_id"),
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "parentIdRef": {"name": "example-restapi"},
                "pathPart": "mydemoresource",
                "restApiIdRef": {"name": "example-restapi"},
            }
        ),
    ),
    "aws_api_gateway_rest_api": Resource(
        external_name=PROBED,
        references={"endpoint_configuration.vpc_endpoint_ids": Reference("aws_vpc_endpoint")},
        # The body at create only: the importer cannot read one back, so after a lost workspace a body in
        # forProvider would be put again (moto then holds a second copy of every method). Without any
        # body the deployments of the examples would deploy an API without methods, which the cloud refuses.
        example=Example(
            {"region": "us-east-1", "name": "example", "endpointConfiguration": {"types": ["REGIONAL"]}},
            init_provider={"body": API_BODY},
        ),
    ),
    "aws_api_gateway_rest_api_policy": Resource(
        external_name=PROBED,
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        example=Example(
            {
                "region": "us-east-1",
                # A resource policy of an API grants execute-api actions to principals.
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":"*"},'
                '"Action":"execute-api:Invoke","Resource":"*"}]}',
                "restApiIdRef": {"name": "example-restapi"},
            }
        ),
    ),
    "aws_api_gateway_rest_api_put": Resource(
        external_name=attribute_as_identifier("rest_api_id").sourced(
            "probe", "the importer takes the value of rest_api_id"
        ),
        references={"rest_api_id": Reference("aws_api_gateway_rest_api")},
        # fail_on_warnings set: left out, the provider answers an unknown value the state cannot hold.
        example=Example(
            {"region": "us-east-1", "body": API_BODY, "failOnWarnings": False, "restApiIdRef": {"name": "example-restapi"}}
        ),
    ),
    "aws_api_gateway_stage": Resource(
        external_name=composite_from_parameters("/", "rest_api_id", "stage_name").sourced(
            "probe+docs",
            "expected REST-API-ID/STAGE-NAME",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"rest_api_id": "partone", "stage_name": "parttwo"},
                {"id": "ags-partone-parttwo", "rest_api_id": "partone", "stage_name": "parttwo"},
            ),
            IDExample(
                "12345abcde/example",
                "12345abcde/example",
                {"rest_api_id": "12345abcde", "stage_name": "example"},
                source="docs",
            ),
        ),
        references={
            "deployment_id": Reference("aws_api_gateway_deployment"),
            "rest_api_id": Reference("aws_api_gateway_rest_api"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "deploymentIdRef": {"name": "example-deployment"},
                "restApiIdRef": {"name": "example-restapi"},
                "stageName": "example",
            }
        ),
    ),
    "aws_api_gateway_usage_plan": Resource(
        external_name=PROBED,
        references={
            "api_stages.api_id": Reference("aws_api_gateway_rest_api"),
            "api_stages.stage": Reference("aws_api_gateway_stage", "stage_name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "my description",
                "name": "my-usage-plan",
                "productCode": "MYCODE",
                "apiStages": [
                    {"apiIdRef": {"name": "example-restapi"}, "stageRef": {"name": "example-stage"}},
                    {"apiIdRef": {"name": "example-restapi"}, "stageRef": {"name": "example-stage"}},
                ],
                "quotaSettings": {"limit": 20, "offset": 2, "period": "WEEK"},
                "throttleSettings": {"burstLimit": 5, "rateLimit": 10},
            }
        ),
    ),
    "aws_api_gateway_usage_plan_key": Resource(
        external_name=composite_from_parameters("/", "usage_plan_id", "key_id").sourced(
            "probe+docs",
            "expected USAGE-PLAN-ID/USAGE-PLAN-KEY-ID",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"key_id": "parttwo", "usage_plan_id": "partone"},
                {"id": "parttwo", "key_id": "parttwo", "usage_plan_id": "partone"},
            ),
            IDExample(
                "12345abcde/zzz", "12345abcde/zzz", {"usage_plan_id": "12345abcde", "key_id": "zzz"}, source="docs"
            ),
        ),
        references={
            "key_id": Reference("aws_api_gateway_api_key"),
            "usage_plan_id": Reference("aws_api_gateway_usage_plan"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "keyIdRef": {"name": "example-apikey"},
                "keyType": "API_KEY",
                "usagePlanIdRef": {"name": "example-usageplan"},
            }
        ),
    ),
    "aws_api_gateway_vpc_link": Resource(
        external_name=PROBED,
        references={"target_arns": Reference("aws_lb", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "example description",
                "name": "example",
                "targetArnRefs": [{"name": "example-lb"}],
            }
        ),
    ),
}
