"""globalaccelerator: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_globalaccelerator_accelerator": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
    "aws_globalaccelerator_cross_account_attachment": Resource(
        external_name=PROBED,
    ),
    "aws_globalaccelerator_custom_routing_accelerator": Resource(
        external_name=PROBED,
    ),
    "aws_globalaccelerator_custom_routing_endpoint_group": Resource(
        external_name=PROBED,
    ),
    "aws_globalaccelerator_custom_routing_listener": Resource(
        external_name=PROBED,
    ),
    "aws_globalaccelerator_endpoint_group": Resource(
        external_name=PROBED,
        references={"listener_arn": Reference("aws_globalaccelerator_listener", "arn")},
    ),
    "aws_globalaccelerator_listener": Resource(
        external_name=PROBED,
        references={"accelerator_arn": Reference("aws_globalaccelerator_accelerator", "arn")},
    ),
}
