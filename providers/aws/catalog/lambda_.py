"""lambda: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    Example,
    IDExample,
    Reference,
    Resource,
    attribute_as_identifier,
    composite_by,
    composite_from_parameters,
    composite_id,
)

from . import idfns
from .strategies import PROBED, by_name

# A reference to a function reads its observed id (the function's name), not its external name: that is
# known before the function exists, and a create naming a function not made yet fails where it could wait.
_FUNCTION = Reference("aws_lambda_function", "id")

RESOURCES: dict[str, Resource] = {
    "aws_lambda_alias": Resource(
        external_name=composite_id("{{ .parameters.function_name }}/{{ .external_name }}", argument="name").sourced(
            "probe+docs",
            "expected FUNCTION_NAME/ALIAS",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"function_name": "partone", "name": "parttwo"},
                {"function_name": "partone", "id": "partone/parttwo", "name": "parttwo"},
            ),
            IDExample(
                "my_test_lambda_function/my_alias",
                "my_alias",
                {"function_name": "my_test_lambda_function", "name": "my_alias"},
                source="docs",
            ),
        ),
        references={"function_name": _FUNCTION},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Production environment alias",
                "functionNameRef": {"name": "example-function"},
                "functionVersion": "1",
            }
        ),
    ),
    "aws_lambda_code_signing_config": Resource(
        external_name=PROBED,
        references={"allowed_publishers.signing_profile_version_arns": Reference("aws_signer_signing_profile", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Code signing configuration for Lambda functions",
                "tags": {"Environment": "production", "Purpose": "code-signing"},
                "allowedPublishers": {"signingProfileVersionArnRefs": [{"name": "examplesigningprofile"}]},
                "policies": {"untrustedArtifactOnDeployment": "Enforce"},
            }
        ),
    ),
    "aws_lambda_event_source_mapping": Resource(
        external_name=PROBED,
        references={
            "destination_config.on_failure.destination_arn": Reference("aws_sqs_queue", "arn"),
            "event_source_arn": Reference("aws_sqs_queue", "arn"),
            "function_name": Reference("aws_lambda_function", "arn"),
            "kms_key_arn": Reference("aws_kms_key", "arn"),
        },
        # An SQS queue as the source: a stream's starting position is no argument of a queue's mapping.
        example=Example(
            {
                "region": "us-east-1",
                "batchSize": 10,
                "eventSourceArnRef": {"name": "example-queue"},
                "functionNameRef": {"name": "example-function"},
                "tags": {"Name": "sqs-mapping"},
            }
        ),
    ),
    "aws_lambda_function": Resource(
        external_name=by_name("function_name"),
        references={
            "dead_letter_config.target_arn": Reference("aws_sqs_queue", "arn"),
            "file_system_config.arn": Reference("aws_efs_access_point", "arn"),
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "layers": Reference("aws_lambda_layer_version", "arn"),
            "logging_config.log_group": Reference("aws_cloudwatch_log_group"),
            "replacement_security_group_ids": Reference("aws_security_group"),
            "role": Reference("aws_iam_role", "arn"),
            "s3_bucket": Reference("aws_s3_bucket"),
            # The key of the object holding the code, read once the object is uploaded.
            "s3_key": Reference("aws_s3_object", "key"),
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnet_ids": Reference("aws_subnet"),
        },
        late_init_ignore=(
            "code_sha256",
            "source_code_hash",
        ),
        # The code comes from S3 (a local file is no argument here); published, so version 1 exists for
        # the alias example.
        example=Example(
            {
                "region": "us-east-1",
                "handler": "index.handler",
                "publish": True,
                "roleRef": {"name": "example-role"},
                "runtime": "nodejs20.x",
                "s3BucketRef": {"name": "example-bucket-tfbridge"},
                "s3KeyRef": {"name": "example-object"},
                "tags": {"Application": "example", "Environment": "production"},
                "environment": {"variables": {"ENVIRONMENT": "production", "LOG_LEVEL": "info"}},
            }
        ),
    ),
    "aws_lambda_function_event_invoke_config": Resource(
        external_name=PROBED,
        references={
            "destination_config.on_failure.destination": Reference("aws_sqs_queue", "arn"),
            "destination_config.on_success.destination": Reference("aws_sns_topic", "arn"),
            "function_name": _FUNCTION,
        },
        example=Example(
            {
                "region": "us-east-1",
                "functionNameRef": {"name": "example-function"},
                "maximumEventAgeInSeconds": 300,
                "maximumRetryAttempts": 1,
                "destinationConfig": {
                    "onFailure": {"destinationRef": {"name": "example-queue"}},
                    "onSuccess": {"destinationRef": {"name": "example-topic"}},
                },
            }
        ),
    ),
    "aws_lambda_function_recursion_config": Resource(
        external_name=attribute_as_identifier("function_name").sourced(
            "probe", "the importer takes the value of function_name"
        ),
        references={"function_name": _FUNCTION},
        example=Example(
            {"region": "us-east-1", "functionNameRef": {"name": "example-function"}, "recursiveLoop": "Terminate"}
        ),
    ),
    "aws_lambda_function_url": Resource(
        external_name=PROBED,
        references={"function_name": _FUNCTION},
        example=Example(
            {"region": "us-east-1", "authorizationType": "NONE", "functionNameRef": {"name": "example-function"}}
        ),
    ),
    "aws_lambda_layer_version": Resource(
        external_name=PROBED,
        references={"s3_bucket": Reference("aws_s3_object", "bucket"), "s3_key": Reference("aws_s3_object", "key")},
        example=Example(
            {
                "region": "us-east-1",
                "compatibleRuntimes": ["nodejs20.x"],
                "layerName": "example-layer",
                "s3BucketRef": {"name": "example-object"},
                "s3KeyRef": {"name": "example-object"},
            }
        ),
    ),
    "aws_lambda_layer_version_permission": Resource(
        external_name=PROBED,
        references={"layer_name": Reference("aws_lambda_layer_version", "layer_name")},
        example=Example(
            {
                "region": "us-east-1",
                "action": "lambda:GetLayerVersion",
                "layerNameRef": {"name": "example-layerversion"},
                "principal": "123456789012",
                "statementId": "dev-account-access",
                "versionNumber": 1,
            }
        ),
    ),
    "aws_lambda_permission": Resource(
        external_name=composite_by(idfns.lambda_permission_id, "function_name", "qualifier", "statement_id").sourced(
            "probe+docs",
            "FUNCTION_NAME/STATEMENT_ID or FUNCTION_NAME:QUALIFIER/STATEMENT_ID",
            IDExample(
                "my_test_lambda_function/AllowExecutionFromCloudWatch",
                "my_test_lambda_function/AllowExecutionFromCloudWatch",
                {"function_name": "my_test_lambda_function", "statement_id": "AllowExecutionFromCloudWatch"},
                source="docs",
            ),
            IDExample(
                "my_test_lambda_function:qualifier_name/AllowExecutionFromCloudWatch",
                "my_test_lambda_function:qualifier_name/AllowExecutionFromCloudWatch",
                {
                    "function_name": "my_test_lambda_function",
                    "qualifier": "qualifier_name",
                    "statement_id": "AllowExecutionFromCloudWatch",
                },
                source="docs",
            ),
        ),
        references={"function_name": _FUNCTION, "qualifier": Reference("aws_lambda_alias", "name")},
        sensitive=("event_source_token",),
        late_init_ignore=("statement_id_prefix",),
        example=Example(
            {
                "region": "us-east-1",
                "action": "lambda:InvokeFunction",
                "functionNameRef": {"name": "example-function"},
                "principal": "events.amazonaws.com",
                "qualifierRef": {"name": "example-alias"},
                "sourceArn": "arn:aws:events:eu-west-1:111122223333:rule/RunDaily",
                "statementId": "AllowExecutionFromCloudWatch",
            }
        ),
    ),
    "aws_lambda_provisioned_concurrency_config": Resource(
        external_name=PROBED,
        references={"function_name": _FUNCTION, "qualifier": Reference("aws_lambda_alias", "name")},
        late_init_ignore=("provisioned_concurrent_executions",),
        example=Example(
            {
                "region": "us-east-1",
                "functionNameRef": {"name": "example-function"},
                "provisionedConcurrentExecutions": 1,
                "qualifierRef": {"name": "example-alias"},
            }
        ),
    ),
    "aws_lambda_runtime_management_config": Resource(
        external_name=composite_from_parameters(",", "function_name", "qualifier").sourced(
            "probe",
            "expected function_name,qualifier",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"function_name": "partone", "qualifier": "parttwo"},
                {"function_name": "partone", "qualifier": "parttwo"},
            ),
        ),
        references={"function_name": _FUNCTION},
        example=Example(
            {
                "region": "us-east-1",
                "functionNameRef": {"name": "example-function"},
                "updateRuntimeOn": "FunctionUpdate",
            }
        ),
    ),
}
