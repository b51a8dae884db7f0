"""cognitoidentity: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cognito_identity_pool": Resource(
        external_name=PROBED,
        references={
            "cognito_identity_providers.client_id": Reference("aws_cognito_user_pool_client"),
            "saml_provider_arns": Reference("aws_iam_saml_provider", "arn"),
        },
    ),
    "aws_cognito_identity_pool_provider_principal_tag": Resource(
        external_name=PROBED,
        references={
            "identity_pool_id": Reference("aws_cognito_identity_pool"),
            "identity_provider_name": Reference("aws_cognito_user_pool", "endpoint"),
        },
    ),
    "aws_cognito_identity_pool_roles_attachment": Resource(
        external_name=PROBED,
        references={
            "identity_pool_id": Reference("aws_cognito_identity_pool"),
            "role_mapping.mapping_rule.role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
}
