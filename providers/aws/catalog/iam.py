"""iam: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import (
    Example,
    IDExample,
    Reference,
    Resource,
    attribute_as_identifier,
    composite_from_parameters,
    composite_id,
)

from . import idfns
from .strategies import PROBED, by_name

# References to IAM users, groups and roles read the target's observed id (its name), not its external
# name: that is known before the object exists, and a create naming a user, group or role not made yet
# fails with NoSuchEntity where it could have waited for it.
_USER = Reference("aws_iam_user", "id")
_GROUP = Reference("aws_iam_group", "id")
_ROLE = Reference("aws_iam_role", "id")
_POLICY = '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}'
# A self-signed X.509 certificate (P-256, CN=example.com, valid 2024 to 2054) made for these examples:
# IAM parses every certificate body it is given.
_CERTIFICATE = (
    "-----BEGIN CERTIFICATE-----\n"
    "MIIBGzCBwqADAgECAgID6DAKBggqhkjOPQQDAjAWMRQwEgYDVQQDDAtleGFtcGxl\n"
    "LmNvbTAgFw0yNDAxMDEwMDAwMDBaGA8yMDU0MDEwMTAwMDAwMFowFjEUMBIGA1UE\n"
    "AwwLZXhhbXBsZS5jb20wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASPTwZAFLBv\n"
    "+TqYfBFHfiH/F5zJxoLXIQpUIjhHZefYrSWR6wNxfOqijdRK++4UQw9TaL7bF0fo\n"
    "UV9tnlUrf2ZxMAoGCCqGSM49BAMCA0gAMEUCIDD6MLYG8yFDKZa+b8sFL2nT31E9\n"
    "SRTQE9lfMqNTVem+AiEA/xyO8dqVr8HQAyYa24gFiLeqvH9mqLy7K5oiVI5TSUo=\n"
    "-----END CERTIFICATE-----\n"
)
# SAML 2.0 metadata of an identity provider, as an IdP issues it (IAM wants 1,000 characters or more).
_SAML_METADATA = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/saml/metadata">'
    '<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">'
    '<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>'
    "<ds:X509Certificate>"
    "MIIBGzCBwqADAgECAgID6DAKBggqhkjOPQQDAjAWMRQwEgYDVQQDDAtleGFtcGxl"
    "LmNvbTAgFw0yNDAxMDEwMDAwMDBaGA8yMDU0MDEwMTAwMDAwMFowFjEUMBIGA1UE"
    "AwwLZXhhbXBsZS5jb20wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASPTwZAFLBv"
    "+TqYfBFHfiH/F5zJxoLXIQpUIjhHZefYrSWR6wNxfOqijdRK++4UQw9TaL7bF0fo"
    "UV9tnlUrf2ZxMAoGCCqGSM49BAMCA0gAMEUCIDD6MLYG8yFDKZa+b8sFL2nT31E9"
    "SRTQE9lfMqNTVem+AiEA/xyO8dqVr8HQAyYa24gFiLeqvH9mqLy7K5oiVI5TSUo="
    "</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>"
    "<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>"
    '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"'
    ' Location="https://idp.example.com/saml/sso"/>'
    '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"'
    ' Location="https://idp.example.com/saml/sso"/>'
    "</md:IDPSSODescriptor></md:EntityDescriptor>"
)

RESOURCES: dict[str, Resource] = {
    "aws_iam_account_alias": Resource(
        external_name=by_name("account_alias"),
        example=Example({}),
    ),
    "aws_iam_account_password_policy": Resource(
        external_name=PROBED,
    ),
    "aws_iam_group": Resource(
        external_name=by_name(),
        example=Example({"path": "/users/"}),
    ),
    "aws_iam_group_policies_exclusive": Resource(
        external_name=attribute_as_identifier("group_name").sourced(
            "probe", "the importer takes the value of group_name"
        ),
        # The names it keeps: a name of an inline policy the group does not have reads back without it.
        references={"group_name": _GROUP, "policy_names": Reference("aws_iam_group_policy", "name")},
        example=Example(
            {"groupNameRef": {"name": "example-group"}, "policyNameRefs": [{"name": "example-grouppolicy"}]}
        ),
    ),
    "aws_iam_group_policy": Resource(
        external_name=PROBED,
        references={"group": _GROUP},
        example=Example({"groupRef": {"name": "example-group"}, "name": "example-inline", "policy": _POLICY}),
    ),
    "aws_iam_group_policy_attachment": Resource(
        external_name=composite_from_parameters("/", "group", "policy_arn").sourced(
            "probe",
            "expected <group-name>/<policy_arn>",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"group": "partone", "policy_arn": "parttwo"},
                {"group": "partone", "id": "partone-parttwo", "policy_arn": "parttwo"},
            ),
        ),
        references={"group": _GROUP, "policy_arn": Reference("aws_iam_policy", "arn")},
        example=Example({"groupRef": {"name": "example-group"}, "policyArnRef": {"name": "example-policy"}}),
    ),
    "aws_iam_group_policy_attachments_exclusive": Resource(
        external_name=attribute_as_identifier("group_name").sourced(
            "probe", "the importer takes the value of group_name"
        ),
        # Its create attaches the listed policies and detaches the others, but its delete detaches none: the
        # policies it keeps are those an attachment manages (as the provider's documentation advises), whose
        # delete detaches them again.
        references={"group_name": _GROUP, "policy_arns": Reference("aws_iam_group_policy_attachment", "policy_arn")},
        example=Example(
            {"groupNameRef": {"name": "example-group"}, "policyArnRefs": [{"name": "example-grouppolicyattachment"}]}
        ),
    ),
    "aws_iam_instance_profile": Resource(
        external_name=by_name(),
        references={"role": _ROLE},
    ),
    "aws_iam_openid_connect_provider": Resource(
        external_name=PROBED,
        example=Example(
            {
                "clientIdList": ["266362248691-342342xasdasdasda-apps.googleusercontent.com"],
                "thumbprintList": ["cf23df2207d99a74fbe169e3eba035e633b65d94"],
                "url": "https://accounts.google.com",
            }
        ),
    ),
    "aws_iam_organizations_features": Resource(
        external_name=PROBED,
    ),
    "aws_iam_role_policies_exclusive": Resource(
        external_name=attribute_as_identifier("role_name").sourced(
            "probe", "the importer takes the value of role_name"
        ),
        # The names it keeps: a name of an inline policy the role does not have reads back without it.
        references={"role_name": _ROLE, "policy_names": Reference("aws_iam_role_policy", "name")},
        example=Example({"roleNameRef": {"name": "example-role"}, "policyNameRefs": [{"name": "example-rolepolicy"}]}),
    ),
    "aws_iam_role_policy": Resource(
        external_name=PROBED,
        references={"role": _ROLE},
        example=Example({"name": "example-inline", "policy": _POLICY, "roleRef": {"name": "example-role"}}),
    ),
    "aws_iam_role_policy_attachments_exclusive": Resource(
        external_name=attribute_as_identifier("role_name").sourced(
            "probe", "the importer takes the value of role_name"
        ),
        # Its create attaches the listed policies and detaches the others, but its delete detaches none: the
        # policies it keeps are those an attachment manages (as the provider's documentation advises), whose
        # delete detaches them again.
        references={"role_name": _ROLE, "policy_arns": Reference("aws_iam_role_policy_attachment", "policy_arn")},
        example=Example({"roleNameRef": {"name": "example-role"}, "policyArnRefs": [{"name": "example-attachment"}]}),
    ),
    "aws_iam_saml_provider": Resource(
        external_name=PROBED,
        example=Example({"name": "example", "samlMetadataDocument": _SAML_METADATA}),
    ),
    "aws_iam_server_certificate": Resource(
        external_name=by_name(),
        example=Example(
            {
                "certificateBody": "example",
                "privateKeySecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
            }
        ),
    ),
    "aws_iam_service_linked_role": Resource(
        external_name=PROBED,
        example=Example({"awsServiceName": "elasticbeanstalk.amazonaws.com"}),
    ),
    "aws_iam_service_specific_credential": Resource(
        external_name=PROBED,
        references={"user_name": _USER},
        example=Example({"serviceName": "codecommit.amazonaws.com", "userNameRef": {"name": "example-user"}}),
    ),
    "aws_iam_signing_certificate": Resource(
        external_name=PROBED,
        references={"user_name": _USER},
        example=Example({"certificateBody": _CERTIFICATE, "userNameRef": {"name": "example-user"}}),
    ),
    "aws_iam_user_group_membership": Resource(
        external_name=attribute_as_identifier("user")
        .with_get_id(idfns.iam_user_group_membership_id)
        .sourced(
            "probe+upjet+docs",
            "<user-name>/<group-name1>/...",
            IDExample("user1/group1/group2", "user1", {"user": "user1", "groups": ["group1", "group2"]}, source="docs"),
        ),
        references={"groups": _GROUP, "user": _USER},
        example=Example({"groupRefs": [{"name": "example-group"}], "userRef": {"name": "example-user"}}),
    ),
    "aws_iam_user_login_profile": Resource(
        external_name=PROBED,
        references={"user": _USER},
        late_init_ignore=(
            "password_length",
            "password_reset_required",
            "pgp_key",
        ),
        # No PGP key: a keybase: key is looked up on keybase.io. Without one the generated password is
        # kept in the state, and so in the connection Secret.
        example=Example(
            {"passwordLength": 20, "passwordResetRequired": False, "userRef": {"name": "example-user"}},
            connection_secret_namespace="crossplane-system",
        ),
    ),
    "aws_iam_user_policies_exclusive": Resource(
        external_name=attribute_as_identifier("user_name").sourced(
            "probe", "the importer takes the value of user_name"
        ),
        # The names it keeps: a name of an inline policy the user does not have reads back without it.
        references={"user_name": _USER, "policy_names": Reference("aws_iam_user_policy", "name")},
        example=Example({"userNameRef": {"name": "example-user"}, "policyNameRefs": [{"name": "example-userpolicy"}]}),
    ),
    "aws_iam_user_policy": Resource(
        external_name=PROBED,
        references={"user": _USER},
        example=Example({"name": "example-inline", "policy": _POLICY, "userRef": {"name": "example-user"}}),
    ),
    "aws_iam_user_policy_attachment": Resource(
        external_name=composite_from_parameters("/", "user", "policy_arn").sourced(
            "probe",
            "expected <user-name>/<policy_arn>",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"policy_arn": "parttwo", "user": "partone"},
                {"id": "partone-parttwo", "policy_arn": "parttwo", "user": "partone"},
            ),
        ),
        references={"policy_arn": Reference("aws_iam_policy", "arn"), "user": _USER},
        example=Example({"policyArnRef": {"name": "example-policy"}, "userRef": {"name": "example-user"}}),
    ),
    "aws_iam_user_policy_attachments_exclusive": Resource(
        external_name=attribute_as_identifier("user_name").sourced(
            "probe", "the importer takes the value of user_name"
        ),
        # Its create attaches the listed policies and detaches the others, but its delete detaches none: the
        # policies it keeps are those an attachment manages (as the provider's documentation advises), whose
        # delete detaches them again.
        references={"user_name": _USER, "policy_arns": Reference("aws_iam_user_policy_attachment", "policy_arn")},
        example=Example(
            {"userNameRef": {"name": "example-user"}, "policyArnRefs": [{"name": "example-userpolicyattachment"}]}
        ),
    ),
    "aws_iam_user_ssh_key": Resource(
        external_name=composite_id(
            "{{ .parameters.username }}:{{ .external_name }}:{{ .parameters.encoding }}"
        ).sourced(
            "probe+docs",
            "expected 3 parts separated by ':'",
            IDExample(
                "partone:parttwo:partthree",
                "parttwo",
                {"encoding": "partthree", "ssh_public_key_id": "parttwo", "username": "partone"},
                {"encoding": "partthree", "id": "parttwo", "ssh_public_key_id": "parttwo", "username": "partone"},
            ),
            IDExample(
                "user:APKAJNCNNJICVN7CFKCA:SSH",
                "APKAJNCNNJICVN7CFKCA",
                {"username": "user", "encoding": "SSH"},
                source="docs",
            ),
        ),
        references={"username": _USER},
        example=Example(
            {
                "encoding": "SSH",
                "publicKey": "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQD3F6tyPEFEzV0LX3X8BsXdMsQz1x2cEikKDEY0aIj41qgxMCP/iteneqXSIFZBp5vizPvaoIR3Um9xK7PGoW8giupGn+EPuxIA4cDM4vzOqOkiMPhz5XK0whEjkVzTo4+S0puvDZuwIsdiW9mxhJc7tgBNL0cYlWSYVkz4G/fslNfRPW5mYAM49f4fhtxPb5ok4Q2Lg9dPKVHO/Bgeu5woMc7RY0p1ej6D4CKFE6lymSDJpW0YHX/wqE9+cfEauh7xZcG0q9t2ta6F6fmX0agvpFyZo8aFbXeUBr7osSCJNgvavWbM/06niWrOvYX2xwWdhXmXSrbX8ZbabVohBK41 mytest@mydomain.com",
                "usernameRef": {"name": "example-user"},
            }
        ),
    ),
    "aws_iam_virtual_mfa_device": Resource(
        external_name=PROBED,
        example=Example({"virtualMfaDeviceName": "example"}),
    ),
}
