"""ecr: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, attribute_as_identifier

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
    ),
    "aws_ecr_pull_through_cache_rule": Resource(
        external_name=PROBED,
        references={"custom_role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_ecr_registry_policy": Resource(
        external_name=PROBED,
    ),
    "aws_ecr_registry_scanning_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_ecr_replication_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_ecr_repository_creation_template": Resource(
        external_name=PROBED,
        references={"encryption_configuration.kms_key": Reference("aws_kms_key", "arn")},
    ),
    "aws_ecr_repository_policy": Resource(
        external_name=PROBED,
        references={"repository": Reference("aws_ecr_repository")},
    ),
}
