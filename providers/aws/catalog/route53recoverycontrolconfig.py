"""route53recoverycontrolconfig: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_route53recoverycontrolconfig_cluster": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "georgefitzgerald"}),
    ),
    "aws_route53recoverycontrolconfig_control_panel": Resource(
        external_name=PROBED,
        references={"cluster_arn": Reference("aws_route53recoverycontrolconfig_cluster", "id")},
        example=Example({"region": "us-east-1", "clusterArnRef": {"name": "example-cluster"}, "name": "balmorhea"}),
    ),
    "aws_route53recoverycontrolconfig_routing_control": Resource(
        external_name=PROBED,
        references={
            "cluster_arn": Reference("aws_route53recoverycontrolconfig_cluster", "id"),
            "control_panel_arn": Reference("aws_route53recoverycontrolconfig_control_panel", "id"),
        },
        example=Example({"region": "us-east-1", "clusterArnRef": {"name": "example-cluster"}, "name": "tinlicker"}),
    ),
    "aws_route53recoverycontrolconfig_safety_rule": Resource(
        external_name=PROBED,
        references={
            "asserted_controls": Reference("aws_route53recoverycontrolconfig_routing_control", "id"),
            "control_panel_arn": Reference("aws_route53recoverycontrolconfig_control_panel", "id"),
            "gating_controls": Reference("aws_route53recoverycontrolconfig_routing_control", "arn"),
            "target_controls": Reference("aws_route53recoverycontrolconfig_routing_control", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "controlPanelArnRef": {"name": "example-controlpanel"},
                "name": "daisyguttridge",
                "waitPeriodMs": 5000,
                "ruleConfig": {"inverted": False, "threshold": 1, "type": "ATLEAST"},
            }
        ),
    ),
}
