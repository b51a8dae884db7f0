"""neptune: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW, by_name

# A reference to a cluster reads its observed id (the cluster identifier), not its external name: that is
# known before the cluster exists, and a create naming a cluster not made yet fails where it could wait.
_CLUSTER = Reference("aws_neptune_cluster", "id")

RESOURCES: dict[str, Resource] = {
    "aws_neptune_cluster": Resource(
        external_name=by_name("cluster_identifier"),
        references={
            "iam_roles": Reference("aws_iam_role"),
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "neptune_cluster_parameter_group_name": Reference("aws_neptune_cluster_parameter_group", "id"),
            "neptune_subnet_group_name": Reference("aws_neptune_subnet_group", "id"),
            "replication_source_identifier": Reference("aws_neptune_cluster"),
            "snapshot_identifier": Reference("aws_neptune_cluster_snapshot"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        timeouts=SLOW,
        # Encrypted with the example key and of the standard storage type, both named so that an import
        # reads them back; deleted without a final snapshot, which would need its own identifier.
        example=Example(
            {
                "region": "us-east-1",
                "applyImmediately": True,
                "backupRetentionPeriod": 5,
                "engine": "neptune",
                "kmsKeyArnRef": {"name": "example-key"},
                "preferredBackupWindow": "07:00-09:00",
                "skipFinalSnapshot": True,
                "storageEncrypted": True,
                "storageType": "standard",
            }
        ),
    ),
    "aws_neptune_cluster_endpoint": Resource(
        external_name=PROBED,
        references={"cluster_identifier": _CLUSTER},
        example=Example(
            {
                "region": "us-east-1",
                "clusterEndpointIdentifier": "example-reader",
                "clusterIdentifierRef": {"name": "example-cluster"},
                "endpointType": "READER",
            }
        ),
    ),
    "aws_neptune_cluster_instance": Resource(
        external_name=by_name("identifier"),
        references={
            "cluster_identifier": _CLUSTER,
            "neptune_parameter_group_name": Reference("aws_neptune_parameter_group", "id"),
            "neptune_subnet_group_name": Reference("aws_neptune_subnet_group", "id"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "applyImmediately": True,
                "clusterIdentifierRef": {"name": "example-cluster"},
                "engine": "neptune",
                "instanceClass": "db.r4.large",
            }
        ),
    ),
    "aws_neptune_cluster_parameter_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "description": "neptune cluster parameter group",
                "family": "neptune1",
                "parameter": [{"name": "neptune_enable_audit_log", "value": "1"}],
            }
        ),
    ),
    "aws_neptune_cluster_snapshot": Resource(
        external_name=by_name("db_cluster_snapshot_identifier"),
        references={"db_cluster_identifier": _CLUSTER},
        example=Example({"region": "us-east-1", "dbClusterIdentifierRef": {"name": "example-cluster"}}),
    ),
    "aws_neptune_event_subscription": Resource(
        external_name=by_name(),
        references={
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
            "source_ids": Reference("aws_neptune_cluster_instance"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "eventCategories": [
                    "maintenance",
                    "availability",
                    "creation",
                    "backup",
                    "restoration",
                    "recovery",
                    "deletion",
                    "failover",
                    "failure",
                    "notification",
                    "configuration change",
                    "read replica",
                ],
                "snsTopicArnRef": {"name": "example-topic"},
                "sourceType": "db-instance",
                "tags": {"env": "test"},
            }
        ),
    ),
    "aws_neptune_global_cluster": Resource(
        external_name=by_name("global_cluster_identifier"),
        references={"source_db_cluster_identifier": Reference("aws_neptune_cluster", "arn")},
        example=Example({"region": "us-east-1", "engine": "neptune", "engineVersion": "1.2.0.0"}),
    ),
    "aws_neptune_parameter_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "family": "neptune1",
                "parameter": [{"name": "neptune_query_timeout", "value": "25"}],
            }
        ),
    ),
    "aws_neptune_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "tags": {"Name": "My neptune subnet group"},
            }
        ),
    ),
}
