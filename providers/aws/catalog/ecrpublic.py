"""ecrpublic: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_ecrpublic_repository": Resource(
        external_name=by_name("repository_name"),
        example=Example(
            {
                "region": "us-east-1",
                "tags": {"env": "production"},
                "catalogData": {
                    "aboutText": "About Text",
                    "architectures": ["ARM"],
                    "description": "Description",
                    "operatingSystems": ["Linux"],
                    "usageText": "Usage Text",
                },
            }
        ),
    ),
    "aws_ecrpublic_repository_policy": Resource(
        external_name=PROBED,
        references={"repository_name": Reference("aws_ecrpublic_repository")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "repositoryNameRef": {"name": "example-repository"},
            }
        ),
    ),
}
