"""mq: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_mq_broker": Resource(
        external_name=PROBED,
        references={
            "configuration.id": Reference("aws_mq_configuration"),
            "data_replication_primary_broker_arn": Reference("aws_mq_broker", "arn"),
            "security_groups": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
        },
        late_init_ignore=("user",),
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "brokerName": "example",
                "engineType": "ActiveMQ",
                "engineVersion": "5.17.6",
                "hostInstanceType": "mq.t2.micro",
                "securityGroupRefs": [{"name": "example-sg"}],
                "configuration": {},
                "user": [
                    {
                        "passwordSecretRef": {
                            "key": "example-key",
                            "name": "example-secret",
                            "namespace": "crossplane-system",
                        },
                        "username": "example_user",
                    }
                ],
            }
        ),
    ),
    "aws_mq_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "data": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<broker xmlns="http://activemq.apache.org/schema/core">\n  <plugins>\n    <forcePersistencyModeBrokerPlugin persistenceFlag="true"/>\n    <statisticsBrokerPlugin/>\n    <timeStampingBrokerPlugin ttlCeiling="86400000" zeroExpirationOverride="86400000"/>\n  </plugins>\n</broker>\n',
                "description": "Example Configuration",
                "engineType": "ActiveMQ",
                "engineVersion": "5.19",
                "name": "example",
            }
        ),
    ),
}
