"""rds: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier, identifier_from_provider

from .strategies import PROBED, SLOW, by_name

# References to a cluster, a parameter group or a subnet group read its observed id (its name), not its
# external name: that is known before the object exists, and a create naming one not made yet fails
# where it could have waited for it.
_CLUSTER = Reference("aws_rds_cluster", "id")
_PARAMETER_GROUP = Reference("aws_db_parameter_group", "id")
_SUBNET_GROUP = Reference("aws_db_subnet_group", "id")
# The master password is sensitive: read from a Kubernetes Secret, never written in the spec.
_PASSWORD = {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"}

RESOURCES: dict[str, Resource] = {
    "aws_db_cluster_snapshot": Resource(
        external_name=PROBED,
        references={"db_cluster_identifier": _CLUSTER},
        example=Example(
            {
                "region": "us-east-1",
                "dbClusterIdentifierRef": {"name": "example-cluster"},
                "dbClusterSnapshotIdentifier": "resourcetestsnapshot1234",
            }
        ),
    ),
    "aws_db_event_subscription": Resource(
        external_name=by_name(),
        references={
            "sns_topic": Reference("aws_sns_topic", "arn"),
            "source_ids": Reference("aws_db_instance", "identifier"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "eventCategories": [
                    "availability",
                    "deletion",
                    "failover",
                    "failure",
                    "low storage",
                    "maintenance",
                    "notification",
                    "read replica",
                    "recovery",
                    "restoration",
                ],
                "snsTopicRef": {"name": "example-topic"},
                "sourceType": "db-instance",
            }
        ),
    ),
    "aws_db_instance": Resource(
        external_name=PROBED,
        references={
            "db_subnet_group_name": _SUBNET_GROUP,
            "kms_key_id": Reference("aws_kms_key", "arn"),
            "master_user_secret_kms_key_id": Reference("aws_kms_key", "key_id"),
            "monitoring_role_arn": Reference("aws_iam_role", "arn"),
            "parameter_group_name": _PARAMETER_GROUP,
            "performance_insights_kms_key_id": Reference("aws_kms_key"),
            "replicate_source_db": Reference("aws_db_instance", "identifier"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        late_init_ignore=(
            "availability_zone",
            "db_name",
        ),
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "allocatedStorage": 10,
                "dbName": "mydb",
                "engine": "mysql",
                "engineVersion": "8.0",
                "instanceClass": "db.t3.micro",
                "parameterGroupNameRef": {"name": "example-parametergroup"},
                "passwordSecretRef": _PASSWORD,
                "skipFinalSnapshot": True,
                "username": "foo",
            }
        ),
    ),
    "aws_db_instance_automated_backups_replication": Resource(
        external_name=PROBED,
        references={
            "kms_key_id": Reference("aws_kms_key"),
            "source_db_instance_arn": Reference("aws_db_instance", "arn"),
        },
        example=Example(
            {"region": "us-east-1", "retentionPeriod": 14, "sourceDbInstanceArnRef": {"name": "example-instance"}}
        ),
    ),
    "aws_db_instance_role_association": Resource(
        external_name=PROBED,
        references={
            "db_instance_identifier": Reference("aws_db_instance", "identifier"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "dbInstanceIdentifierRef": {"name": "example-instance"},
                "featureName": "S3_INTEGRATION",
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_db_option_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "engineName": "sqlserver-ee",
                "majorEngineVersion": "11.00",
                "optionGroupDescription": "Terraform Option Group",
                "option": [
                    {"optionName": "Timezone", "optionSettings": [{"name": "TIME_ZONE", "value": "UTC"}]},
                    {
                        "optionName": "SQLSERVER_BACKUP_RESTORE",
                        "optionSettings": [{"name": "IAM_ROLE_ARN", "value": "example"}],
                    },
                    {"optionName": "TDE"},
                ],
            }
        ),
    ),
    "aws_db_parameter_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                # The family of the instance example's engine (MySQL 8.0).
                "family": "mysql8.0",
                "parameter": [
                    {"name": "character_set_server", "value": "utf8mb4"},
                    {"name": "character_set_client", "value": "utf8mb4"},
                ],
            }
        ),
    ),
    "aws_db_proxy": Resource(
        external_name=by_name(),
        references={
            "auth.secret_arn": Reference("aws_secretsmanager_secret", "arn"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "vpc_security_group_ids": Reference("aws_security_group"),
            "vpc_subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "debugLogging": False,
                "engineFamily": "MYSQL",
                "idleClientTimeout": 1800,
                "requireTls": True,
                "roleArnRef": {"name": "example-role"},
                "tags": {"Key": "value", "Name": "example"},
                "vpcSecurityGroupIdRefs": [{"name": "example-sg"}],
                "vpcSubnetIdRefs": [{"name": "example-subnet"}],
                "auth": [
                    {
                        "authScheme": "SECRETS",
                        "description": "example",
                        "iamAuth": "DISABLED",
                        "secretArnRef": {"name": "example-secret"},
                    }
                ],
            }
        ),
    ),
    "aws_db_proxy_default_target_group": Resource(
        external_name=PROBED,
        references={"db_proxy_name": Reference("aws_db_proxy")},
        example=Example(
            {
                "region": "us-east-1",
                "dbProxyNameRef": {"name": "example-proxy"},
                "connectionPoolConfig": {
                    "connectionBorrowTimeout": 120,
                    "initQuery": "SET x=1, y=2",
                    "maxConnectionsPercent": 100,
                    "maxIdleConnectionsPercent": 50,
                    "sessionPinningFilters": ["EXCLUDE_VARIABLE_SETS"],
                },
            }
        ),
    ),
    "aws_db_proxy_endpoint": Resource(
        external_name=PROBED,
        references={
            "db_proxy_name": Reference("aws_db_proxy"),
            "vpc_security_group_ids": Reference("aws_security_group"),
            "vpc_subnet_ids": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "dbProxyEndpointName": "example-reader",
                "dbProxyNameRef": {"name": "example-proxy"},
                "targetRole": "READ_ONLY",
                "vpcSubnetIdRefs": [{"name": "example-subnet"}],
            }
        ),
    ),
    "aws_db_proxy_target": Resource(
        external_name=PROBED,
        references={
            "db_instance_identifier": Reference("aws_db_instance", "identifier"),
            "db_proxy_name": Reference("aws_db_proxy"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "dbInstanceIdentifierRef": {"name": "example-instance"},
                "dbProxyNameRef": {"name": "example-proxy"},
                # The target group every proxy is made with.
                "targetGroupName": "default",
            }
        ),
    ),
    "aws_db_snapshot": Resource(
        external_name=by_name("db_snapshot_identifier"),
        references={"db_instance_identifier": Reference("aws_db_instance", "identifier")},
        example=Example({"region": "us-east-1", "dbInstanceIdentifierRef": {"name": "example-instance"}}),
    ),
    "aws_db_snapshot_copy": Resource(
        external_name=PROBED,
        references={
            "kms_key_id": Reference("aws_kms_key"),
            "source_db_snapshot_identifier": Reference("aws_db_snapshot", "db_snapshot_arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "sourceDbSnapshotIdentifierRef": {"name": "example-snapshot"},
                "targetDbSnapshotIdentifier": "testsnapshot1234-copy",
            }
        ),
    ),
    "aws_db_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "tags": {"Name": "My DB subnet group"},
            }
        ),
    ),
    "aws_rds_certificate": Resource(
        external_name=PROBED,
        # The account's default CA for new DB instances: one of the CAs RDS offers.
        example=Example({"region": "us-east-1", "certificateIdentifier": "rds-ca-rsa2048-g1"}),
    ),
    "aws_rds_cluster": Resource(
        external_name=by_name("cluster_identifier"),
        references={
            "db_cluster_parameter_group_name": Reference("aws_rds_cluster_parameter_group", "id"),
            "db_instance_parameter_group_name": _PARAMETER_GROUP,
            "db_subnet_group_name": _SUBNET_GROUP,
            "kms_key_id": Reference("aws_kms_key", "arn"),
            "master_user_secret_kms_key_id": Reference("aws_kms_key", "key_id"),
            "monitoring_role_arn": Reference("aws_iam_role", "arn"),
            "performance_insights_kms_key_id": Reference("aws_kms_key"),
            "restore_to_point_in_time.source_cluster_identifier": Reference("aws_rds_cluster"),
            "s3_import.bucket_name": Reference("aws_s3_bucket"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        late_init_ignore=("enabled_cloudwatch_logs_exports",),
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "availabilityZones": ["us-west-2a", "us-west-2b", "us-west-2c"],
                "backupRetentionPeriod": 5,
                "databaseName": "mydb",
                "engine": "aurora-mysql",
                "engineVersion": "5.7.mysql_aurora.2.03.2",
                "kmsKeyIdRef": {"name": "example-key"},
                "masterPasswordSecretRef": _PASSWORD,
                "masterUsername": "foo",
                "preferredBackupWindow": "07:00-09:00",
                # Deleted without a final snapshot: one would need its own identifier.
                "skipFinalSnapshot": True,
                "storageEncrypted": True,
            }
        ),
    ),
    "aws_rds_cluster_activity_stream": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key"), "resource_arn": Reference("aws_rds_cluster", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "kmsKeyIdRef": {"name": "example-key"},
                "mode": "async",
                "resourceArnRef": {"name": "example-cluster"},
            }
        ),
    ),
    "aws_rds_cluster_endpoint": Resource(
        external_name=by_name("cluster_endpoint_identifier"),
        references={
            "cluster_identifier": _CLUSTER,
            "excluded_members": Reference("aws_rds_cluster_instance"),
            "static_members": Reference("aws_rds_cluster_instance"),
        },
        example=Example(
            {"region": "us-east-1", "clusterIdentifierRef": {"name": "example-cluster"}, "customEndpointType": "READER"}
        ),
    ),
    "aws_rds_cluster_instance": Resource(
        external_name=by_name("identifier"),
        references={
            "cluster_identifier": _CLUSTER,
            "db_parameter_group_name": _PARAMETER_GROUP,
            "db_subnet_group_name": _SUBNET_GROUP,
            "monitoring_role_arn": Reference("aws_iam_role", "arn"),
            "performance_insights_kms_key_id": Reference("aws_kms_key"),
        },
        late_init_ignore=(
            "db_parameter_group_name",
            "engine_version",
            "preferred_backup_window",
        ),
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "clusterIdentifierRef": {"name": "example-cluster"},
                "engine": "aurora-mysql",
                "instanceClass": "db.r4.large",
            }
        ),
    ),
    "aws_rds_cluster_parameter_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "description": "RDS default cluster parameter group",
                "family": "aurora5.6",
                "parameter": [
                    {"name": "character_set_server", "value": "utf8"},
                    {"name": "character_set_client", "value": "utf8"},
                ],
            }
        ),
    ),
    "aws_rds_cluster_role_association": Resource(
        external_name=PROBED,
        references={
            "db_cluster_identifier": _CLUSTER,
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "dbClusterIdentifierRef": {"name": "example-cluster"},
                "featureName": "S3_INTEGRATION",
                "roleArnRef": {"name": "example-role"},
            }
        ),
    ),
    "aws_rds_cluster_snapshot_copy": Resource(
        external_name=PROBED,
        references={
            "source_db_cluster_snapshot_identifier": Reference("aws_db_cluster_snapshot", "db_cluster_snapshot_arn")
        },
        example=Example(
            {
                "region": "us-east-1",
                "sourceDbClusterSnapshotIdentifierRef": {"name": "example-clustersnapshot"},
                "targetDbClusterSnapshotIdentifier": "example-cluster-snapshot-copy",
            }
        ),
    ),
    "aws_rds_custom_db_engine_version": Resource(
        external_name=PROBED,
        references={"database_installation_files_s3_bucket_name": Reference("aws_s3_bucket")},
        # RDS Custom for Oracle: the engine's name starts with custom-, the installation files are in S3 and
        # the manifest names them (its shape as the RDS Custom user guide gives it).
        example=Example(
            {
                "region": "us-east-1",
                "databaseInstallationFilesS3BucketNameRef": {"name": "example-bucket-tfbridge"},
                "databaseInstallationFilesS3Prefix": "oracle/19c",
                "engine": "custom-oracle-ee-cdb",
                "engineVersion": "19.cdb_cev1",
                "manifest": '{"mediaImportTemplateVersion":"2020-08-14","databaseInstallationFileNames":'
                '["V982063-01.zip"],"opatchFileNames":["p6880880_190000_Linux-x86-64.zip"]}',
            }
        ),
    ),
    "aws_rds_export_task": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by export_task_identifier but lists it as not tested: the state id is used"
        ),
    ),
    "aws_rds_global_cluster": Resource(
        external_name=by_name("global_cluster_identifier"),
        references={"source_db_cluster_identifier": Reference("aws_rds_cluster", "arn")},
        timeouts=SLOW,
        # No database name: DescribeGlobalClusters does not return one, so an import could never restore it
        # (and the provider replaces a global cluster whose database name changes).
        example=Example({"region": "us-east-1", "engine": "aurora-mysql", "engineVersion": "5.7.mysql_aurora.2.11.2"}),
    ),
    "aws_rds_instance_state": Resource(
        external_name=attribute_as_identifier("identifier").sourced(
            "probe", "the importer takes the value of identifier"
        ),
        references={"identifier": Reference("aws_db_instance", "identifier")},
        example=Example({"region": "us-east-1", "identifierRef": {"name": "example-instance"}, "state": "available"}),
    ),
    "aws_rds_integration": Resource(
        external_name=PROBED,
    ),
    "aws_rds_reserved_instance": Resource(
        external_name=PROBED,
    ),
    "aws_rds_shard_group": Resource(
        external_name=attribute_as_identifier("db_shard_group_identifier").sourced(
            "probe", "the importer takes the value of db_shard_group_identifier"
        ),
        references={"db_cluster_identifier": _CLUSTER},
        example=Example(
            {
                "region": "us-east-1",
                "dbClusterIdentifierRef": {"name": "example-cluster"},
                "dbShardGroupIdentifier": "example-shard-group",
                "maxAcu": 768,
            }
        ),
    ),
}
