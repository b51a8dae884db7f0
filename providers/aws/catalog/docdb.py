"""docdb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_docdb_cluster": Resource(
        external_name=by_name("cluster_identifier"),
        references={
            "db_cluster_parameter_group_name": Reference("aws_docdb_cluster_parameter_group"),
            "kms_key_id": Reference("aws_kms_key"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        sensitive=("master_password_wo",),
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("cluster_identifier_prefix",),
        timeouts=SLOW,
        # The master user and its password (from a Secret) are required unless the cluster is restored
        # from a snapshot; no final snapshot, so a delete leaves nothing behind.
        example=Example(
            {
                "region": "us-east-1",
                "engine": "docdb",
                "masterUsername": "foo",
                "masterPasswordSecretRef": {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"},
                "backupRetentionPeriod": 5,
                "preferredBackupWindow": "07:00-09:00",
                "skipFinalSnapshot": True,
            }
        ),
    ),
    "aws_docdb_cluster_instance": Resource(
        external_name=by_name("identifier"),
        references={"cluster_identifier": Reference("aws_docdb_cluster")},
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("identifier_prefix",),
        timeouts=SLOW,
        example=Example(
            {"region": "us-east-1", "clusterIdentifierRef": {"name": "example-cluster"}, "instanceClass": "db.r5.large"}
        ),
    ),
    "aws_docdb_cluster_parameter_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "description": "docdb cluster parameter group",
                "family": "docdb3.6",
                "parameter": [{"name": "tls", "value": "enabled"}],
            }
        ),
    ),
    "aws_docdb_cluster_snapshot": Resource(
        external_name=by_name("db_cluster_snapshot_identifier"),
        references={"db_cluster_identifier": Reference("aws_docdb_cluster")},
        example=Example({"region": "us-east-1", "dbClusterIdentifierRef": {"name": "example-cluster"}}),
    ),
    "aws_docdb_event_subscription": Resource(
        external_name=by_name(),
        references={"sns_topic_arn": Reference("aws_sns_topic", "arn"), "source_ids": Reference("aws_docdb_cluster")},
        example=Example(
            {
                "region": "us-east-1",
                "enabled": True,
                "eventCategories": ["creation", "failure"],
                "snsTopicArnRef": {"name": "example-topic"},
                "sourceType": "db-cluster",
            }
        ),
    ),
    "aws_docdb_global_cluster": Resource(
        external_name=PROBED,
        references={"source_db_cluster_identifier": Reference("aws_docdb_cluster", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "engine": "docdb",
                "engineVersion": "4.0.0",
                "globalClusterIdentifier": "global-test",
            }
        ),
    ),
    "aws_docdb_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "tags": {"Name": "My docdb subnet group"},
            }
        ),
    ),
}
