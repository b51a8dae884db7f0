"""A namespaced managed resource end to end, against moto, with real terraform: a VPC in a tenant's
namespace, configured by the default ClusterProviderConfig, is created with the tenant's tags, its usage
and events in its namespace, and is deleted. (Losing the workspace, the status or the whole object and
getting it back is seed 000's namespaced run.)"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api.managed import EXTERNAL_NAME
from bridge.kube import errors
from bridge.kube.client import EVENTS
from bridge.managed.collaborators import kind_resource
from bridge.managed.providerconfig import ConfigResources
from tests.support.aws import configure_cluster_default
from tests.support.cloud import Moto
from tests.support.packages import AWS
from tests.support.running import Running
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
VPC = AWS.by_type("aws_vpc", namespaced=True)
PACKAGE = dataclasses.replace(AWS, kinds=(VPC,))
TENANT = "team-a"
CIDR = "10.48.0.0/16"  # no other test on the same cloud uses it: a count by CIDR finds only ours


def _vpc(run: Running) -> dict[str, Any]:
    return run.kube.get(kind_resource(VPC), "net", TENANT)


def _conditions(run: Running) -> str:
    try:
        return str((_vpc(run).get("status") or {}).get("conditions"))
    except errors.NotFound:
        return "gone"


def _ready(run: Running) -> bool:
    conditions = {c["type"]: c["status"] for c in (_vpc(run).get("status") or {}).get("conditions") or []}
    return conditions.get("Ready") == "True" and conditions.get("Synced") == "True"


def test_namespaced_vpc_lifecycle(start_manager: Callable[..., Running], moto: Moto, terraform_bin: str,
                                  plugin_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    settings = {"terraform": terraform_bin, "plugin_dir": plugin_dir, "poll": 600.0, "workspace_root": tmp_path / "ws"}
    run = start_manager(PACKAGE, "aws", **settings)
    configure_cluster_default(run.kube, PACKAGE, TENANT)
    res = kind_resource(VPC)
    run.kube.create(res, {"apiVersion": VPC.api_version, "kind": "VPC",
                          "metadata": {"name": "net", "namespace": TENANT},
                          "spec": {"forProvider": {"region": "us-east-1", "cidrBlock": CIDR}}}, namespace=TENANT)
    wait_for(lambda: _ready(run), lambda: f"VPC {TENANT}/net Ready and Synced: {_conditions(run)}", timeout=300)
    ext = _vpc(run)["metadata"]["annotations"][EXTERNAL_NAME]
    ec2 = moto.client("ec2")
    (vpc,) = ec2.describe_vpcs(VpcIds=[ext])["Vpcs"]
    tags = {t["Key"]: t["Value"] for t in vpc.get("Tags", [])}
    assert tags["crossplane-namespace"] == TENANT and tags["crossplane-name"] == "net"
    assert tags["crossplane-providerconfig-kind"] == "ClusterProviderConfig"
    usages = ConfigResources.of(PACKAGE).namespaced_usages
    assert usages is not None
    (usage,) = run.kube.list(usages, TENANT)[0]
    assert usage["spec"]["providerConfigRef"] == {"kind": "ClusterProviderConfig", "name": "default"}
    events = run.kube.list(EVENTS, TENANT)[0]
    assert [e["reason"] for e in events if e["involvedObject"]["name"] == "net"], "events in the object's namespace"

    run.kube.delete(res, "net", TENANT)

    def gone() -> bool:
        try:
            _vpc(run)
        except errors.NotFound:
            return True
        return False

    wait_for(gone, lambda: f"VPC {TENANT}/net deleted: {_conditions(run)}", timeout=300)
    assert ec2.describe_vpcs(Filters=[{"Name": "cidr", "Values": [CIDR]}])["Vpcs"] == []
