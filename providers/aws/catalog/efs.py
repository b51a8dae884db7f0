"""efs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_efs_access_point": Resource(
        external_name=PROBED,
        references={"file_system_id": Reference("aws_efs_file_system")},
        example=Example({"region": "us-east-1", "fileSystemIdRef": {"name": "example-filesystem"}}),
    ),
    "aws_efs_backup_policy": Resource(
        external_name=PROBED,
        references={"file_system_id": Reference("aws_efs_file_system")},
        example=Example(
            {
                "region": "us-east-1",
                "fileSystemIdRef": {"name": "example-filesystem"},
                "backupPolicy": {"status": "ENABLED"},
            }
        ),
    ),
    "aws_efs_file_system": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key", "arn")},
    ),
    "aws_efs_file_system_policy": Resource(
        external_name=PROBED,
        references={"file_system_id": Reference("aws_efs_file_system")},
        example=Example(
            {
                "region": "us-east-1",
                "fileSystemIdRef": {"name": "example-filesystem"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_efs_mount_target": Resource(
        external_name=PROBED,
        references={
            "file_system_id": Reference("aws_efs_file_system"),
            "security_groups": Reference("aws_security_group"),
            "subnet_id": Reference("aws_subnet"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "fileSystemIdRef": {"name": "example-filesystem"},
                "subnetIdRef": {"name": "example-subnet"},
            }
        ),
    ),
    "aws_efs_replication_configuration": Resource(
        external_name=PROBED,
        references={"source_file_system_id": Reference("aws_efs_file_system")},
        example=Example(
            {
                "region": "us-east-1",
                "sourceFileSystemIdRef": {"name": "example-filesystem"},
                "destination": {"region": "us-west-2"},
            }
        ),
    ),
}
