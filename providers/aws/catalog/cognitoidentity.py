"""cognitoidentity: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cognito_identity_pool": Resource(
        external_name=PROBED,
        references={
            "cognito_identity_providers.client_id": Reference("aws_cognito_user_pool_client"),
            "saml_provider_arns": Reference("aws_iam_saml_provider", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "allowClassicFlow": False,
                "allowUnauthenticatedIdentities": False,
                "identityPoolName": "identity pool",
                "openidConnectProviderArns": ["arn:aws:iam::123456789012:oidc-provider/id.example.com"],
                "supportedLoginProviders": {
                    "accounts.google.com": "123456789012.apps.googleusercontent.com",
                    "graph.facebook.com": "7346241598935552",
                },
                "cognitoIdentityProviders": [
                    {
                        "clientIdRef": {"name": "example-userpoolclient"},
                        "providerName": "cognito-idp.us-east-1.amazonaws.com/us-east-1_Tv0493apJ",
                        "serverSideTokenCheck": False,
                    },
                    {
                        "clientIdRef": {"name": "example-userpoolclient"},
                        "providerName": "cognito-idp.us-east-1.amazonaws.com/eu-west-1_Zr231apJu",
                        "serverSideTokenCheck": False,
                    },
                ],
            }
        ),
    ),
    "aws_cognito_identity_pool_provider_principal_tag": Resource(
        external_name=PROBED,
        references={
            "identity_pool_id": Reference("aws_cognito_identity_pool"),
            "identity_provider_name": Reference("aws_cognito_user_pool", "endpoint"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "identityPoolIdRef": {"name": "example-pool"},
                "identityProviderNameRef": {"name": "example-userpool"},
                "principalTags": {"test": "value"},
                "useDefaults": False,
            }
        ),
    ),
    "aws_cognito_identity_pool_roles_attachment": Resource(
        external_name=PROBED,
        references={
            "identity_pool_id": Reference("aws_cognito_identity_pool"),
            "role_mapping.mapping_rule.role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "identityPoolIdRef": {"name": "example-pool"},
                "roles": {"authenticated": "${aws_iam_role.authenticated.arn}"},
                "roleMapping": [
                    {
                        "ambiguousRoleResolution": "AuthenticatedRole",
                        "identityProvider": "graph.facebook.com",
                        "type": "Rules",
                        "mappingRule": [
                            {
                                "claim": "isAdmin",
                                "matchType": "Equals",
                                "roleArnRef": {"name": "example-role"},
                                "value": "paid",
                            }
                        ],
                    }
                ],
            }
        ),
    ),
}
