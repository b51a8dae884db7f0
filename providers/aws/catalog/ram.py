"""ram: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ram_principal_association": Resource(
        external_name=PROBED,
        references={
            "principal": Reference("aws_organizations_organization", "arn"),
            "resource_share_arn": Reference("aws_ram_resource_share", "arn"),
        },
    ),
    "aws_ram_resource_association": Resource(
        external_name=PROBED,
        references={"resource_share_arn": Reference("aws_ram_resource_share", "arn")},
    ),
    "aws_ram_resource_share": Resource(
        external_name=PROBED,
    ),
    "aws_ram_resource_share_accepter": Resource(
        external_name=PROBED,
        references={"share_arn": Reference("aws_ram_principal_association", "resource_share_arn")},
    ),
    "aws_ram_sharing_with_organization": Resource(
        external_name=PROBED,
    ),
}
