"""``--watch-label-selector`` is checked against Kubernetes' selector grammar before anything starts, and
each selector gets its own stable Lease name."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from bridge.kube.selector import problem
from bridge.manager import lease_name
from bridge.settings import Settings
from tfbridge.run import run


@pytest.mark.parametrize("selector", [
    pytest.param("", id="Empty"),
    pytest.param("sharding.tfbridge.io/key in (shard1)", id="In"),
    pytest.param("sharding.tfbridge.io/key in (shard1, shard2),tier=web", id="InAndEquality"),
    pytest.param("!sharding.tfbridge.io/key", id="NotExists"),
    pytest.param("shard", id="Exists"),
    pytest.param("shard==a,env!=prod", id="DoubleEqualsAndNotEquals"),
    pytest.param("shard notin (a,b)", id="NotIn"),
    pytest.param("shard=", id="EmptyValue"),
])
def test_valid_selectors(selector: str) -> None:
    assert problem(selector) is None


@pytest.mark.parametrize(("selector", "why"), [
    pytest.param("shard=a,", "an empty requirement", id="TrailingComma"),
    pytest.param("shard in a", "is not a requirement", id="InWithoutParentheses"),
    pytest.param("sha rd=a", "is not a requirement", id="SpaceInKey"),
    pytest.param("-shard=a", "not a valid label key", id="KeyStartsWithDash"),
    pytest.param("Example.COM/shard=a", "not a valid label key", id="UppercasePrefix"),
    pytest.param("shard=a b", "is not a requirement", id="SpaceInValue"),
    pytest.param("shard=" + "v" * 64, "not a valid label value", id="ValueTooLong"),
    pytest.param("shard in (a,-b)", "not a valid label value", id="BadValueInSet"),
])
def test_invalid_selectors(selector: str, why: str) -> None:
    found = problem(selector)
    assert found is not None and why in found


def test_each_selector_elects_in_its_own_lease() -> None:
    plain = lease_name(Settings(), "aws")
    shard1 = lease_name(Settings(watch_label_selector="sharding.tfbridge.io/key in (shard1)"), "aws")
    rest = lease_name(Settings(watch_label_selector="!sharding.tfbridge.io/key"), "aws")
    assert plain == "provider-aws"
    assert len({plain, shard1, rest}) == 3
    assert shard1 == lease_name(Settings(watch_label_selector="sharding.tfbridge.io/key in (shard1)"), "aws"), \
        "stable: every replica of a shard computes the same name"
    assert lease_name(Settings(lease_name="provider-aws-ec2", watch_label_selector="a=b"), "aws").startswith(
        "provider-aws-ec2-")


def test_invalid_selector_stops_run_before_anything_starts() -> None:
    result = CliRunner().invoke(run, ["--watch-label-selector", "shard in a", "--kubeconfig", "/nonexistent"])
    assert result.exit_code == 2
    assert "--watch-label-selector" in result.output and "is not a requirement" in result.output
