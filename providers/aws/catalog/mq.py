"""mq: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

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
    ),
    "aws_mq_configuration": Resource(
        external_name=PROBED,
    ),
}
