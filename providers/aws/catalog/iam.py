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
    ),
    "aws_iam_group_policy": Resource(
        external_name=PROBED,
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
        references={"group": Reference("aws_iam_group"), "policy_arn": Reference("aws_iam_policy", "arn")},
        example=Example({"groupRef": {"name": "example-group"}, "policyArnRef": {"name": "example-policy"}}),
    ),
    "aws_iam_group_policy_attachments_exclusive": Resource(
        external_name=attribute_as_identifier("group_name").sourced(
            "probe", "the importer takes the value of group_name"
        ),
    ),
    "aws_iam_instance_profile": Resource(
        external_name=by_name(),
        references={"role": Reference("aws_iam_role")},
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
    ),
    "aws_iam_role_policy": Resource(
        external_name=PROBED,
        references={"role": Reference("aws_iam_role")},
        example=Example(
            {
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "roleRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_iam_role_policy_attachments_exclusive": Resource(
        external_name=attribute_as_identifier("role_name").sourced(
            "probe", "the importer takes the value of role_name"
        ),
    ),
    "aws_iam_saml_provider": Resource(
        external_name=PROBED,
        example=Example(
            {
                "name": "example",
                "samlMetadataDocument": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
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
        references={"user_name": Reference("aws_iam_user")},
        example=Example({"serviceName": "codecommit.amazonaws.com", "userNameRef": {"name": "example-user"}}),
    ),
    "aws_iam_signing_certificate": Resource(
        external_name=PROBED,
        example=Example({"certificateBody": "example", "userName": "example"}),
    ),
    "aws_iam_user_group_membership": Resource(
        external_name=attribute_as_identifier("user")
        .with_get_id(idfns.iam_user_group_membership_id)
        .sourced(
            "probe+upjet+docs",
            "<user-name>/<group-name1>/...",
            IDExample("user1/group1/group2", "user1", {"user": "user1", "groups": ["group1", "group2"]}, source="docs"),
        ),
        references={"groups": Reference("aws_iam_group"), "user": Reference("aws_iam_user")},
        example=Example({"groupRefs": [{"name": "example-group"}], "userRef": {"name": "example-user"}}),
    ),
    "aws_iam_user_login_profile": Resource(
        external_name=PROBED,
        references={"user": Reference("aws_iam_user")},
        late_init_ignore=(
            "password_length",
            "password_reset_required",
            "pgp_key",
        ),
        example=Example({"pgpKey": "keybase:some_person_that_exists", "userRef": {"name": "example-user"}}),
    ),
    "aws_iam_user_policies_exclusive": Resource(
        external_name=attribute_as_identifier("user_name").sourced(
            "probe", "the importer takes the value of user_name"
        ),
    ),
    "aws_iam_user_policy": Resource(
        external_name=PROBED,
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
        references={"policy_arn": Reference("aws_iam_policy", "arn"), "user": Reference("aws_iam_user")},
        example=Example({"policyArnRef": {"name": "example-policy"}, "userRef": {"name": "example-user"}}),
    ),
    "aws_iam_user_policy_attachments_exclusive": Resource(
        external_name=attribute_as_identifier("user_name").sourced(
            "probe", "the importer takes the value of user_name"
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
        references={"username": Reference("aws_iam_user")},
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
