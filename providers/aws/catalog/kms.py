"""kms: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_kms_alias": Resource(
        external_name=PROBED,
        references={"target_key_id": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1", "targetKeyIdRef": {"name": "example-key"}}),
    ),
    "aws_kms_custom_key_store": Resource(
        external_name=PROBED,
        sensitive=(
            "key_store_password",
            "xks_proxy_authentication_credential.raw_secret_access_key",
        ),
    ),
    "aws_kms_external_key": Resource(
        external_name=PROBED,
    ),
    "aws_kms_grant": Resource(
        external_name=identifier_from_provider().sourced("probe", "KeyID:GrantID, kept as the state id"),
        references={"grantee_principal": Reference("aws_iam_role", "arn"), "key_id": Reference("aws_kms_key", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "granteePrincipalRef": {"name": "example-role"},
                "keyIdRef": {"name": "example-key"},
                "name": "my-grant",
                "operations": ["Encrypt", "Decrypt", "GenerateDataKey"],
                "constraints": [{"encryptionContextEquals": {"Department": "Finance"}}],
            }
        ),
    ),
    "aws_kms_key_policy": Resource(
        external_name=PROBED,
        references={"key_id": Reference("aws_kms_key", "key_id")},
        # The key policy KMS makes by default: the account's root may do anything with the key, so IAM
        # policies decide (a policy that locks the account out is refused).
        example=Example(
            {
                "region": "us-east-1",
                "keyIdRef": {"name": "example-key"},
                "policy": '{"Version":"2012-10-17","Id":"key-default-1","Statement":[{"Sid":"Enable IAM User Permissions",'
                '"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::123456789012:root"},"Action":"kms:*","Resource":"*"}]}',
            }
        ),
    ),
    "aws_kms_replica_external_key": Resource(
        external_name=PROBED,
        references={"primary_key_arn": Reference("aws_kms_external_key", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "deletionWindowInDays": 7,
                "description": "Multi-Region replica key",
                "primaryKeyArnRef": {"name": "example-externalkey"},
            }
        ),
    ),
    "aws_kms_replica_key": Resource(
        external_name=PROBED,
        references={"primary_key_arn": Reference("aws_kms_key", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "deletionWindowInDays": 7,
                "description": "Multi-Region replica key",
                "primaryKeyArnRef": {"name": "example-key"},
            }
        ),
    ),
}
