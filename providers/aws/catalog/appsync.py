"""appsync: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_appsync_api_cache": Resource(
        external_name=PROBED,
        references={"api_id": Reference("aws_appsync_graphql_api")},
        example=Example(
            {
                "region": "us-east-1",
                "apiCachingBehavior": "FULL_REQUEST_CACHING",
                "apiIdRef": {"name": "example-graphqlapi"},
                "ttl": 900,
                "type": "LARGE",
            }
        ),
    ),
    "aws_appsync_api_key": Resource(
        external_name=PROBED,
        references={"api_id": Reference("aws_appsync_graphql_api")},
        # No expiry: the cloud takes one 1 to 365 days ahead of now, and defaults to 7 days.
        example=Example({"region": "us-east-1", "apiIdRef": {"name": "example-graphqlapi"}}),
    ),
    "aws_appsync_datasource": Resource(
        external_name=PROBED,
        references={
            "api_id": Reference("aws_appsync_graphql_api"),
            "dynamodb_config.table_name": Reference("aws_dynamodb_table"),
            "service_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-graphqlapi"},
                "name": "example",
                "serviceRoleArnRef": {"name": "example-role"},
                "type": "AMAZON_DYNAMODB",
                "dynamodbConfig": {"tableNameRef": {"name": "example-table"}},
            }
        ),
    ),
    "aws_appsync_domain_name": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by domain_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_appsync_domain_name_api_association": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by domain_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_appsync_function": Resource(
        external_name=PROBED,
        references={"api_id": Reference("aws_appsync_graphql_api"), "data_source": Reference("aws_appsync_datasource")},
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-graphqlapi"},
                "dataSourceRef": {"name": "example-datasource"},
                "name": "example",
                "requestMappingTemplate": '{\n    "version": "2018-05-29",\n    "method": "GET",\n    "resourcePath": "/",\n    "params":{\n        "headers": $utils.http.copyheaders($ctx.request.headers)\n    }\n}\n',
                "responseMappingTemplate": "#if($ctx.result.statusCode == 200)\n    $ctx.result.body\n#else\n    $utils.appendError($ctx.result.body, $ctx.result.statusCode)\n#end\n",
            }
        ),
    ),
    "aws_appsync_graphql_api": Resource(
        external_name=PROBED,
        references={
            "log_config.cloudwatch_logs_role_arn": Reference("aws_iam_role", "arn"),
            "merged_api_execution_role_arn": Reference("aws_iam_role", "arn"),
            "user_pool_config.user_pool_id": Reference("aws_cognito_user_pool"),
        },
        example=Example({"region": "us-east-1", "authenticationType": "API_KEY", "name": "example"}),
    ),
    "aws_appsync_resolver": Resource(
        external_name=PROBED,
        references={
            "api_id": Reference("aws_appsync_graphql_api"),
            "data_source": Reference("aws_appsync_datasource"),
            "pipeline_config.functions": Reference("aws_appsync_function", "function_id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-graphqlapi"},
                "dataSourceRef": {"name": "example-datasource"},
                "field": "singlePost",
                "requestTemplate": '{\n    "version": "2018-05-29",\n    "method": "GET",\n    "resourcePath": "/",\n    "params":{\n        "headers": $utils.http.copyheaders($ctx.request.headers)\n    }\n}\n',
                "responseTemplate": "#if($ctx.result.statusCode == 200)\n    $ctx.result.body\n#else\n    $utils.appendError($ctx.result.body, $ctx.result.statusCode)\n#end\n",
                "type": "Query",
                "cachingConfig": {"cachingKeys": ["$context.identity.sub", "$context.arguments.id"], "ttl": 60},
            }
        ),
    ),
    "aws_appsync_source_api_association": Resource(
        external_name=PROBED,
    ),
    "aws_appsync_type": Resource(
        external_name=PROBED,
        references={"api_id": Reference("aws_appsync_graphql_api")},
        # format: SDL or JSON (the provider's validation); an SDL type definition.
        example=Example(
            {
                "region": "us-east-1",
                "apiIdRef": {"name": "example-graphqlapi"},
                "definition": "type Mutation\n\n{\nputPost(id: ID!,title: String! ): Post\n\n}",
                "format": "SDL",
            }
        ),
    ),
}
