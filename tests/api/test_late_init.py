"""What late initialisation may copy from the cloud into a spec: never an argument another kind manages
exclusively. Copied, such an argument turns "leave the members alone" into "exactly these", and the
object then undoes what the other kind does (a Role re-attaching the policy its RolePolicyAttachment
just detached)."""

from __future__ import annotations

import pytest

from bridge.api.registry import Kind
from tests.support.packages import AWS

KINDS = {k.config.tf_type: k for k in AWS.kinds}


def _kind(tf_type: str) -> Kind:
    return KINDS[tf_type]


@pytest.mark.parametrize(
    ("tf_type", "argument", "value"),
    [
        pytest.param("aws_iam_role", "managed_policy_arns", ["arn:aws:iam::aws:policy/ReadOnlyAccess"],
                     id="RoleManagedPolicyArns"),
        pytest.param("aws_security_group", "ingress", [{"from_port": 443, "to_port": 443, "protocol": "tcp",
                                                       "cidr_blocks": ["10.0.0.0/8"]}], id="SecurityGroupIngress"),
        pytest.param("aws_security_group", "egress", [{"from_port": 0, "to_port": 0, "protocol": "-1",
                                                      "cidr_blocks": ["0.0.0.0/0"]}], id="SecurityGroupEgress"),
        pytest.param("aws_route_table", "route", [{"cidr_block": "0.0.0.0/0", "gateway_id": "igw-1"}],
                     id="RouteTableRoute"),
        pytest.param("aws_network_acl", "subnet_ids", ["subnet-1"], id="NetworkAclSubnets"),
        pytest.param("aws_autoscaling_group", "target_group_arns", ["arn:tg"], id="AutoscalingGroupTargetGroups"),
        pytest.param("aws_vpc_endpoint", "route_table_ids", ["rtb-1"], id="VpcEndpointRouteTables"),
    ],
)
def test_an_argument_another_kind_manages_is_never_late_initialised(tf_type: str, argument: str,
                                                                   value: object) -> None:
    kind = _kind(tf_type)
    assert argument not in kind.late_init
    assert kind.converter.late_init({argument: value}) == {}


def test_no_kind_late_initialises_what_it_shares() -> None:
    """The rule over the whole catalogue: every argument listed as managed elsewhere, and every in-line
    rule set (an optional+computed set of objects), stays out of late initialisation."""
    shared = {(k.config.tf_type, m.argument) for k in AWS.kinds for m in k.config.managed_elsewhere}
    late = {(k.config.tf_type, a) for k in AWS.kinds for a in k.late_init}
    assert sorted(shared & late) == []
    rule_sets = {("aws_default_route_table", "route"), ("aws_default_security_group", "ingress"),
                 ("aws_default_security_group", "egress"), ("aws_network_acl", "ingress"),
                 ("aws_network_acl", "egress")}
    assert sorted(rule_sets & late) == []


def test_other_optional_computed_arguments_are_still_late_initialised() -> None:
    vpc = _kind("aws_vpc")
    assert "enable_dns_hostnames" in vpc.late_init
    assert vpc.converter.late_init({"enable_dns_hostnames": True}) == {"enableDnsHostnames": True}
