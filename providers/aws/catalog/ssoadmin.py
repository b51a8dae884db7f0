"""ssoadmin: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ssoadmin_account_assignment": Resource(
        external_name=PROBED,
        references={
            "permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn"),
            "principal_id": Reference("aws_identitystore_group"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "instanceArn": "arn:aws:iam::123456789012:role/example",
                "permissionSetArnRef": {"name": "example-permissionset"},
                "principalIdRef": {"name": "example-group"},
                "principalType": "GROUP",
                "targetId": "123456789012",
                "targetType": "AWS_ACCOUNT",
            }
        ),
    ),
    "aws_ssoadmin_application": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_application_access_scope": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_application_assignment": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_application_assignment_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_customer_managed_policy_attachment": Resource(
        external_name=PROBED,
        references={
            "customer_managed_policy_reference.name": Reference("aws_iam_policy"),
            "permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "instanceArn": "arn:aws:iam::123456789012:role/example",
                "permissionSetArnRef": {"name": "example-permissionset"},
                "customerManagedPolicyReference": {"nameRef": {"name": "example-policy"}, "path": "/"},
            }
        ),
    ),
    "aws_ssoadmin_instance_access_control_attributes": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "instanceArn": "arn:aws:iam::123456789012:role/example",
                "attribute": [
                    {"key": "name", "value": [{"source": ["${path:name.givenName}"]}]},
                    {"key": "last", "value": [{"source": ["${path:name.familyName}"]}]},
                ],
            }
        ),
    ),
    "aws_ssoadmin_managed_policy_attachment": Resource(
        external_name=PROBED,
        references={"permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "instanceArn": "arn:aws:iam::123456789012:role/example",
                "managedPolicyArn": "arn:aws:iam::aws:policy/AlexaForBusinessDeviceSetup",
                "permissionSetArnRef": {"name": "example-permissionset"},
            }
        ),
    ),
    "aws_ssoadmin_permission_set": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "An example",
                "instanceArn": "arn:aws:iam::123456789012:role/example",
                "name": "Example",
                "relayState": "https://s3.console.aws.amazon.com/s3/home?region=us-east-1#",
                "sessionDuration": "PT2H",
            }
        ),
    ),
    "aws_ssoadmin_permission_set_inline_policy": Resource(
        external_name=PROBED,
        references={"permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "inlinePolicy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "instanceArn": "arn:aws:iam::123456789012:role/example",
                "permissionSetArnRef": {"name": "example-permissionset"},
            }
        ),
    ),
    "aws_ssoadmin_permissions_boundary_attachment": Resource(
        external_name=PROBED,
        references={
            "permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn"),
            "permissions_boundary.customer_managed_policy_reference.name": Reference("aws_iam_policy"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "instanceArn": "arn:aws:iam::123456789012:role/example",
                "permissionSetArnRef": {"name": "example-permissionset"},
                "permissionsBoundary": {
                    "customerManagedPolicyReference": {"nameRef": {"name": "example-policy"}, "path": "/"}
                },
            }
        ),
    ),
    "aws_ssoadmin_trusted_token_issuer": Resource(
        external_name=PROBED,
    ),
}
