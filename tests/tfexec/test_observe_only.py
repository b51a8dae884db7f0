"""Observe-only objects through the CLI aws_executor against moto: read by a fresh import at every observe,
never planned, so a spec that leaves required arguments empty works (terraform import does not
validate them, which a plan would: measured here with terraform 1.11 and aws 5.100)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.tfexec.backend import CLIBackend
from tests.support.cloud import Moto
from tests.support.executors import SETUP, direct_backend, mr
from tests.support.packages import AWS_CURATED as AWS

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
TRUST = ('{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},'
         '"Action":"sts:AssumeRole"}]}')


def _runs(aws_executor: CLIBackend) -> dict[str, int]:
    return dict(aws_executor.stats().terraform_runs)


@pytest.mark.parametrize(
    ("for_provider", "drift"),
    [
        pytest.param({}, "", id="RequiredArgumentsEmpty"),
        pytest.param({"description": "wanted"}, 'description: spec "wanted", cloud "made by hand"',
                     id="DifferenceShownNotPlanned"),
    ],
)
def test_observe_only_reads_without_planning(aws_executor: CLIBackend, moto: Moto, for_provider: dict[str, Any],
                                             drift: str) -> None:
    role = f"observed-{len(for_provider)}"
    moto.client("iam").create_role(RoleName=role, AssumeRolePolicyDocument=TRUST, Description="made by hand")
    m = mr("aws_iam_role", role, for_provider, external_name=role)
    m.spec["managementPolicies"] = ["Observe"]
    c = aws_executor.client(AWS.by_type("aws_iam_role"), SETUP)
    for _ in range(2):  # the second observe has a state from the first, and imports afresh all the same
        before = _runs(aws_executor)
        seen = c.observe(m)
        assert (seen.exists, seen.up_to_date, seen.drift) == (True, True, drift)
        assert seen.at_provider["arn"].endswith(f":role/{role}")
        after = _runs(aws_executor)
        assert after.get("plan", 0) == before.get("plan", 0), "never planned"
        assert after.get("import", 0) == before.get("import", 0) + 1


@pytest.mark.parametrize(
    ("for_provider", "drift"),
    [
        pytest.param({}, "", id="RequiredArgumentsEmpty"),
        pytest.param({"description": "wanted"}, 'description: spec "wanted", cloud "made by hand"',
                     id="DifferenceShownNotPlanned"),
    ],
)
def test_direct_executor_reads_without_planning(aws_executor: CLIBackend, moto: Moto, for_provider: dict[str, Any],
                                                drift: str) -> None:
    role = f"direct-observed-{len(for_provider)}"
    moto.client("iam").create_role(RoleName=role, AssumeRolePolicyDocument=TRUST, Description="made by hand")
    m = mr("aws_iam_role", role, for_provider, external_name=role)
    m.spec["managementPolicies"] = ["Observe"]
    direct = direct_backend(aws_executor)
    try:
        seen = direct.client(AWS.by_type("aws_iam_role"), SETUP).observe(m)
    finally:
        direct.shutdown()
    assert (seen.exists, seen.up_to_date, seen.drift) == (True, True, drift)
    assert seen.at_provider["arn"].endswith(f":role/{role}")


def test_observe_only_absent(aws_executor: CLIBackend) -> None:
    m = mr("aws_iam_role", "nobody", {}, external_name="nobody")
    m.spec["managementPolicies"] = ["Observe"]
    assert not aws_executor.client(AWS.by_type("aws_iam_role"), SETUP).observe(m).exists
