"""ecr: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ecr_account_setting": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_ecr_lifecycle_policy": Resource(
        external_name=PROBED,
        references={"repository": Reference("aws_ecr_repository")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{\n  "rules": [\n    {\n      "rulePriority": 1,\n      "description": "Expire images older than 14 days",\n      "selection": {\n        "tagStatus": "untagged",\n        "countType": "sinceImagePushed",\n        "countUnit": "days",\n        "countNumber": 14\n      },\n      "action": {\n        "type": "expire"\n      }\n    }\n  ]\n}\n',
                "repositoryRef": {"name": "example-repository"},
            }
        ),
    ),
    "aws_ecr_pull_through_cache_rule": Resource(
        external_name=PROBED,
        references={"custom_role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "credentialArn": "arn:aws:secretsmanager:us-east-1:123456789:secret:ecr-pullthroughcache/ecrpublic",
                "ecrRepositoryPrefix": "ecr-public",
                "upstreamRegistryUrl": "public.ecr.aws",
            }
        ),
    ),
    "aws_ecr_registry_policy": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_ecr_registry_scanning_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "scanType": "ENHANCED",
                "rule": [
                    {
                        "scanFrequency": "CONTINUOUS_SCAN",
                        "repositoryFilter": [{"filter": "example", "filterType": "WILDCARD"}],
                    }
                ],
            }
        ),
    ),
    "aws_ecr_replication_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_ecr_repository_creation_template": Resource(
        external_name=PROBED,
        references={"encryption_configuration.kms_key": Reference("aws_kms_key", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "appliedFor": ["PULL_THROUGH_CACHE"],
                "customRoleArn": "arn:aws:iam::123456789012:role/example",
                "description": "An example template",
                "imageTagMutability": "IMMUTABLE",
                "lifecyclePolicy": '{\n  "rules": [\n    {\n      "rulePriority": 1,\n      "description": "Expire images older than 14 days",\n      "selection": {\n        "tagStatus": "untagged",\n        "countType": "sinceImagePushed",\n        "countUnit": "days",\n        "countNumber": 14\n      },\n      "action": {\n        "type": "expire"\n      }\n    }\n  ]\n}\n',
                "prefix": "example",
                "resourceTags": {"Foo": "Bar"},
                "encryptionConfiguration": [{"encryptionType": "AES256"}],
            }
        ),
    ),
    "aws_ecr_repository_policy": Resource(
        external_name=PROBED,
        references={"repository": Reference("aws_ecr_repository")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "repositoryRef": {"name": "example-repository"},
            }
        ),
    ),
}
