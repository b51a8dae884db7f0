"""dms: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_dms_certificate": Resource(
        external_name=by_name("certificate_id"),
        example=Example({"region": "us-east-1", "tags": {"Name": "test"}}),
    ),
    "aws_dms_endpoint": Resource(
        external_name=by_name("endpoint_id"),
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "secrets_manager_access_role_arn": Reference("aws_iam_role", "arn"),
            "service_access_role": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "certificateArn": "arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012",
                "databaseName": "test",
                "endpointType": "source",
                "engineName": "aurora",
                "extraConnectionAttributes": "",
                "kmsKeyArnRef": {"name": "example-key"},
                "port": 3306,
                "serverName": "test",
                "sslMode": "none",
                "tags": {"Name": "test"},
                "username": "test",
            }
        ),
    ),
    "aws_dms_event_subscription": Resource(
        external_name=by_name(),
        references={
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
            "source_ids": Reference("aws_dms_replication_task"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "enabled": True,
                "eventCategories": ["creation", "failure"],
                "snsTopicArnRef": {"name": "example-topic"},
                "sourceType": "replication-task",
                "tags": {"Name": "example"},
            }
        ),
    ),
    "aws_dms_replication_config": Resource(
        external_name=PROBED,
    ),
    "aws_dms_replication_instance": Resource(
        external_name=by_name("replication_instance_id"),
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "replication_subnet_group_id": Reference("aws_dms_replication_subnet_group"),
            "vpc_security_group_ids": Reference("aws_security_group"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "allocatedStorage": 20,
                "applyImmediately": True,
                "autoMinorVersionUpgrade": True,
                "availabilityZone": "us-west-2c",
                "engineVersion": "3.1.4",
                "kmsKeyArnRef": {"name": "example-key"},
                "multiAz": False,
                "preferredMaintenanceWindow": "sun:10:30-sun:14:30",
                "publiclyAccessible": True,
                "replicationInstanceClass": "dms.t3.micro",
                "replicationSubnetGroupIdRef": {"name": "example-replicationsubnetgroup"},
                "tags": {"Name": "test"},
                "vpcSecurityGroupIdRefs": [{"name": "example-sg"}],
            }
        ),
    ),
    "aws_dms_replication_subnet_group": Resource(
        external_name=by_name("replication_subnet_group_id"),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "replicationSubnetGroupDescription": "Example replication subnet group",
                "subnetIdRefs": [{"name": "example-subnet"}],
                "tags": {"Name": "example"},
            }
        ),
    ),
    "aws_dms_replication_task": Resource(
        external_name=by_name("replication_task_id"),
        references={
            "replication_instance_arn": Reference("aws_dms_replication_instance", "replication_instance_arn"),
            "source_endpoint_arn": Reference("aws_dms_endpoint", "endpoint_arn"),
            "target_endpoint_arn": Reference("aws_dms_endpoint", "endpoint_arn"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "cdcStartTime": "1993-05-21T05:50:00Z",
                "migrationType": "full-load",
                "replicationInstanceArnRef": {"name": "example-replicationinstance"},
                "replicationTaskSettings": "...",
                "sourceEndpointArnRef": {"name": "example-endpoint"},
                "tableMappings": '{"rules":[{"rule-type":"selection","rule-id":"1","rule-name":"1","object-locator":{"schema-name":"%","table-name":"%"},"rule-action":"include"}]}',
                "tags": {"Name": "test"},
                "targetEndpointArnRef": {"name": "example-endpoint"},
            }
        ),
    ),
    "aws_dms_s3_endpoint": Resource(
        external_name=by_name("endpoint_id"),
        references={
            "kms_key_arn": Reference("aws_kms_key", "arn"),
            "server_side_encryption_kms_key_id": Reference("aws_kms_key", "arn"),
            "service_access_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "bucketName": "beckut_name",
                "endpointType": "target",
                "serviceAccessRoleArnRef": {"name": "example-role"},
            }
        ),
    ),
}
