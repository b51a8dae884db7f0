"""acm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_acm_certificate": Resource(
        external_name=PROBED,
        references={"certificate_authority_arn": Reference("aws_acmpca_certificate_authority", "arn")},
        late_init_ignore=(
            "certificate_body",
            "key_algorithm",
            "options",
            "subject_alternative_names",
            "validation_method",
        ),
        # A certificate requested by domain name (the provider needs a domain name or a private key to
        # import); the examples of the kinds that use a certificate reference this one.
        example=Example({"region": "us-east-1", "domainName": "example.com", "validationMethod": "DNS"}),
    ),
}
