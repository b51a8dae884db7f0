"""route53profiles: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_route53profiles_association": Resource(
        external_name=PROBED,
        references={"profile_id": Reference("aws_route53profiles_profile"), "resource_id": Reference("aws_vpc")},
    ),
    "aws_route53profiles_profile": Resource(
        external_name=PROBED,
    ),
    "aws_route53profiles_resource_association": Resource(
        external_name=PROBED,
        references={"profile_id": Reference("aws_route53profiles_profile")},
    ),
}
