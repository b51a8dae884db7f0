"""datasync: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_datasync_agent": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
    "aws_datasync_location_azure_blob": Resource(
        external_name=PROBED,
        sensitive=("sas_configuration.token",),
    ),
    "aws_datasync_location_efs": Resource(
        external_name=PROBED,
    ),
    "aws_datasync_location_fsx_lustre_file_system": Resource(
        external_name=composite_id("{{ .external_name }}#{{ .parameters.fsx_filesystem_arn }}").sourced(
            "probe+docs",
            "DataSyncLocationArn#FsxArn",
            IDExample(
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567#arn:aws:fsx:us-west-2:476956259333:file-system/fs-08e04cd442c1bb94a",
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567",
                {"fsx_filesystem_arn": "arn:aws:fsx:us-west-2:476956259333:file-system/fs-08e04cd442c1bb94a"},
                source="docs",
            ),
        ),
    ),
    "aws_datasync_location_fsx_ontap_file_system": Resource(
        external_name=composite_id("{{ .external_name }}#{{ .parameters.storage_virtual_machine_arn }}").sourced(
            "probe",
            "DataSyncLocationArn#FsxSVMArn",
            IDExample(
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567#arn:aws:fsx:us-west-2:123456789012:storage-virtual-machine/fs-0123456789abcdef0/svm-0123456789abcdef0",
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567",
                {
                    "storage_virtual_machine_arn": "arn:aws:fsx:us-west-2:123456789012:storage-virtual-machine/fs-0123456789abcdef0/svm-0123456789abcdef0"
                },
            ),
        ),
    ),
    "aws_datasync_location_fsx_openzfs_file_system": Resource(
        external_name=composite_id("{{ .external_name }}#{{ .parameters.fsx_filesystem_arn }}").sourced(
            "probe",
            "DataSyncLocationArn#FsxArn",
            IDExample(
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567#arn:aws:fsx:us-west-2:123456789012:file-system/fs-0123456789abcdef0",
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567",
                {"fsx_filesystem_arn": "arn:aws:fsx:us-west-2:123456789012:file-system/fs-0123456789abcdef0"},
            ),
        ),
    ),
    "aws_datasync_location_fsx_windows_file_system": Resource(
        external_name=composite_id("{{ .external_name }}#{{ .parameters.fsx_filesystem_arn }}").sourced(
            "probe",
            "DataSyncLocationArn#FsxArn",
            IDExample(
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567#arn:aws:fsx:us-west-2:123456789012:file-system/fs-0123456789abcdef0",
                "arn:aws:datasync:us-west-2:123456789012:location/loc-12345678901234567",
                {"fsx_filesystem_arn": "arn:aws:fsx:us-west-2:123456789012:file-system/fs-0123456789abcdef0"},
            ),
        ),
    ),
    "aws_datasync_location_hdfs": Resource(
        external_name=PROBED,
    ),
    "aws_datasync_location_nfs": Resource(
        external_name=PROBED,
    ),
    "aws_datasync_location_object_storage": Resource(
        external_name=PROBED,
    ),
    "aws_datasync_location_s3": Resource(
        external_name=PROBED,
        references={
            "s3_bucket_arn": Reference("aws_s3_bucket", "arn"),
            "s3_config.bucket_access_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "s3BucketArnRef": {"name": "example-bucket-tfbridge"},
                "subdirectory": "/example/prefix",
                "s3Config": {"bucketAccessRoleArnRef": {"name": "example-role"}},
            }
        ),
    ),
    "aws_datasync_location_smb": Resource(
        external_name=PROBED,
    ),
    "aws_datasync_task": Resource(
        external_name=PROBED,
        references={
            "cloudwatch_log_group_arn": Reference("aws_cloudwatch_log_group", "arn"),
            "destination_location_arn": Reference("aws_datasync_location_s3", "arn"),
            "source_location_arn": Reference("aws_datasync_location_s3", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "destinationLocationArnRef": {"name": "example-locations3"},
                "name": "example",
                "sourceLocationArnRef": {"name": "example-locations3"},
                "options": {"bytesPerSecond": -1},
            }
        ),
    ),
}
