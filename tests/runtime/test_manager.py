"""The whole runtime over HTTP: API server, informers, workers, operation pool, fake cloud."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridge.kube.client import CRDS
from bridge.managed.providerconfig import ConfigResources
from devrig.fakes import FakeCloud
from tests.support.cluster import Cluster
from tests.support.crds import package_crds
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import Running
from tests.support.waiting import wait_for

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}


def test_slow_operations_never_starve_fast_ones(start_manager: Callable[..., Running]) -> None:
    cloud = FakeCloud()
    slow = cloud.block("create")
    run = start_manager(AWS, "aws", client_factory=cloud.client, max_concurrent_operations=8,
                        max_concurrent_reconciles=4)
    for i in range(5):
        run.apply("Queue", f"slow-{i}", {"region": "us-east-1", "name": f"slow-{i}"})
    run.wait(lambda: all(run.condition("Queue", f"slow-{i}", "Ready").get("reason") == "Creating" for i in range(5)),
          "the slow creates to show Creating")
    assert cloud.calls["create"] == 5
    # The gate only holds creates that reach it; the fast kind gets its own cloud without a gate.
    fast_cloud = FakeCloud()
    cloud.gates.pop("create")
    run.manager.controllers["vpcs.ec2.aws.tfbridge.io"].reconciler.connect = (  # type: ignore[attr-defined]
        lambda mr, kind: fast_cloud.client(kind, None, None))  # type: ignore[arg-type]
    for i in range(50):
        run.apply("VPC", f"fast-{i}", VPC)
    run.wait(lambda: all(run.ready("VPC", f"fast-{i}") for i in range(50)), "50 fast resources to become Ready",
          timeout=120)
    assert all(run.condition("Queue", f"slow-{i}", "Ready").get("reason") == "Creating" for i in range(5)), \
        "the slow ones are still running"
    slow.set()
    run.wait(lambda: all(run.ready("Queue", f"slow-{i}") for i in range(5)), "the slow ones to finish")


def test_creating_shows_at_once_and_the_last_spec_wins(start_manager: Callable[..., Running]) -> None:
    cloud = FakeCloud()
    gate = cloud.block("create")
    run = start_manager(AWS, "aws", client_factory=cloud.client)
    run.apply("VPC", "slow", VPC)
    # The gate holds the create until the spec changed: Creating is shown while it runs, not after.
    run.wait(lambda: run.condition("VPC", "slow", "Ready").get("reason") == "Creating", "Creating while it runs")
    run.kube.patch(run.res("VPC"), "slow", {"spec": {"forProvider": {"cidrBlock": "10.7.0.0/16"}}})
    gate.set()
    run.wait(lambda: run.ready("VPC", "slow") and cloud.resources.get("id-1", {}).get("spec", {}).get("cidrBlock")
          == "10.7.0.0/16", "the spec change to reach the cloud")
    assert cloud.calls["create"] == 1 and cloud.calls["update"] == 1


def test_seed_002_references_under_conflicts_and_deletion_order(cluster: Cluster,
                                                                  start_manager: Callable[..., Running]) -> None:
    server = cluster.require_local()
    cloud = FakeCloud()
    run = start_manager(AWS, "aws", client_factory=cloud.client, max_concurrent_reconciles=10)
    run.apply("VPC", "shared", VPC)
    run.wait(lambda: run.ready("VPC", "shared"), "the VPC")
    server.set_faults({"conflict_every": {"update vpcs": 3, "update subnets": 4}})
    for i in range(20):
        run.apply("Subnet", f"sub-{i}", {"region": "us-east-1", "cidrBlock": f"10.0.{i}.0/24",
                                         "vpcIdRef": {"name": "shared"}})

    def pins() -> int:
        fins = run.get("VPC", "shared")["metadata"].get("finalizers") or []
        return len([f for f in fins if f.startswith("in-use.tfbridge.io/")])

    run.wait(lambda: pins() == 20 and all(run.ready("Subnet", f"sub-{i}") for i in range(20)),
          "all 20 subnets to pin the VPC", timeout=120)
    assert server.faults.injected.get("409 update vpcs", 0) > 0, "conflicts were really injected"
    server.set_faults({"conflict_every": {}})
    vpc_id = run.get("VPC", "shared")["metadata"]["annotations"]["crossplane.io/external-name"]
    run.kube.delete(run.res("VPC"), "shared")
    run.wait(lambda: "waiting for 20 referencing" in run.condition("VPC", "shared", "Ready").get("message", ""),
          "the VPC to wait for its subnets")
    for i in range(19):
        run.kube.delete(run.res("Subnet"), f"sub-{i}")
    run.wait(lambda: all(run.gone("Subnet", f"sub-{i}") for i in range(19)), "19 subnets gone")
    run.wait(lambda: "waiting for 1 referencing" in run.condition("VPC", "shared", "Ready").get("message", ""),
          "one left")
    assert vpc_id in cloud.resources, "the VPC stays in the cloud while a subnet references it"
    run.kube.delete(run.res("Subnet"), "sub-19")
    run.wait(lambda: run.gone("VPC", "shared"), "the VPC to go once the last subnet is gone")
    assert vpc_id not in cloud.resources


def test_watch_drop_and_api_server_restart(cluster: Cluster, start_manager: Callable[..., Running]) -> None:
    server = cluster.require_local()
    cloud = FakeCloud()
    run = start_manager(AWS, "aws", client_factory=cloud.client)
    run.apply("VPC", "before", VPC)
    run.wait(lambda: run.ready("VPC", "before"), "the first VPC")
    server.drop_watches()
    run.apply("VPC", "after-drop", VPC)
    run.wait(lambda: run.ready("VPC", "after-drop"), "a VPC created after the watches dropped")
    server.restart()
    run.apply("VPC", "after-restart", VPC)
    run.wait(lambda: run.ready("VPC", "after-restart"), "a VPC created after the API server restarted")
    assert cloud.calls["create"] == 3


def test_provider_config_in_use_is_not_deleted(start_manager: Callable[..., Running]) -> None:
    cloud = FakeCloud()
    run = start_manager(AWS, "aws", client_factory=cloud.client)
    run.apply("VPC", "user", VPC)
    run.wait(lambda: run.ready("VPC", "user"), "the VPC")
    pcs = ConfigResources.of(AWS).configs
    run.kube.delete(pcs, "default")
    run.wait(lambda: "in use by 1" in str(run.kube.get(pcs, "default").get("status")), "the ProviderConfig to refuse")
    run.kube.delete(run.res("VPC"), "user")
    run.wait(lambda: run.gone("VPC", "user"), "the VPC")

    def pc_gone() -> bool:
        try:
            run.kube.get(pcs, "default")
            return False
        except Exception:
            return True

    wait_for(pc_gone, "the unused ProviderConfig to go")


@pytest.mark.parametrize("policy", ["Orphan"])
def test_orphan_keeps_the_cloud_resource(start_manager: Callable[..., Running], policy: str) -> None:
    cloud = FakeCloud()
    run = start_manager(AWS, "aws", client_factory=cloud.client)
    run.apply("VPC", "kept", VPC, deletionPolicy=policy)
    run.wait(lambda: run.ready("VPC", "kept"), "the VPC")
    run.kube.delete(run.res("VPC"), "kept")
    run.wait(lambda: run.gone("VPC", "kept"), "the object")
    assert list(cloud.resources) == ["id-1"]


def test_a_kind_is_reconciled_once_its_crd_is_served_and_its_controller_stops_when_the_crd_goes(
        start_manager: Callable[..., Running]) -> None:
    cloud = FakeCloud()
    vpcs = "vpcs.ec2.aws.tfbridge.io"
    run = start_manager(AWS, "aws", client_factory=cloud.client, without=(vpcs,))
    assert run.manager.ready() and vpcs not in run.manager.controllers
    assert "subnets.ec2.aws.tfbridge.io" in run.manager.controllers, "the kinds served at start run at once"
    provider_calls = run.manager.kube.calls  # type: ignore[attr-defined]
    assert not [k for k in provider_calls if k[1:] == ("ec2.aws.tfbridge.io", "vpcs")], \
        "no list or watch of a kind that is not served"
    run.kube.create(CRDS, next(d for d in package_crds(AWS, "aws") if d["metadata"]["name"] == vpcs))
    run.wait(lambda: vpcs in run.manager.controllers and run.manager.ready(), "the VPC controller to start")
    run.apply("VPC", "late", VPC)
    run.wait_ready([("VPC", "late")], "a VPC whose CRD came after the provider", timeout=30)
    run.kube.delete(run.res("VPC"), "late")
    run.wait_gone([("VPC", "late")], "the VPC's deletion")
    run.kube.delete(CRDS, vpcs)
    run.wait(lambda: vpcs not in run.manager.controllers, "the VPC controller to stop with its CRD")
    assert run.manager.ready(), "the others run on"
