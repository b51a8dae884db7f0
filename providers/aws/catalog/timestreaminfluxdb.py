"""timestreaminfluxdb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_timestreaminfluxdb_db_instance": Resource(
        external_name=PROBED,
        references={
            "log_delivery_configuration.s3_configuration.bucket_name": Reference("aws_s3_bucket"),
            "vpc_security_group_ids": Reference("aws_security_group"),
            "vpc_subnet_ids": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "allocatedStorage": 20,
                "bucket": "example-bucket-name",
                "dbInstanceType": "db.influx.medium",
                "name": "example-db-instance",
                "organization": "organization",
                "passwordSecretRef": {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"},
                "port": 8086,
                "username": "admin",
                "vpcSecurityGroupIdRefs": [{"name": "example-sg"}],
                "vpcSubnetIdRefs": [{"name": "example-subnet"}],
            }
        ),
    ),
}
