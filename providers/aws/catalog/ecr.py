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
        # The name as observed: known only once the repository exists (its external name is known before).
        references={"repository": Reference("aws_ecr_repository", "name")},
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
                # ECR Public takes no credentials (other upstreams need a secret named ecr-pullthroughcache/...).
                "ecrRepositoryPrefix": "ecr-public",
                "upstreamRegistryUrl": "public.ecr.aws",
            }
        ),
    ),
    "aws_ecr_registry_policy": Resource(
        external_name=PROBED,
        # A registry policy grants ECR actions (replication) to a principal on the registry's repositories.
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Sid":"ReplicationAccess","Effect":"Allow",'
                '"Principal":{"AWS":"arn:aws:iam::123456789012:root"},"Action":["ecr:ReplicateImage"],'
                '"Resource":["arn:aws:ecr:us-east-1:123456789012:repository/*"]}]}',
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
        example=Example(
            {
                "region": "us-east-1",
                "replicationConfiguration": {
                    "rule": [{"destination": [{"region": "us-west-2", "registryId": "123456789012"}]}]
                },
            }
        ),
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
        # The name as observed: known only once the repository exists (its external name is known before).
        references={"repository": Reference("aws_ecr_repository", "name")},
        example=Example(
            {
                "region": "us-east-1",
                # A repository policy names a principal and ECR actions, and no resource (it is the repository).
                "policy": '{"Version":"2012-10-17","Statement":[{"Sid":"PullAccess","Effect":"Allow",'
                '"Principal":{"AWS":"arn:aws:iam::123456789012:root"},'
                '"Action":["ecr:BatchGetImage","ecr:GetDownloadUrlForLayer"]}]}',
                "repositoryRef": {"name": "example-repository"},
            }
        ),
    ),
}
