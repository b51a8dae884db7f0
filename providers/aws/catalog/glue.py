"""glue: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_from_parameters, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_glue_catalog_database": Resource(
        external_name=PROBED,
        late_init_ignore=("create_table_default_permission",),
    ),
    "aws_glue_catalog_table": Resource(
        external_name=PROBED,
        references={"database_name": Reference("aws_glue_catalog_database")},
    ),
    "aws_glue_catalog_table_optimizer": Resource(
        external_name=composite_from_parameters(",", "catalog_id", "database_name", "table_name", "type").sourced(
            "probe+docs",
            "four parts separated by ','",
            IDExample(
                "123456789012,example_database,example_table,compaction",
                "123456789012,example_database,example_table,compaction",
                {
                    "catalog_id": "123456789012",
                    "database_name": "example_database",
                    "table_name": "example_table",
                    "type": "compaction",
                },
                source="docs",
            ),
        ),
        references={"database_name": Reference("aws_glue_catalog_database")},
    ),
    "aws_glue_classifier": Resource(
        external_name=by_name(),
    ),
    "aws_glue_connection": Resource(
        external_name=PROBED,
        references={
            "physical_connection_requirements.availability_zone": Reference("aws_subnet", "availability_zone"),
            "physical_connection_requirements.security_group_id_list": Reference("aws_security_group"),
            "physical_connection_requirements.subnet_id": Reference("aws_subnet"),
        },
    ),
    "aws_glue_crawler": Resource(
        external_name=by_name(),
        references={
            "catalog_target.database_name": Reference("aws_glue_catalog_database"),
            "catalog_target.tables": Reference("aws_glue_catalog_table"),
            "database_name": Reference("aws_glue_catalog_database"),
            "jdbc_target.connection_name": Reference("aws_glue_connection"),
            "mongodb_target.connection_name": Reference("aws_glue_connection"),
            "role": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_glue_data_catalog_encryption_settings": Resource(
        external_name=PROBED,
        references={
            "data_catalog_encryption_settings.connection_password_encryption.aws_kms_key_id": Reference(
                "aws_kms_key", "arn"
            ),
            "data_catalog_encryption_settings.encryption_at_rest.sse_aws_kms_key_id": Reference("aws_kms_key", "arn"),
        },
    ),
    "aws_glue_data_quality_ruleset": Resource(
        external_name=PROBED,
    ),
    "aws_glue_dev_endpoint": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_glue_job": Resource(
        external_name=by_name(),
        references={"connections": Reference("aws_glue_connection"), "role_arn": Reference("aws_iam_role", "arn")},
        late_init_ignore=(
            "max_capacity",
            "number_of_workers",
            "worker_type",
        ),
    ),
    "aws_glue_ml_transform": Resource(
        external_name=PROBED,
    ),
    "aws_glue_partition": Resource(
        external_name=PROBED,
    ),
    "aws_glue_partition_index": Resource(
        external_name=PROBED,
    ),
    "aws_glue_registry": Resource(
        external_name=PROBED,
    ),
    "aws_glue_resource_policy": Resource(
        external_name=PROBED,
    ),
    "aws_glue_schema": Resource(
        external_name=PROBED,
        references={"registry_arn": Reference("aws_glue_registry", "arn")},
    ),
    "aws_glue_security_configuration": Resource(
        external_name=by_name(),
        references={
            "encryption_configuration.cloudwatch_encryption.kms_key_arn": Reference("aws_kms_key", "arn"),
            "encryption_configuration.job_bookmarks_encryption.kms_key_arn": Reference("aws_kms_key", "arn"),
            "encryption_configuration.s3_encryption.kms_key_arn": Reference("aws_kms_key", "arn"),
        },
    ),
    "aws_glue_trigger": Resource(
        external_name=by_name(),
        references={
            "actions.crawler_name": Reference("aws_glue_crawler"),
            "actions.job_name": Reference("aws_glue_job"),
            "predicate.conditions.crawler_name": Reference("aws_glue_crawler"),
            "predicate.conditions.job_name": Reference("aws_glue_job"),
        },
    ),
    "aws_glue_user_defined_function": Resource(
        external_name=PROBED,
        references={"database_name": Reference("aws_glue_catalog_database")},
    ),
    "aws_glue_workflow": Resource(
        external_name=by_name(),
    ),
}
