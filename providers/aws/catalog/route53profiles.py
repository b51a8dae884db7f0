"""route53profiles: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_route53profiles_association": Resource(
        external_name=PROBED,
        references={"profile_id": Reference("aws_route53profiles_profile"), "resource_id": Reference("aws_vpc")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "profileIdRef": {"name": "example-profile"},
                "resourceIdRef": {"name": "example-vpc"},
                "tags": {"Environment": "dev"},
            }
        ),
    ),
    "aws_route53profiles_profile": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "example", "tags": {"Environment": "dev"}}),
    ),
    "aws_route53profiles_resource_association": Resource(
        external_name=PROBED,
        references={"profile_id": Reference("aws_route53profiles_profile")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "profileIdRef": {"name": "example-profile"},
                "resourceArn": "arn:aws:iam::123456789012:role/example",
            }
        ),
    ),
}
