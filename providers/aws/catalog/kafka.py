"""kafka: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_msk_cluster": Resource(
        external_name=PROBED,
        references={
            "broker_node_group_info.client_subnets": Reference("aws_subnet"),
            "broker_node_group_info.security_groups": Reference("aws_security_group"),
            "configuration_info.arn": Reference("aws_msk_configuration", "arn"),
            "encryption_info.encryption_at_rest_kms_key_arn": Reference("aws_kms_key", "arn"),
            "logging_info.broker_logs.cloudwatch_logs.log_group": Reference("aws_cloudwatch_log_group"),
            "logging_info.broker_logs.firehose.delivery_stream": Reference(
                "aws_kinesis_firehose_delivery_stream", "name"
            ),
            "logging_info.broker_logs.s3.bucket": Reference("aws_s3_bucket"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "clusterName": "example",
                "kafkaVersion": "3.8.x",
                "numberOfBrokerNodes": 3,
                "tags": {"foo": "bar"},
                "brokerNodeGroupInfo": {
                    "clientSubnetRefs": [{"name": "example-subnet"}],
                    "instanceType": "kafka.m5.large",
                    "securityGroupRefs": [{"name": "example-sg"}],
                    "storageInfo": {"ebsStorageInfo": {"volumeSize": 1000}},
                },
                "encryptionInfo": {"encryptionAtRestKmsKeyArnRef": {"name": "example-key"}},
                "loggingInfo": {
                    "brokerLogs": {
                        "cloudwatchLogs": {"enabled": True, "logGroupRef": {"name": "example-log-group"}},
                        "firehose": {"deliveryStreamRef": {"name": "example-deliverystream"}, "enabled": True},
                        "s3": {
                            "bucketRef": {"name": "example-bucket-tfbridge"},
                            "enabled": True,
                            "prefix": "logs/msk-",
                        },
                    }
                },
                "openMonitoring": {
                    "prometheus": {"jmxExporter": {"enabledInBroker": True}, "nodeExporter": {"enabledInBroker": True}}
                },
            }
        ),
    ),
    "aws_msk_cluster_policy": Resource(
        external_name=PROBED,
        references={"cluster_arn": Reference("aws_msk_cluster", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "clusterArnRef": {"name": "example-cluster"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_msk_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "kafkaVersions": ["2.1.0"],
                "name": "example",
                "serverProperties": "auto.create.topics.enable = true\ndelete.topic.enable = true\n",
            }
        ),
    ),
    "aws_msk_replicator": Resource(
        external_name=PROBED,
        references={
            "kafka_cluster.amazon_msk_cluster.msk_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "kafka_cluster.vpc_config.security_groups_ids": Reference("aws_security_group"),
            "kafka_cluster.vpc_config.subnet_ids": Reference("aws_subnet"),
            "replication_info_list.source_kafka_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "replication_info_list.target_kafka_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "service_execution_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "test-description",
                "replicatorName": "test-name",
                "serviceExecutionRoleArnRef": {"name": "example-role"},
                "kafkaCluster": [
                    {
                        "amazonMskCluster": {"mskClusterArnRef": {"name": "example-cluster"}},
                        "vpcConfig": {"subnetIdRefs": [{"name": "example-subnet"}]},
                    },
                    {
                        "amazonMskCluster": {"mskClusterArnRef": {"name": "example-cluster"}},
                        "vpcConfig": {"subnetIdRefs": [{"name": "example-subnet"}]},
                    },
                ],
                "replicationInfoList": {
                    "sourceKafkaClusterArnRef": {"name": "example-cluster"},
                    "targetCompressionType": "NONE",
                    "targetKafkaClusterArnRef": {"name": "example-cluster"},
                    "consumerGroupReplication": [{"consumerGroupsToReplicate": [".*"]}],
                    "topicReplication": [
                        {
                            "topicsToReplicate": [".*"],
                            "startingPosition": {"type": "LATEST"},
                            "topicNameConfiguration": {"type": "PREFIXED_WITH_SOURCE_CLUSTER_ALIAS"},
                        }
                    ],
                },
            }
        ),
    ),
    "aws_msk_scram_secret_association": Resource(
        external_name=PROBED,
        references={
            "cluster_arn": Reference("aws_msk_cluster", "arn"),
            "secret_arn_list": Reference("aws_secretsmanager_secret"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clusterArnRef": {"name": "example-cluster"},
                "secretArnListRefs": [{"name": "example-secret"}],
            }
        ),
    ),
    "aws_msk_serverless_cluster": Resource(
        external_name=PROBED,
        references={
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "clusterName": "Example",
                "clientAuthentication": {"sasl": {"iam": {"enabled": True}}},
                "vpcConfig": [
                    {"securityGroupIdRefs": [{"name": "example-sg"}], "subnetIdRefs": [{"name": "example-subnet"}]}
                ],
            }
        ),
    ),
    "aws_msk_single_scram_secret_association": Resource(
        external_name=PROBED,
        references={
            "cluster_arn": Reference("aws_msk_cluster", "arn"),
            "secret_arn": Reference("aws_secretsmanager_secret", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clusterArnRef": {"name": "example-cluster"},
                "secretArnRef": {"name": "example-secret"},
            }
        ),
    ),
    "aws_msk_vpc_connection": Resource(
        external_name=PROBED,
        references={
            "client_subnets": Reference("aws_subnet"),
            "security_groups": Reference("aws_security_group"),
            "target_cluster_arn": Reference("aws_msk_cluster", "arn"),
            "vpc_id": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "authentication": "SASL_IAM",
                "clientSubnetRefs": [{"name": "example-subnet"}],
                "securityGroupRefs": [{"name": "example-sg"}],
                "targetClusterArnRef": {"name": "example-cluster"},
                "vpcIdRef": {"name": "example-vpc"},
            }
        ),
    ),
}
