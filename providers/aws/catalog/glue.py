"""glue: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters, identifier_from_provider

from .strategies import PROBED, by_name

# A database (or table) is named by its name: its state id is CATALOG-ID:NAME, which no argument takes.
_DATABASE = Reference("aws_glue_catalog_database", "name")

RESOURCES: dict[str, Resource] = {
    "aws_glue_catalog_database": Resource(
        external_name=PROBED,
        late_init_ignore=("create_table_default_permission",),
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_glue_catalog_table": Resource(
        external_name=PROBED,
        references={"database_name": _DATABASE},
        # Indexes are read back with the table, but made on their own (as aws_glue_partition_index does):
        # copied into the spec, one made elsewhere would read as a change that replaces the table.
        late_init_ignore=("partition_index",),
        # An external table of Parquet files, partitioned by year.
        example=Example(
            {
                "region": "us-east-1",
                "databaseNameRef": {"name": "example-catalogdatabase"},
                "name": "example",
                "tableType": "EXTERNAL_TABLE",
                "partitionKeys": [{"name": "year", "type": "string"}],
                "storageDescriptor": {
                    "location": "s3://example-bucket/events/",
                    "inputFormat": "org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat",
                    "outputFormat": "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat",
                    "columns": [{"name": "id", "type": "string"}, {"name": "value", "type": "double"}],
                },
            }
        ),
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
        references={"database_name": _DATABASE},
        example=Example(
            {
                "region": "us-east-1",
                "catalogId": "123456789012",
                "databaseNameRef": {"name": "example-catalogdatabase"},
                "tableName": "example_table",
                "type": "compaction",
                "configuration": [{"enabled": True, "roleArn": "arn:aws:iam::123456789012:role/example-role"}],
            }
        ),
    ),
    "aws_glue_classifier": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "csvClassifier": {
                    "allowSingleColumn": False,
                    "containsHeader": "PRESENT",
                    "delimiter": ",",
                    "disableValueTrimming": False,
                    "header": ["example1", "example2"],
                    "quoteSymbol": "'",
                },
            }
        ),
    ),
    "aws_glue_connection": Resource(
        external_name=PROBED,
        references={
            "physical_connection_requirements.availability_zone": Reference("aws_subnet", "availability_zone"),
            "physical_connection_requirements.security_group_id_list": Reference("aws_security_group"),
            "physical_connection_requirements.subnet_id": Reference("aws_subnet"),
        },
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_glue_crawler": Resource(
        external_name=by_name(),
        references={
            "catalog_target.database_name": _DATABASE,
            "catalog_target.tables": Reference("aws_glue_catalog_table", "name"),
            "database_name": _DATABASE,
            "jdbc_target.connection_name": Reference("aws_glue_connection"),
            "mongodb_target.connection_name": Reference("aws_glue_connection"),
            "role": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "databaseNameRef": {"name": "example-catalogdatabase"},
                "roleRef": {"name": "example-role"},
                "dynamodbTarget": [{"path": "table-name"}],
            }
        ),
    ),
    "aws_glue_data_catalog_encryption_settings": Resource(
        external_name=PROBED,
        references={
            "data_catalog_encryption_settings.connection_password_encryption.aws_kms_key_id": Reference(
                "aws_kms_key", "arn"
            ),
            "data_catalog_encryption_settings.encryption_at_rest.sse_aws_kms_key_id": Reference("aws_kms_key", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "dataCatalogEncryptionSettings": {
                    "connectionPasswordEncryption": {
                        "awsKmsKeyIdRef": {"name": "example-key"},
                        "returnConnectionPasswordEncrypted": True,
                    },
                    "encryptionAtRest": {
                        "catalogEncryptionMode": "SSE-KMS",
                        "sseAwsKmsKeyIdRef": {"name": "example-key"},
                    },
                },
            }
        ),
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
        example=Example(
            {
                "region": "us-east-1",
                "defaultArguments": {
                    "--continuous-log-logGroup": "/aws-glue/jobs",
                    "--enable-auto-scaling": "true",
                    "--enable-continuous-cloudwatch-log": "true",
                    "--enable-continuous-log-filter": "true",
                    "--enable-metrics": "",
                    "--job-language": "python",
                },
                "description": "An example Glue ETL job",
                "executionClass": "STANDARD",
                "glueVersion": "5.0",
                "maxRetries": 0,
                "numberOfWorkers": 2,
                "roleArnRef": {"name": "example-role"},
                "tags": {"ManagedBy": "AWS"},
                "timeout": 2880,
                "workerType": "G.1X",
                "command": {"name": "glueetl", "pythonVersion": "3", "scriptLocation": "example"},
                "executionProperty": {"maxConcurrentRuns": 1},
                "notificationProperty": {"notifyDelayAfter": 3},
            }
        ),
    ),
    "aws_glue_ml_transform": Resource(
        external_name=PROBED,
        references={
            "input_record_tables.database_name": _DATABASE,
            "input_record_tables.table_name": Reference("aws_glue_catalog_table", "name"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        # A FindMatches transform over the example table, matching records by their id column.
        example=Example(
            {
                "region": "us-east-1",
                "glueVersion": "1.0",
                "inputRecordTables": [
                    {
                        "databaseNameRef": {"name": "example-catalogdatabase"},
                        "tableNameRef": {"name": "example-catalogtable"},
                    }
                ],
                "maxCapacity": 10,
                "name": "example",
                "parameters": {
                    "findMatchesParameters": {"primaryKeyColumnName": "id"},
                    "transformType": "FIND_MATCHES",
                },
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_glue_partition": Resource(
        external_name=PROBED,
        references={"database_name": _DATABASE, "table_name": Reference("aws_glue_catalog_table", "name")},
        # The partition of the example table (partitioned by one key) whose key has the value 2024.
        example=Example(
            {
                "region": "us-east-1",
                "databaseNameRef": {"name": "example-catalogdatabase"},
                "partitionValues": ["2024"],
                "tableNameRef": {"name": "example-catalogtable"},
            }
        ),
    ),
    "aws_glue_partition_index": Resource(
        external_name=PROBED,
        references={"database_name": _DATABASE, "table_name": Reference("aws_glue_catalog_table", "name")},
        # An index on the example table's partition key.
        example=Example(
            {
                "region": "us-east-1",
                "databaseNameRef": {"name": "example-catalogdatabase"},
                "partitionIndex": {"indexName": "by-year", "keys": ["year"]},
                "tableNameRef": {"name": "example-catalogtable"},
            }
        ),
    ),
    "aws_glue_registry": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "registryName": "example"}),
    ),
    "aws_glue_resource_policy": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_glue_schema": Resource(
        external_name=PROBED,
        references={"registry_arn": Reference("aws_glue_registry", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "compatibility": "NONE",
                "dataFormat": "AVRO",
                "registryArnRef": {"name": "example-registry"},
                "schemaDefinition": '{"type": "record", "name": "r1", "fields": [ {"name": "f1", "type": "int"}, {"name": "f2", "type": "string"} ]}',
                "schemaName": "example",
            }
        ),
    ),
    "aws_glue_security_configuration": Resource(
        external_name=by_name(),
        references={
            "encryption_configuration.cloudwatch_encryption.kms_key_arn": Reference("aws_kms_key", "arn"),
            "encryption_configuration.job_bookmarks_encryption.kms_key_arn": Reference("aws_kms_key", "arn"),
            "encryption_configuration.s3_encryption.kms_key_arn": Reference("aws_kms_key", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "encryptionConfiguration": {
                    "cloudwatchEncryption": {"cloudwatchEncryptionMode": "DISABLED"},
                    "jobBookmarksEncryption": {"jobBookmarksEncryptionMode": "DISABLED"},
                    "s3Encryption": {"kmsKeyArnRef": {"name": "example-key"}, "s3EncryptionMode": "SSE-KMS"},
                },
            }
        ),
    ),
    "aws_glue_trigger": Resource(
        external_name=by_name(),
        references={
            "actions.crawler_name": Reference("aws_glue_crawler"),
            "actions.job_name": Reference("aws_glue_job"),
            "predicate.conditions.crawler_name": Reference("aws_glue_crawler"),
            "predicate.conditions.job_name": Reference("aws_glue_job"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "type": "CONDITIONAL",
                "actions": [{"jobNameRef": {"name": "example-job"}}],
                "predicate": {"conditions": [{"jobNameRef": {"name": "example-job"}, "state": "SUCCEEDED"}]},
            }
        ),
    ),
    "aws_glue_user_defined_function": Resource(
        external_name=PROBED,
        references={"database_name": _DATABASE},
        example=Example(
            {
                "region": "us-east-1",
                "className": "class",
                "databaseNameRef": {"name": "example-catalogdatabase"},
                "name": "example",
                "ownerName": "owner",
                "ownerType": "GROUP",
                "resourceUris": [{"resourceType": "ARCHIVE", "uri": "uri"}],
            }
        ),
    ),
    "aws_glue_workflow": Resource(
        external_name=by_name(),
    ),
}
