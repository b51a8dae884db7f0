"""References inside a block, end to end against moto, in a tenant's namespace: a Batch compute environment
whose ``computeResources.subnetsSelector`` picks the labelled subnets and whose
``computeResources.securityGroupIdsRefs`` names a security group (provider-upjet-aws's field names) is
created with those subnets' and that group's IDs, at that depth, in the spec and in the cloud. A reference
at that depth to another namespace is refused, and one to an object not there waits, each saying so
with the field's whole path."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api.managed import EXTERNAL_NAME
from tests.support.aws import configure_cluster_default
from tests.support.cloud import Moto
from tests.support.packages import AWS
from tests.support.running import Running

pytestmark = [pytest.mark.slow, pytest.mark.cloud, pytest.mark.timeout(900)]
KINDS = tuple(AWS.by_type(t, namespaced=True) for t in ("aws_vpc", "aws_subnet", "aws_security_group",
                                                        "aws_batch_compute_environment"))
PACKAGE = dataclasses.replace(AWS, kinds=KINDS)
TENANT = "team-nested"
CIDR = "10.52.0.0/16"  # no other test on the same cloud uses it
TRUST = json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "sts:AssumeRole",
                                                            "Principal": {"Service": "batch.amazonaws.com"}}]})


def _roles(moto: Moto) -> tuple[str, str]:
    """The service role and the instance profile a managed compute environment names (made in the cloud
    directly: the references under test are the block's)."""
    iam = moto.client("iam")
    role = iam.create_role(RoleName="nested-batch-service", AssumeRolePolicyDocument=TRUST)["Role"]["Arn"]
    profile = iam.create_instance_profile(InstanceProfileName="nested-batch-instance")["InstanceProfile"]["Arn"]
    return role, profile


def _environment(role: str, profile: str, **references: Any) -> dict[str, Any]:
    return {"region": "us-east-1", "type": "MANAGED", "serviceRole": role,
            "computeResources": {"type": "EC2", "instanceRole": profile, "instanceType": ["c4.large"],
                                 "maxVcpus": 4, "minVcpus": 0, **references}}


def _synced_message(run: Running, name: str) -> str:
    synced = run.condition("ComputeEnvironment", name, "Synced")
    return str(synced.get("message", "")) if synced.get("status") == "False" else ""


def test_references_in_a_block_resolve_at_their_depth(start_manager: Callable[..., Running], moto: Moto,
                                                       executor: str, terraform_bin: str, plugin_dir: Path,
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    run = start_manager(PACKAGE, "aws", terraform=terraform_bin, plugin_dir=plugin_dir, poll=600.0,
                        workspace_root=tmp_path / "ws")
    configure_cluster_default(run.kube, PACKAGE, TENANT)
    run.namespace = TENANT
    role, profile = _roles(moto)
    run.apply("VPC", "net", {"region": "us-east-1", "cidrBlock": CIDR})
    batch = {"labels": {"tier": "batch"}}
    run.apply("Subnet", "a", {"region": "us-east-1", "availabilityZone": "us-east-1a", "cidrBlock": "10.52.1.0/24",
                              "vpcIdRef": {"name": "net"}}, metadata=batch)
    run.apply("Subnet", "b", {"region": "us-east-1", "availabilityZone": "us-east-1b", "cidrBlock": "10.52.2.0/24",
                              "vpcIdRef": {"name": "net"}}, metadata=batch)
    run.apply("Subnet", "other", {"region": "us-east-1", "cidrBlock": "10.52.3.0/24", "vpcIdRef": {"name": "net"}})
    run.apply("SecurityGroup", "sg", {"region": "us-east-1", "name": "nested-batch", "description": "batch",
                                      "vpcIdRef": {"name": "net"}})
    run.apply("ComputeEnvironment", "ce", _environment(
        role, profile, subnetsSelector={"matchLabels": {"tier": "batch"}}, securityGroupIdsRefs=[{"name": "sg"}]))
    # A reference at that depth to another namespace, and one to a subnet that is not there.
    run.apply("ComputeEnvironment", "elsewhere", _environment(
        role, profile, subnetsRefs=[{"name": "a"}], securityGroupIdsRefs=[{"name": "sg", "namespace": "team-z"}]))
    run.apply("ComputeEnvironment", "waiting", _environment(role, profile, subnetsRefs=[{"name": "missing"}]))

    objects = [("VPC", "net"), ("Subnet", "a"), ("Subnet", "b"), ("Subnet", "other"), ("SecurityGroup", "sg"),
               ("ComputeEnvironment", "ce")]
    run.wait_ready(objects, f"the VPC, subnets, group and compute environment Ready on {executor}", timeout=600,
                   synced=True)
    ids = {n: run.get("Subnet", n)["metadata"]["annotations"][EXTERNAL_NAME] for n in ("a", "b", "other")}
    group = run.get("SecurityGroup", "sg")["metadata"]["annotations"][EXTERNAL_NAME]
    resources = run.get("ComputeEnvironment", "ce")["spec"]["forProvider"]["computeResources"]
    assert resources["subnetsRefs"] == [{"name": "a"}, {"name": "b"}], "the selector picks the labelled subnets"
    assert resources["subnets"] == [ids["a"], ids["b"]]
    assert resources["securityGroupIds"] == [group]

    name = run.get("ComputeEnvironment", "ce")["metadata"]["annotations"][EXTERNAL_NAME]
    (described,) = moto.client("batch").describe_compute_environments(computeEnvironments=[name])["computeEnvironments"]
    assert sorted(described["computeResources"]["subnets"]) == sorted([ids["a"], ids["b"]])
    assert described["computeResources"]["securityGroupIds"] == [group]

    run.wait(lambda: "references stay in this resource's namespace" in _synced_message(run, "elsewhere"),
             "the cross-namespace reference in the block refused")
    assert "spec.forProvider.computeResources.securityGroupIdsRefs" in _synced_message(run, "elsewhere")
    run.wait(lambda: "is not ready" in _synced_message(run, "waiting"), "the reference to a missing subnet waiting")
    assert "spec.forProvider.computeResources.subnetsRefs: referenced Subnet/missing" in _synced_message(run, "waiting")
    for name in ("elsewhere", "waiting"):
        assert EXTERNAL_NAME not in (run.get("ComputeEnvironment", name)["metadata"].get("annotations") or {})
