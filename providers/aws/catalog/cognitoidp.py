"""cognitoidp: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cognito_identity_provider": Resource(
        external_name=PROBED,
        references={"user_pool_id": Reference("aws_cognito_user_pool")},
        example=Example(
            {
                "region": "us-east-1",
                "attributeMapping": {"email": "email", "username": "sub"},
                "providerDetails": {
                    "authorize_scopes": "email",
                    "client_id": "your client_id",
                    "client_secret": "your client_secret",
                },
                "providerName": "Google",
                "providerType": "Google",
                "userPoolIdRef": {"name": "example-userpool"},
            }
        ),
    ),
    "aws_cognito_managed_user_pool_client": Resource(
        external_name=composite_id("{{ .parameters.user_pool_id }}/{{ .external_name }}").sourced(
            "probe",
            "expected user-pool-id/client-id",
            IDExample(
                "partone/parttwo", "parttwo", {"user_pool_id": "partone"}, {"id": "parttwo", "user_pool_id": "partone"}
            ),
        ),
    ),
    "aws_cognito_resource_server": Resource(
        external_name=PROBED,
        references={"user_pool_id": Reference("aws_cognito_user_pool")},
        example=Example(
            {
                "region": "us-east-1",
                "identifier": "https://example.com",
                "name": "example",
                "userPoolIdRef": {"name": "example-userpool"},
            }
        ),
    ),
    "aws_cognito_risk_configuration": Resource(
        external_name=PROBED,
        references={"user_pool_id": Reference("aws_cognito_user_pool")},
        example=Example(
            {
                "region": "us-east-1",
                "userPoolIdRef": {"name": "example-userpool"},
                "riskExceptionConfiguration": {"blockedIpRangeList": ["10.10.10.10/32"]},
            }
        ),
    ),
    "aws_cognito_user": Resource(
        external_name=composite_id("{{ .parameters.user_pool_id }}/{{ .external_name }}", argument="username").sourced(
            "probe+docs",
            "expected UserPoolID/Username",
            IDExample(
                "partone/parttwo",
                "parttwo",
                {"user_pool_id": "partone", "username": "parttwo"},
                {"id": "partone/parttwo", "user_pool_id": "partone", "username": "parttwo"},
            ),
            IDExample(
                "us-east-1_vG78M4goG/user",
                "user",
                {"user_pool_id": "us-east-1_vG78M4goG", "username": "user"},
                source="docs",
            ),
        ),
        references={"user_pool_id": Reference("aws_cognito_user_pool")},
        example=Example({"region": "us-east-1", "userPoolIdRef": {"name": "example-userpool"}}),
    ),
    "aws_cognito_user_group": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn"), "user_pool_id": Reference("aws_cognito_user_pool")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "Managed by Terraform",
                "name": "user-group",
                "precedence": 42,
                "roleArnRef": {"name": "example-role"},
                "userPoolIdRef": {"name": "example-userpool"},
            }
        ),
    ),
    "aws_cognito_user_pool": Resource(
        external_name=PROBED,
        references={
            "lambda_config.create_auth_challenge": Reference("aws_lambda_function", "arn"),
            "lambda_config.custom_email_sender.lambda_arn": Reference("aws_lambda_function", "arn"),
            "lambda_config.custom_message": Reference("aws_lambda_function", "arn"),
            "lambda_config.custom_sms_sender.lambda_arn": Reference("aws_lambda_function", "arn"),
            "lambda_config.define_auth_challenge": Reference("aws_lambda_function", "arn"),
            "lambda_config.kms_key_id": Reference("aws_kms_key", "arn"),
            "lambda_config.post_authentication": Reference("aws_lambda_function", "arn"),
            "lambda_config.post_confirmation": Reference("aws_lambda_function", "arn"),
            "lambda_config.pre_authentication": Reference("aws_lambda_function", "arn"),
            "lambda_config.pre_sign_up": Reference("aws_lambda_function", "arn"),
            "lambda_config.pre_token_generation": Reference("aws_lambda_function", "arn"),
            "lambda_config.user_migration": Reference("aws_lambda_function", "arn"),
            "lambda_config.verify_auth_challenge_response": Reference("aws_lambda_function", "arn"),
            "sms_configuration.sns_caller_arn": Reference("aws_iam_role", "arn"),
        },
        late_init_ignore=(
            "email_verification_message",
            "email_verification_subject",
            "sms_verification_message",
            "verification_message_template",
        ),
        example=Example({"region": "us-east-1", "name": "mypool"}),
    ),
    "aws_cognito_user_pool_client": Resource(
        external_name=composite_id("{{ .parameters.user_pool_id }}/{{ .external_name }}").sourced(
            "probe+docs",
            "expected user-pool-id/client-id",
            IDExample(
                "partone/parttwo", "parttwo", {"user_pool_id": "partone"}, {"id": "parttwo", "user_pool_id": "partone"}
            ),
            IDExample(
                "us-west-2_abc123/3ho4ek12345678909nh3fmhpko",
                "3ho4ek12345678909nh3fmhpko",
                {"user_pool_id": "us-west-2_abc123"},
                source="docs",
            ),
        ),
        references={
            "analytics_configuration.application_id": Reference("aws_pinpoint_app", "application_id"),
            "analytics_configuration.role_arn": Reference("aws_iam_role", "arn"),
            "user_pool_id": Reference("aws_cognito_user_pool"),
        },
        example=Example({"region": "us-east-1", "name": "client", "userPoolIdRef": {"name": "example-userpool"}}),
    ),
    "aws_cognito_user_pool_domain": Resource(
        external_name=PROBED,
        references={
            "certificate_arn": Reference("aws_acm_certificate", "arn"),
            "user_pool_id": Reference("aws_cognito_user_pool"),
        },
        example=Example(
            {"region": "us-east-1", "domain": "example-domain", "userPoolIdRef": {"name": "example-userpool"}}
        ),
    ),
    "aws_cognito_user_pool_ui_customization": Resource(
        external_name=PROBED,
        references={
            "client_id": Reference("aws_cognito_user_pool_client"),
            "user_pool_id": Reference("aws_cognito_user_pool"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clientIdRef": {"name": "example-userpoolclient"},
                "css": ".label-customizable {font-weight: 400;}",
                "userPoolIdRef": {"name": "example-userpool"},
            }
        ),
    ),
}
