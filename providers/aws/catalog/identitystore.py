"""identitystore: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_identitystore_group": Resource(
        external_name=PROBED,
    ),
    "aws_identitystore_group_membership": Resource(
        external_name=PROBED,
        references={
            "group_id": Reference("aws_identitystore_group", "group_id"),
            "member_id": Reference("aws_identitystore_user", "user_id"),
        },
    ),
    "aws_identitystore_user": Resource(
        external_name=PROBED,
    ),
}
