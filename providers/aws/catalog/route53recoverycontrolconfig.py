"""route53recoverycontrolconfig: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_route53recoverycontrolconfig_cluster": Resource(
        external_name=PROBED,
    ),
    "aws_route53recoverycontrolconfig_control_panel": Resource(
        external_name=PROBED,
        references={"cluster_arn": Reference("aws_route53recoverycontrolconfig_cluster", "id")},
    ),
    "aws_route53recoverycontrolconfig_routing_control": Resource(
        external_name=PROBED,
        references={
            "cluster_arn": Reference("aws_route53recoverycontrolconfig_cluster", "id"),
            "control_panel_arn": Reference("aws_route53recoverycontrolconfig_control_panel", "id"),
        },
    ),
    "aws_route53recoverycontrolconfig_safety_rule": Resource(
        external_name=PROBED,
        references={
            "asserted_controls": Reference("aws_route53recoverycontrolconfig_routing_control", "id"),
            "control_panel_arn": Reference("aws_route53recoverycontrolconfig_control_panel", "id"),
            "gating_controls": Reference("aws_route53recoverycontrolconfig_routing_control", "arn"),
            "target_controls": Reference("aws_route53recoverycontrolconfig_routing_control", "arn"),
        },
    ),
}
