"""acmpca: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_acmpca_certificate": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "the importer wants the certificate ARN, which is the state id"
        ),
        references={"certificate_authority_arn": Reference("aws_acmpca_certificate_authority", "arn")},
        sensitive=("certificate_signing_request",),
    ),
    "aws_acmpca_certificate_authority": Resource(
        external_name=PROBED,
        sensitive=("certificate_signing_request",),
        late_init_ignore=("revocation_configuration",),
    ),
    "aws_acmpca_certificate_authority_certificate": Resource(
        external_name=PROBED,
        references={"certificate_authority_arn": Reference("aws_acmpca_certificate_authority", "arn")},
        sensitive=(
            "certificate",
            "certificate_chain",
        ),
    ),
    "aws_acmpca_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_acmpca_certificate_authority", "arn")},
    ),
}
