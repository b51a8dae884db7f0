"""codeartifact: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codeartifact_domain": Resource(
        external_name=PROBED,
        references={"encryption_key": Reference("aws_kms_key", "arn")},
        example=Example({"region": "us-east-1", "domain": "example"}),
    ),
    "aws_codeartifact_domain_permissions_policy": Resource(
        external_name=PROBED,
        references={"domain": Reference("aws_codeartifact_domain", "domain")},
        example=Example(
            {
                "region": "us-east-1",
                "domainRef": {"name": "example-domain"},
                "policyDocument": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_codeartifact_repository": Resource(
        external_name=PROBED,
        references={
            "domain": Reference("aws_codeartifact_domain", "domain"),
            "upstream.repository_name": Reference("aws_codeartifact_repository", "repository"),
        },
        example=Example({"region": "us-east-1", "domainRef": {"name": "example-domain"}, "repository": "example"}),
    ),
    "aws_codeartifact_repository_permissions_policy": Resource(
        external_name=PROBED,
        references={
            "domain": Reference("aws_codeartifact_domain", "domain"),
            "repository": Reference("aws_codeartifact_repository", "repository"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "domainRef": {"name": "example-domain"},
                "policyDocument": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "repositoryRef": {"name": "example-repository"},
            }
        ),
    ),
}
