"""kafkaconnect: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_mskconnect_connector": Resource(
        external_name=PROBED,
        references={
            "kafka_cluster.apache_kafka_cluster.vpc.security_groups": Reference("aws_security_group"),
            "kafka_cluster.apache_kafka_cluster.vpc.subnets": Reference("aws_subnet"),
            "log_delivery.worker_log_delivery.cloudwatch_logs.log_group": Reference("aws_cloudwatch_log_group"),
            "log_delivery.worker_log_delivery.firehose.delivery_stream": Reference(
                "aws_kinesis_firehose_delivery_stream", "name"
            ),
            "log_delivery.worker_log_delivery.s3.bucket": Reference("aws_s3_bucket"),
            "plugin.custom_plugin.arn": Reference("aws_mskconnect_custom_plugin", "arn"),
            "service_execution_role_arn": Reference("aws_iam_role", "arn"),
            "worker_configuration.arn": Reference("aws_mskconnect_worker_configuration", "arn"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "connectorConfiguration": {
                    "connector.class": "com.github.jcustenborder.kafka.connect.simulator.SimulatorSinkConnector",
                    "tasks.max": "1",
                    "topics": "example",
                },
                "kafkaconnectVersion": "2.7.1",
                "name": "example",
                "serviceExecutionRoleArnRef": {"name": "example-role"},
                "capacity": {
                    "autoscaling": {
                        "maxWorkerCount": 2,
                        "mcuCount": 1,
                        "minWorkerCount": 1,
                        "scaleInPolicy": {"cpuUtilizationPercentage": 20},
                        "scaleOutPolicy": {"cpuUtilizationPercentage": 80},
                    }
                },
                "kafkaCluster": {
                    "apacheKafkaCluster": {
                        "bootstrapServers": "example",
                        "vpc": {
                            "securityGroupRefs": [{"name": "example-sg"}],
                            "subnetRefs": [{"name": "example-subnet"}],
                        },
                    }
                },
                "kafkaClusterClientAuthentication": {"authenticationType": "NONE"},
                "kafkaClusterEncryptionInTransit": {"encryptionType": "TLS"},
                "plugin": [{"customPlugin": {"arnRef": {"name": "example-customplugin"}, "revision": 1}}],
            }
        ),
    ),
    "aws_mskconnect_custom_plugin": Resource(
        external_name=PROBED,
        references={
            "location.s3.bucket_arn": Reference("aws_s3_bucket", "arn"),
            "location.s3.file_key": Reference("aws_s3_object", "key"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "contentType": "ZIP",
                "name": "debezium-example",
                "location": {
                    "s3": {
                        "bucketArnRef": {"name": "example-bucket-tfbridge"},
                        "fileKeyRef": {"name": "example-object"},
                    }
                },
            }
        ),
    ),
    "aws_mskconnect_worker_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "propertiesFileContent": "key.converter=org.apache.kafka.connect.storage.StringConverter\nvalue.converter=org.apache.kafka.connect.storage.StringConverter\n",
            }
        ),
    ),
}
