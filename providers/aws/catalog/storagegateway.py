"""storagegateway: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_storagegateway_cache": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_cached_iscsi_volume": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_file_system_association": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_gateway": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_nfs_file_share": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_smb_file_share": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_stored_iscsi_volume": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_tape_pool": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_upload_buffer": Resource(
        external_name=PROBED,
    ),
    "aws_storagegateway_working_storage": Resource(
        external_name=PROBED,
    ),
}
