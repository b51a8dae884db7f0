"""timestreaminfluxdb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_timestreaminfluxdb_db_instance": Resource(
        external_name=PROBED,
        references={
            "log_delivery_configuration.s3_configuration.bucket_name": Reference("aws_s3_bucket"),
            "vpc_security_group_ids": Reference("aws_security_group"),
            "vpc_subnet_ids": Reference("aws_subnet"),
        },
    ),
}
