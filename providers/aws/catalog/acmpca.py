"""acmpca: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_acmpca_certificate": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer wants the certificate ARN, which is the state id"
        ),
        references={"certificate_authority_arn": Reference("aws_acmpca_certificate_authority", "arn")},
        sensitive=("certificate_signing_request",),
        example=Example(
            {
                "region": "us-east-1",
                "certificateAuthorityArnRef": {"name": "example-certificateauthority"},
                "certificateSigningRequestSecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
                "signingAlgorithm": "SHA256WITHRSA",
                "validity": {"type": "YEARS", "value": "1"},
            }
        ),
    ),
    "aws_acmpca_certificate_authority": Resource(
        external_name=PROBED,
        sensitive=("certificate_signing_request",),
        late_init_ignore=("revocation_configuration",),
        example=Example(
            {
                "region": "us-east-1",
                "permanentDeletionTimeInDays": 7,
                "certificateAuthorityConfiguration": {
                    "keyAlgorithm": "RSA_4096",
                    "signingAlgorithm": "SHA512WITHRSA",
                    "subject": {"commonName": "example.com"},
                },
            }
        ),
    ),
    "aws_acmpca_certificate_authority_certificate": Resource(
        external_name=PROBED,
        references={"certificate_authority_arn": Reference("aws_acmpca_certificate_authority", "arn")},
        sensitive=(
            "certificate",
            "certificate_chain",
        ),
        example=Example(
            {
                "region": "us-east-1",
                "certificateSecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
                "certificateAuthorityArnRef": {"name": "example-certificateauthority"},
            }
        ),
    ),
    "aws_acmpca_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_acmpca_certificate_authority", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "resourceArnRef": {"name": "example-certificateauthority"},
            }
        ),
    ),
}
