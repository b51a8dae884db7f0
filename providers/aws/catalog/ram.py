"""ram: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ram_principal_association": Resource(
        external_name=PROBED,
        references={
            "principal": Reference("aws_organizations_organization", "arn"),
            "resource_share_arn": Reference("aws_ram_resource_share", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "principalRef": {"name": "example-organization"},
                "resourceShareArnRef": {"name": "example-resourceshare"},
            }
        ),
    ),
    "aws_ram_resource_association": Resource(
        external_name=PROBED,
        references={"resource_share_arn": Reference("aws_ram_resource_share", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "resourceArn": "arn:aws:iam::123456789012:role/example",
                "resourceShareArnRef": {"name": "example-resourceshare"},
            }
        ),
    ),
    "aws_ram_resource_share": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "allowExternalPrincipals": True,
                "name": "example",
                "tags": {"Environment": "Production"},
            }
        ),
    ),
    "aws_ram_resource_share_accepter": Resource(
        external_name=PROBED,
        references={"share_arn": Reference("aws_ram_principal_association", "resource_share_arn")},
        example=Example({"region": "us-east-1", "shareArnRef": {"name": "example-principalassociation"}}),
    ),
    "aws_ram_sharing_with_organization": Resource(
        external_name=PROBED,
    ),
}
