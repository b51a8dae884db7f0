"""redshift: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier, identifier_from_provider

from .strategies import PROBED, SLOW, by_name

# A reference to a cluster reads its observed id (the cluster identifier), not its external name: that is
# known before the cluster exists, and a create naming a cluster not made yet fails where it could wait.
_CLUSTER = Reference("aws_redshift_cluster", "id")

RESOURCES: dict[str, Resource] = {
    "aws_redshift_authentication_profile": Resource(
        external_name=by_name("authentication_profile_name"),
        example=Example({"region": "us-east-1", "authenticationProfileContent": "example"}),
    ),
    "aws_redshift_cluster": Resource(
        external_name=by_name("cluster_identifier"),
        references={
            "default_iam_role_arn": Reference("aws_iam_role", "arn"),
            "iam_roles": Reference("aws_iam_role"),
            "kms_key_id": Reference("aws_kms_key"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "clusterType": "single-node",
                "databaseName": "mydb",
                # The master password is sensitive: read from a Kubernetes Secret, never written in the spec.
                "masterPasswordSecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
                "masterUsername": "exampleuser",
                "nodeType": "dc1.large",
                # Deleted without a final snapshot: one would need its own identifier.
                "skipFinalSnapshot": True,
            }
        ),
    ),
    "aws_redshift_cluster_iam_roles": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by cluster_identifier but lists it as not tested: the state id is used"
        ),
    ),
    "aws_redshift_cluster_snapshot": Resource(
        external_name=PROBED,
        references={"cluster_identifier": _CLUSTER},
        example=Example(
            {
                "region": "us-east-1",
                "clusterIdentifierRef": {"name": "example-cluster"},
                "snapshotIdentifier": "example",
            }
        ),
    ),
    "aws_redshift_data_share_authorization": Resource(
        external_name=PROBED,
    ),
    "aws_redshift_data_share_consumer_association": Resource(
        external_name=PROBED,
    ),
    "aws_redshift_endpoint_access": Resource(
        external_name=by_name("endpoint_name"),
        references={
            "cluster_identifier": _CLUSTER,
            "subnet_group_name": Reference("aws_redshift_subnet_group"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clusterIdentifierRef": {"name": "example-cluster"},
                "subnetGroupNameRef": {"name": "example-subnetgroup"},
            }
        ),
    ),
    "aws_redshift_endpoint_authorization": Resource(
        external_name=PROBED,
        references={"cluster_identifier": _CLUSTER},
        # Another account may make endpoints of the example cluster.
        example=Example(
            {"region": "us-east-1", "account": "111122223333", "clusterIdentifierRef": {"name": "example-cluster"}}
        ),
    ),
    "aws_redshift_event_subscription": Resource(
        external_name=by_name(),
        references={
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
            "source_ids": _CLUSTER,
        },
        example=Example(
            {
                "region": "us-east-1",
                "eventCategories": ["configuration", "management", "monitoring", "security"],
                "severity": "INFO",
                "snsTopicArnRef": {"name": "example-topic"},
                "sourceType": "cluster",
                "tags": {"Name": "default"},
            }
        ),
    ),
    "aws_redshift_hsm_client_certificate": Resource(
        external_name=by_name("hsm_client_certificate_identifier"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_redshift_hsm_configuration": Resource(
        external_name=by_name("hsm_configuration_identifier"),
        example=Example(
            {
                "region": "us-east-1",
                "description": "example",
                "hsmIpAddress": "10.0.0.1",
                "hsmPartitionName": "aws",
                "hsmPartitionPasswordSecretRef": {
                    "key": "example-key",
                    "name": "example-secret",
                    "namespace": "crossplane-system",
                },
                "hsmServerPublicCertificate": "example",
            }
        ),
    ),
    "aws_redshift_integration": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
    "aws_redshift_logging": Resource(
        external_name=PROBED,
        references={"cluster_identifier": _CLUSTER},
        # Audit logs of the example cluster go to CloudWatch Logs (no bucket policy needed, as S3 would).
        example=Example(
            {
                "region": "us-east-1",
                "clusterIdentifierRef": {"name": "example-cluster"},
                "logDestinationType": "cloudwatch",
                "logExports": ["connectionlog", "userlog"],
            }
        ),
    ),
    "aws_redshift_parameter_group": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "family": "redshift-1.0",
                "name": "parameter-group-test-terraform",
                "parameter": [
                    {"name": "require_ssl", "value": "true"},
                    {"name": "query_group", "value": "example"},
                    {"name": "enable_user_activity_logging", "value": "true"},
                ],
            }
        ),
    ),
    "aws_redshift_partner": Resource(
        external_name=PROBED,
    ),
    "aws_redshift_resource_policy": Resource(
        external_name=PROBED,
    ),
    "aws_redshift_scheduled_action": Resource(
        external_name=by_name(),
        references={"iam_role": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "iamRoleRef": {"name": "example-role"},
                "schedule": "cron(00 23 * * ? *)",
                "targetAction": {"pauseCluster": {"clusterIdentifier": "tf-redshift001"}},
            }
        ),
    ),
    "aws_redshift_snapshot_copy": Resource(
        external_name=PROBED,
    ),
    "aws_redshift_snapshot_copy_grant": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1", "snapshotCopyGrantName": "my-grant"}),
    ),
    "aws_redshift_snapshot_schedule": Resource(
        external_name=by_name("identifier"),
        example=Example({"region": "us-east-1", "definitions": ["rate(12 hours)"]}),
    ),
    "aws_redshift_snapshot_schedule_association": Resource(
        external_name=PROBED,
        references={
            "cluster_identifier": _CLUSTER,
            "schedule_identifier": Reference("aws_redshift_snapshot_schedule"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clusterIdentifierRef": {"name": "example-cluster"},
                "scheduleIdentifierRef": {"name": "example-snapshotschedule"},
            }
        ),
    ),
    "aws_redshift_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example(
            {"region": "us-east-1", "subnetIdRefs": [{"name": "example-subnet"}], "tags": {"environment": "Production"}}
        ),
    ),
    "aws_redshift_usage_limit": Resource(
        external_name=PROBED,
        references={"cluster_identifier": _CLUSTER},
        example=Example(
            {
                "region": "us-east-1",
                "amount": 60,
                "clusterIdentifierRef": {"name": "example-cluster"},
                "featureType": "concurrency-scaling",
                "limitType": "time",
            }
        ),
    ),
}
