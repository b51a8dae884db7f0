"""One kind split across two managers by label selector (``tfbridge run --watch-label-selector``): each
caches and reconciles only the objects its selector matches, each elects in its own Lease, and an
object relabelled into the other shard leaves one cache and enters the other."""

from __future__ import annotations

from collections.abc import Callable

from bridge.kube.client import LEASES
from bridge.manager import Manager
from devrig.fakes import FakeCloud
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import Running

KEY = "sharding.tfbridge.io/key"
SHARD = f"{KEY} in (shard1)"
REST = f"!{KEY}"
VPCS = "vpcs.ec2.aws.tfbridge.io"


def cached(manager: Manager | None) -> set[str]:
    assert manager is not None
    return {o["metadata"]["name"] for o in manager.controllers[VPCS].informer.objects()}


def test_two_shards_split_a_kind(start_manager: Callable[..., Running]) -> None:
    cloud = FakeCloud()
    shard = start_manager(AWS, "aws", client_factory=cloud.client, watch_label_selector=SHARD, leader_election=True)
    rest = start_manager(AWS, "aws", client_factory=cloud.client, watch_label_selector=REST, leader_election=True)
    for name, labels in (("mine", {KEY: "shard1"}), ("other", {KEY: "shard2"}), ("plain", {})):
        shard.apply("VPC", name, {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}, metadata={"labels": labels})
    shard.wait(lambda: shard.ready("VPC", "mine") and shard.ready("VPC", "plain"), "both shards' objects Ready")
    assert cached(shard.manager) == {"mine"}
    assert cached(rest.manager) == {"plain"}
    assert shard.condition("VPC", "other", "Ready") == {}, "no shard selects shard2: nobody touched it"
    assert cloud.calls["create"] == 2

    leases = {lease["metadata"]["name"]: lease["spec"].get("holderIdentity")
              for lease in shard.kube.list(LEASES, "crossplane-system")[0]}
    shard_lease = [n for n in leases if n.startswith("provider-aws-") and n != "provider-aws"]
    assert len(shard_lease) == 2, f"one Lease per selector: {sorted(leases)}"
    assert all(leases[n] for n in shard_lease), "each shard leads its own Lease"

    shard.kube.patch(shard.res("VPC"), "plain", {"metadata": {"labels": {KEY: "shard1"}}})
    shard.wait(lambda: cached(shard.manager) == {"mine", "plain"} and cached(rest.manager) == set(),
               "the relabelled object to move from one shard's cache to the other's")
    shard.kube.patch(shard.res("VPC"), "plain", {"spec": {"forProvider": {"cidrBlock": "10.9.0.0/16"}}})
    shard.wait(lambda: any(r["spec"].get("cidrBlock") == "10.9.0.0/16" for r in cloud.resources.values()),
               "the new shard to apply a change to the moved object")
    assert cloud.calls["create"] == 2, "the moved object is adopted by its external name, not created again"
