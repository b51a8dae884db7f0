"""shield: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_shield_application_layer_automatic_response": Resource(
        external_name=PROBED,
    ),
    "aws_shield_drt_access_log_bucket_association": Resource(
        external_name=PROBED,
    ),
    "aws_shield_drt_access_role_arn_association": Resource(
        external_name=PROBED,
    ),
    "aws_shield_proactive_engagement": Resource(
        external_name=PROBED,
    ),
    "aws_shield_protection": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_lb", "arn")},
        # Shield protects load balancers, distributions, accelerators, hosted zones and Elastic IP
        # allocations: the example load balancer.
        example=Example({"region": "us-east-1", "name": "example", "resourceArnRef": {"name": "example-lb"}}),
    ),
    "aws_shield_protection_group": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by protection_group_id but lists it as not tested: the state id is used"
        ),
    ),
    "aws_shield_protection_health_check_association": Resource(
        external_name=PROBED,
    ),
    "aws_shield_subscription": Resource(
        external_name=PROBED,
    ),
}
