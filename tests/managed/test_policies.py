"""Management and deletion policies, row by row from crossplane-runtime's documented behaviour
(``pkg/reconciler/managed/policies.go``: the supported-policy table, the legacy deletion rule, the
orphan path that needs no provider, and an Observe-only object whose cloud object is missing)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.api.managed import EXTERNAL_NAME, FINALIZER, Managed
from bridge.api.policies import SUPPORTED, Policies
from bridge.managed.providerconfig import ConfigResources
from tests.support.bench import Bench
from tests.support.packages import AWS_CURATED as AWS

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
# One letter each, so that a row of the tables below reads as the policy set it is.
O, C, U, D, L = "Observe", "Create", "Update", "Delete", "LateInitialize"  # noqa: E741


def _start(b: Bench, policies: list[str]) -> str:
    """A VPC under ``policies``: created by us when they allow it, else an existing one adopted by
    its external name. Its cloud name."""
    if C in policies or "*" in policies:
        b.apply("VPC", "v", VPC, managementPolicies=policies)
        b.settle("VPC", "v")
        return "id-1"
    b.cloud.resources["vpc-x"] = {"spec": dict(VPC)}
    b.apply("VPC", "v", VPC, managementPolicies=policies, metadata={"annotations": {EXTERNAL_NAME: "vpc-x"}})
    b.settle("VPC", "v")
    return "vpc-x"


@pytest.mark.parametrize(
    ("policies", "creates", "updates", "late_inits", "deletes"),
    [
        pytest.param(["*"], True, True, True, True, id="All"),
        pytest.param([O, C, U, D, L], True, True, True, True, id="AllExplicit"),
        pytest.param([O], False, False, False, False, id="ObserveOnly"),
        pytest.param([O, C, U, D], True, True, False, True, id="NoLateInit"),
        pytest.param([O, C, U, L], True, True, True, False, id="NoDelete"),
        pytest.param([O, C, U], True, True, False, False, id="NoDeleteNoLateInit"),
        pytest.param([O, C, D, L], True, False, True, True, id="NoUpdate"),
        pytest.param([O, C, L], True, False, True, False, id="NoUpdateNoDelete"),
        pytest.param([O, C, D], True, False, False, True, id="NoUpdateNoLateInit"),
        pytest.param([O, C], True, False, False, False, id="CreateOnly"),
        pytest.param([O, D], False, False, False, True, id="ObserveDelete"),
        pytest.param([O, U], False, True, False, False, id="ObserveUpdate"),
        pytest.param([O, L], False, False, True, False, id="ObserveLateInit"),
        pytest.param([O, U, L], False, True, True, False, id="ObserveUpdateLateInit"),
    ],
)
def test_supported_policy_sets(policies: list[str], creates: bool, updates: bool, late_inits: bool,
                               deletes: bool) -> None:
    b = Bench()
    name = _start(b, policies)
    assert (b.cloud.calls.get("create", 0) == 1) is creates
    assert b.condition("VPC", "v", "Ready")["reason"] == "Available"

    b.cloud.resources[name]["late"] = {"instanceTenancy": "default"}
    b.cloud.resources[name]["spec"]["cidrBlock"] = "10.9.0.0/16"
    b.settle("VPC", "v")
    assert ("instanceTenancy" in b.get("VPC", "v")["spec"]["forProvider"]) is late_inits
    assert (b.cloud.calls.get("update", 0) == 1) is updates
    assert b.condition("VPC", "v", "Synced")["reason"] == "ReconcileSuccess", "drift left alone is no error"

    b.kube.delete(b.res("VPC"), "v")
    b.settle("VPC", "v")
    assert b.gone("VPC", "v")
    assert (b.cloud.calls.get("delete", 0) == 1) is deletes
    assert (name not in b.cloud.resources) is deletes


def test_the_table_is_crossplane_runtimes() -> None:
    assert len(SUPPORTED) == len(set(SUPPORTED)) == 15


@pytest.mark.parametrize(
    ("policies", "shown"),
    [
        pytest.param([C], "[Create]", id="CreateOnlyWithoutObserve"),
        pytest.param(["*", O], "[* Observe]", id="StarPlusObserve"),
        pytest.param([U], "[Update]", id="UpdateWithoutObserve"),
        pytest.param([O, C, U, L, D, "*"], "[Observe Create Update LateInitialize Delete *]",
                     id="ObserveCreateUpdateLateInitDeleteStar"),
        pytest.param([O, O, C, U, L, D, "*", C], "[Observe Create Update LateInitialize Delete *]",
                     id="DuplicatesShownOnce"),
    ],
)
def test_unsupported_policy_sets_are_refused(policies: list[str], shown: str) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, managementPolicies=policies)
    result = b.reconcile("VPC", "v")
    message = (f"`spec.managementPolicies` is set to a value({shown}) which is not supported. "
               f"Check docs for supported policies")
    synced = b.condition("VPC", "v", "Synced")
    assert (synced["status"], synced["reason"], synced["message"]) == ("False", "ReconcileError", message)
    assert b.condition("VPC", "v", "Ready") == {}, "Ready is left alone"
    (event,) = b.event_objects("v")
    assert (event["type"], event["reason"], event["message"]) == ("Warning", "CannotUseInvalidManagementPolicy",
                                                                  message)
    assert result.done, "not retried until the spec changes"
    assert b.cloud.calls == {} and FINALIZER not in (b.get("VPC", "v")["metadata"].get("finalizers") or [])


def test_invalid_policy_blocks_deletion_until_fixed() -> None:
    """Upstream behaviour, kept deliberately: an object being deleted with an unsupported set keeps its
    finalizer (and its cloud object) until the set is fixed."""
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    obj = b.get("VPC", "v")
    obj["spec"]["managementPolicies"] = [C]
    b.kube.update(b.res("VPC"), obj)
    b.kube.delete(b.res("VPC"), "v")
    b.settle("VPC", "v")
    assert FINALIZER in b.get("VPC", "v")["metadata"]["finalizers"] and list(b.cloud.resources) == ["id-1"]
    obj = b.get("VPC", "v")
    obj["spec"]["managementPolicies"] = ["*"]
    b.kube.update(b.res("VPC"), obj)
    b.settle("VPC", "v")
    assert b.gone("VPC", "v") and b.cloud.resources == {}


def test_empty_policies_pause() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, managementPolicies=[])
    assert b.get("VPC", "v")["spec"]["managementPolicies"] == [], "an explicit [] is stored as []"
    assert b.reconcile("VPC", "v").done
    synced = b.condition("VPC", "v", "Synced")
    assert (synced["status"], synced["reason"], "message" in synced) == ("False", "ReconcilePaused", False)
    assert b.cloud.calls == {} and not b.get("VPC", "v")["metadata"].get("finalizers")
    obj = b.get("VPC", "v")
    obj["spec"]["managementPolicies"] = ["*"]
    b.kube.update(b.res("VPC"), obj)
    b.settle("VPC", "v")
    assert b.cloud.calls["create"] == 1 and b.condition("VPC", "v", "Ready")["reason"] == "Available"


def _policies(deletion: str | None, actions: list[str]) -> Policies:
    spec: dict[str, Any] = {"managementPolicies": actions}
    metadata: dict[str, Any] = {"name": "x"}
    if deletion is None:
        metadata["namespace"] = "team-a"  # a namespaced kind: no deletionPolicy field
    else:
        spec["deletionPolicy"] = deletion
    return Policies.of(Managed({"metadata": metadata, "spec": spec}))


@pytest.mark.parametrize(
    ("deletion", "actions", "deletes"),
    [
        pytest.param("Delete", ["*"], True, id="DeletionDeleteManagementActionAll"),
        pytest.param("Orphan", ["*"], False, id="DeletionOrphanManagementActionAll"),
        pytest.param("Delete", [O, D], True, id="DeletionDeleteManagementActionDelete"),
        pytest.param("Orphan", [O, D], True, id="DeletionOrphanManagementActionDelete"),
        pytest.param("Delete", [O], False, id="DeletionDeleteManagementActionNoDelete"),
        pytest.param("Orphan", [O, C, U, D], True, id="OrphanExplicitAll"),
        pytest.param("Delete", [O, C, U, L], False, id="DeleteNoDelete"),
    ],
)
def test_legacy_should_delete(deletion: str, actions: list[str], deletes: bool) -> None:
    assert _policies(deletion, actions).should_delete() is deletes


@pytest.mark.parametrize(
    ("actions", "deletes"),
    [pytest.param(["*"], True, id="All"), pytest.param([O], False, id="ObserveOnly"),
     pytest.param([O, D], True, id="ObserveDelete")],
)
def test_modern_should_delete(actions: list[str], deletes: bool) -> None:
    assert _policies(None, actions).should_delete() is deletes


def test_absent_field_is_the_default_and_empty_pauses() -> None:
    absent = Policies.of(Managed({"metadata": {"name": "x"}, "spec": {}}))
    assert absent.actions == {"*"} and not absent.paused and absent.invalid() is None
    assert Policies.of(Managed({"metadata": {"name": "x"}, "spec": {"managementPolicies": []}})).paused


def test_orphan_with_explicit_delete_deletes() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, deletionPolicy="Orphan", managementPolicies=[O, C, U, D])
    b.settle("VPC", "v")
    b.kube.delete(b.res("VPC"), "v")
    b.settle("VPC", "v")
    assert b.gone("VPC", "v") and b.cloud.resources == {}, "a non-default set naming Delete wins over Orphan"


@pytest.mark.parametrize(
    ("spec", "adopted"),
    [
        pytest.param({"deletionPolicy": "Orphan"}, False, id="OrphanPolicy"),
        pytest.param({"managementPolicies": [O]}, True, id="ObserveOnly"),
        pytest.param({"managementPolicies": [O, C, U, L]}, False, id="NoDeleteAction"),
    ],
)
def test_orphan_deletion_needs_no_provider(spec: dict[str, Any], adopted: bool) -> None:
    b = Bench()
    if adopted:
        b.cloud.resources["vpc-x"] = {"spec": dict(VPC)}
    b.apply("VPC", "v", VPC, metadata={"annotations": {EXTERNAL_NAME: "vpc-x"}} if adopted else None, **spec)
    b.settle("VPC", "v")
    assert FINALIZER in b.get("VPC", "v")["metadata"]["finalizers"]
    left = sorted(b.cloud.resources)
    b.kube.delete(ConfigResources.of(AWS).configs, "default")
    connected = b.counting_connect("VPC")
    b.kube.delete(b.res("VPC"), "v")
    assert b.reconcile("VPC", "v").done
    assert b.gone("VPC", "v") and connected == [], "orphaning needs neither the ProviderConfig nor the cloud"
    assert sorted(b.cloud.resources) == left


@pytest.mark.parametrize(
    "policies",
    [pytest.param([O], id="ObserveOnly"), pytest.param([O, D], id="ObserveDelete"),
     pytest.param([O, U], id="ObserveUpdate"), pytest.param([O, L], id="ObserveLateInit")],
)
def test_observe_only_absent_resource(policies: list[str]) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, managementPolicies=policies, metadata={"annotations": {EXTERNAL_NAME: "vpc-gone"}})
    result = b.reconcile("VPC", "v")
    assert result.requeue_after is None and not result.done, "polled at the usual interval, not backed off"
    synced = b.condition("VPC", "v", "Synced")
    assert (synced["status"], synced["reason"], synced["message"]) == (
        "False", "ReconcileError", "observe failed: external resource does not exist")
    events = [(e["type"], e["reason"], e["message"]) for e in b.event_objects("v")]
    assert events == [("Warning", "CannotObserveExternalResource", "external resource does not exist")]
    assert b.cloud.calls.get("create", 0) == b.cloud.calls.get("update", 0) == 0
    assert b.condition("VPC", "v", "Ready") == {}, "Ready is left alone"

