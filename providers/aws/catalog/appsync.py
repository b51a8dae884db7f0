"""appsync: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_appsync_api_cache": Resource(
        external_name=PROBED,
        references={"api_id": Reference("aws_appsync_graphql_api")},
    ),
    "aws_appsync_api_key": Resource(
        external_name=PROBED,
        references={"api_id": Reference("aws_appsync_graphql_api")},
    ),
    "aws_appsync_datasource": Resource(
        external_name=PROBED,
        references={
            "api_id": Reference("aws_appsync_graphql_api"),
            "dynamodb_config.table_name": Reference("aws_dynamodb_table"),
            "service_role_arn": Reference("aws_iam_role", "arn"),
        },
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
    ),
    "aws_appsync_graphql_api": Resource(
        external_name=PROBED,
        references={
            "log_config.cloudwatch_logs_role_arn": Reference("aws_iam_role", "arn"),
            "merged_api_execution_role_arn": Reference("aws_iam_role", "arn"),
            "user_pool_config.user_pool_id": Reference("aws_cognito_user_pool"),
        },
    ),
    "aws_appsync_resolver": Resource(
        external_name=PROBED,
        references={
            "api_id": Reference("aws_appsync_graphql_api"),
            "data_source": Reference("aws_appsync_datasource"),
            "pipeline_config.functions": Reference("aws_appsync_function", "function_id"),
        },
    ),
    "aws_appsync_source_api_association": Resource(
        external_name=PROBED,
    ),
    "aws_appsync_type": Resource(
        external_name=PROBED,
    ),
}
