"""Seed 003: a long operation is waited for on its real status, with a deadline that holds.

Against moto behind a proxy that makes CreateVpc slow (tests/support/cloudproxy.py), with real terraform:

* a create that outlives many reconciles shows Creating at once and becomes Ready only once the
  cloud has answered: it is followed to its real end, never assumed done;
* a create that outlives its own deadline is interrupted; the cloud had already made the VPC, so
  the run's outcome is unknown. Nothing is created twice: the lookup by the default tags finds the
  VPC and the object adopts it.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bridge.api.managed import CREATE_FAILED, EXTERNAL_NAME
from bridge.api.registry import ProviderPackage
from tests.support.aws import configure_aws
from tests.support.cloud import Moto
from tests.support.cloudproxy import CloudProxy
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import Running
from tfconfig import Timeouts

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
# The CLI spends seconds of CPU loading the schema and planning before it applies; under CI's load
# that alone can pass 10 s. A deadline that falls there is a clean, retried failure (tested in
# tests/managed), but this test is about a deadline that falls after the cloud made the VPC.
DIRECT_DEADLINE, CLI_DEADLINE = 10.0, 20.0


def with_create_deadline(package: ProviderPackage, tf_type: str, seconds: float) -> ProviderPackage:
    kinds = tuple(dataclasses.replace(k, config=dataclasses.replace(
        k.config, timeouts=Timeouts(create=seconds, update=600, delete=600, observe=300)))
        if k.config.tf_type == tf_type else k for k in package.kinds)
    return dataclasses.replace(package, kinds=kinds)


def vpcs(moto: Moto, cidr: str) -> list[str]:
    found = moto.client("ec2").describe_vpcs(Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"]
    return sorted(v["VpcId"] for v in found)


def test_seed_003_long_create_is_followed_to_its_end_and_its_deadline_holds(
        start_manager: Callable[..., Running], proxy: CloudProxy, moto: Moto, terraform_bin: str,
        plugin_dir: Path, executor: str) -> None:
    slow = proxy.hold("CreateVpc", "10.31.0.0/16", seconds=25)
    stuck = proxy.hold("CreateVpc", "10.32.0.0/16", seconds=300, after_cloud=True)
    deadline = DIRECT_DEADLINE if executor == "direct" else CLI_DEADLINE
    run = start_manager(with_create_deadline(AWS, "aws_vpc", deadline), "aws", terraform=terraform_bin,
                        plugin_dir=plugin_dir, poll=2.0, grace=3.0)
    configure_aws(run.kube)

    # A create slower than many reconciles (poll 2 s): Creating throughout, Ready only at its real end.
    applied = time.monotonic()
    run.apply("VPC", "slow", {"region": "us-east-1", "cidrBlock": "10.31.0.0/16"})
    run.wait(lambda: run.condition("VPC", "slow", "Ready").get("reason") == "Creating", "Creating", timeout=10)
    run.wait(lambda: slow.seen == 1, "the create to reach the slow cloud", timeout=120)
    while not slow.release.wait(1.0) and time.monotonic() - applied < 20:
        assert not run.ready("VPC", "slow") and vpcs(moto, "10.31.0.0/16") == [], "never assumed done"
    run.wait(lambda: run.ready("VPC", "slow"), "Ready once the cloud answered", timeout=120)
    (vpc,) = vpcs(moto, "10.31.0.0/16")
    assert run.get("VPC", "slow")["metadata"]["annotations"][EXTERNAL_NAME] == vpc

    # A create that outlives its deadline after the cloud made the VPC: interrupted, outcome unknown.
    run.apply("VPC", "stuck", {"region": "us-east-1", "cidrBlock": "10.32.0.0/16"})
    run.wait(lambda: stuck.answered_by_cloud == 1, "the cloud to make the VPC", timeout=180)
    started = time.monotonic()
    run.wait(lambda: run.ready("VPC", "stuck"), "the stuck VPC to be found by its tags and adopted", timeout=180)
    print(f"deadline {deadline:.0f}s: adopted after {time.monotonic() - started:.0f}s")
    (vpc,) = vpcs(moto, "10.32.0.0/16")
    obj = run.get("VPC", "stuck")
    assert obj["metadata"]["annotations"][EXTERNAL_NAME] == vpc and CREATE_FAILED not in obj["metadata"]["annotations"]
    assert obj["status"]["atProvider"]["id"] == vpc
    assert stuck.seen == 1, "never sent a second CreateVpc"
    stuck.release.set()
