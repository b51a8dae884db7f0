"""codeartifact: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codeartifact_domain": Resource(
        external_name=PROBED,
        references={"encryption_key": Reference("aws_kms_key", "arn")},
    ),
    "aws_codeartifact_domain_permissions_policy": Resource(
        external_name=PROBED,
        references={"domain": Reference("aws_codeartifact_domain", "domain")},
    ),
    "aws_codeartifact_repository": Resource(
        external_name=PROBED,
        references={
            "domain": Reference("aws_codeartifact_domain", "domain"),
            "upstream.repository_name": Reference("aws_codeartifact_repository", "repository"),
        },
    ),
    "aws_codeartifact_repository_permissions_policy": Resource(
        external_name=PROBED,
        references={
            "domain": Reference("aws_codeartifact_domain", "domain"),
            "repository": Reference("aws_codeartifact_repository", "repository"),
        },
    ),
}
