"""fsx: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_fsx_backup": Resource(
        external_name=PROBED,
        references={"file_system_id": Reference("aws_fsx_lustre_file_system")},
        example=Example({"region": "us-east-1", "fileSystemIdRef": {"name": "example-lustrefilesystem"}}),
    ),
    "aws_fsx_data_repository_association": Resource(
        external_name=PROBED,
        references={"file_system_id": Reference("aws_fsx_lustre_file_system")},
        example=Example(
            {
                "region": "us-east-1",
                "dataRepositoryPath": "example",
                "fileSystemIdRef": {"name": "example-lustrefilesystem"},
                "fileSystemPath": "/my-bucket",
                "s3": {
                    "autoExportPolicy": {"events": ["NEW", "CHANGED", "DELETED"]},
                    "autoImportPolicy": {"events": ["NEW", "CHANGED", "DELETED"]},
                },
            }
        ),
    ),
    "aws_fsx_file_cache": Resource(
        external_name=PROBED,
    ),
    "aws_fsx_lustre_file_system": Resource(
        external_name=PROBED,
        references={
            "kms_key_id": Reference("aws_kms_key"),
            "security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example({"region": "us-east-1", "storageCapacity": 1200, "subnetIdRefs": [{"name": "example-subnet"}]}),
    ),
    "aws_fsx_ontap_file_system": Resource(
        external_name=PROBED,
        references={
            "kms_key_id": Reference("aws_kms_key"),
            "preferred_subnet_id": Reference("aws_subnet"),
            "security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "deploymentType": "MULTI_AZ_1",
                "preferredSubnetIdRef": {"name": "example-subnet"},
                "storageCapacity": 1024,
                "subnetIdRefs": [{"name": "example-subnet"}],
                "throughputCapacity": 512,
            }
        ),
    ),
    "aws_fsx_ontap_storage_virtual_machine": Resource(
        external_name=PROBED,
        references={"file_system_id": Reference("aws_fsx_ontap_file_system")},
        example=Example(
            {"region": "us-east-1", "fileSystemIdRef": {"name": "example-ontapfilesystem"}, "name": "test"}
        ),
    ),
    "aws_fsx_ontap_volume": Resource(
        external_name=PROBED,
    ),
    "aws_fsx_openzfs_file_system": Resource(
        external_name=PROBED,
        references={"subnet_ids": Reference("aws_subnet")},
        timeouts=SLOW,
        # The smallest single-AZ file system: 64 GiB of SSD, 64 MB/s.
        example=Example(
            {
                "region": "us-east-1",
                "deploymentType": "SINGLE_AZ_1",
                "skipFinalBackup": True,
                "storageCapacity": 64,
                "subnetIdRefs": [{"name": "example-subnet"}],
                "throughputCapacity": 64,
            }
        ),
    ),
    "aws_fsx_openzfs_snapshot": Resource(
        external_name=PROBED,
        references={"volume_id": Reference("aws_fsx_openzfs_file_system", "root_volume_id")},
        # A snapshot of the example file system's root volume.
        example=Example(
            {"region": "us-east-1", "name": "example", "volumeIdRef": {"name": "example-openzfsfilesystem"}}
        ),
    ),
    "aws_fsx_openzfs_volume": Resource(
        external_name=PROBED,
        references={"parent_volume_id": Reference("aws_fsx_openzfs_file_system", "root_volume_id")},
        # A child volume of the example file system's root volume.
        example=Example(
            {"region": "us-east-1", "name": "example", "parentVolumeIdRef": {"name": "example-openzfsfilesystem"}}
        ),
    ),
    "aws_fsx_windows_file_system": Resource(
        external_name=PROBED,
        references={
            "active_directory_id": Reference("aws_directory_service_directory"),
            "kms_key_id": Reference("aws_kms_key", "arn"),
            "security_group_ids": Reference("aws_security_group"),
            "subnet_ids": Reference("aws_subnet"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "activeDirectoryIdRef": {"name": "example-directory"},
                "kmsKeyIdRef": {"name": "example-key"},
                "storageCapacity": 32,
                "subnetIdRefs": [{"name": "example-subnet"}],
                "throughputCapacity": 32,
            }
        ),
    ),
}
