"""Opt-in replacement (``tfbridge.io/replace-policy``) as the reconciler records it, over the fake cloud:
refused without the annotation, the external name moving to the new object, an event per step, and
never two live objects left behind unreported when a step fails."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.api.managed import EXTERNAL_NAME, REPLACE_POLICY
from tests.support.bench import Bench

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
NEW = {**VPC, "cidrBlock": "10.9.0.0/16"}


def created(policy: str | None, **spec: Any) -> Bench:
    """A Ready VPC ``v`` (id-1) whose cidrBlock forces replacement, annotated with ``policy``."""
    b = Bench()
    b.cloud.forces_replacement = {"cidrBlock"}
    b.apply("VPC", "v", VPC, metadata={"annotations": {REPLACE_POLICY: policy}} if policy else None, **spec)
    b.settle("VPC", "v")
    assert b.ready("VPC", "v") and list(b.cloud.resources) == ["id-1"]
    return b


def change(b: Bench, spec: dict[str, Any]) -> None:
    b.kube.patch(b.res("VPC"), "v", {"spec": {"forProvider": spec}})
    b.settle("VPC", "v")


def external_name(b: Bench) -> str:
    return str(b.get("VPC", "v")["metadata"]["annotations"][EXTERNAL_NAME])


def synced(b: Bench) -> dict[str, Any]:
    return b.condition("VPC", "v", "Synced")


@pytest.mark.parametrize(("policy", "message", "spec"), [
    pytest.param(None, f"annotate it {REPLACE_POLICY}: CreateBeforeDestroy or DestroyBeforeCreate", {},
                 id="RefusedWithoutOptIn"),
    pytest.param("Yes", f"annotations[{REPLACE_POLICY}]: must be one of CreateBeforeDestroy, DestroyBeforeCreate",
                 {}, id="InvalidValueRefused"),
    pytest.param("CreateBeforeDestroy", "replacing needs the Create and Delete management policies",
                 {"managementPolicies": ["Observe", "Create", "Update", "LateInitialize"]}, id="WithoutDeletePolicy"),
    pytest.param("DestroyBeforeCreate", "replacing needs the Create and Delete management policies",
                 {"deletionPolicy": "Orphan"}, id="OrphanDeletionPolicy"),
])
def test_refused(policy: str | None, message: str, spec: dict[str, Any]) -> None:
    b = created(policy, **spec)
    change(b, NEW)
    assert list(b.cloud.resources) == ["id-1"] and b.cloud.resources["id-1"]["spec"]["cidrBlock"] == "10.0.0.0/16"
    assert external_name(b) == "id-1"
    assert synced(b)["status"] == "False" and message in synced(b)["message"]


@pytest.mark.parametrize(("policy", "steps"), [
    pytest.param("CreateBeforeDestroy", ["CreatedReplacementExternalResource", "DeletedReplacedExternalResource"],
                 id="CreateBeforeDestroy"),
    pytest.param("DestroyBeforeCreate", ["DeletedReplacedExternalResource", "CreatedReplacementExternalResource"],
                 id="DestroyBeforeCreate"),
])
def test_replacement_moves_the_external_name(policy: str, steps: list[str]) -> None:
    b = created(policy)
    change(b, NEW)
    assert list(b.cloud.resources) == ["id-2"], "exactly one object, the new one"
    assert b.cloud.resources["id-2"]["spec"]["cidrBlock"] == "10.9.0.0/16"
    assert external_name(b) == "id-2"
    assert b.ready("VPC", "v") and synced(b)["status"] == "True"
    reasons = [r for _, r in b.events("v")]
    assert [r for r in reasons if r in steps] == steps
    assert reasons.index("ReplacedExternalResource") > reasons.index(steps[-1])


def test_new_create_fails_old_kept() -> None:
    b = created("CreateBeforeDestroy")
    b.cloud.fail("replace-create")
    change(b, NEW)
    assert list(b.cloud.resources) == ["id-1"] and external_name(b) == "id-1", "the old object stays current"
    assert "creating the new object failed" in synced(b)["message"]
    b.wait_out_backoff("VPC", "v")
    b.settle("VPC", "v")
    assert list(b.cloud.resources) == ["id-2"] and external_name(b) == "id-2"


def test_old_delete_fails_is_retried_until_one_object() -> None:
    b = created("CreateBeforeDestroy")
    b.cloud.fail("replace-delete", times=2)
    change(b, NEW)
    assert sorted(b.cloud.resources) == ["id-1", "id-2"]
    assert external_name(b) == "id-2", "the new object is this one's at once"
    message = synced(b)["message"]
    assert synced(b)["status"] == "False" and "replaced by id-2; deleting the old object id-1 failed" in message
    assert ("Normal", "CreatedReplacementExternalResource") in b.events("v")
    for _ in range(2):
        b.wait_out_backoff("VPC", "v")
        b.settle("VPC", "v")
    assert list(b.cloud.resources) == ["id-2"], "the old object deleted by a later attempt"
    assert synced(b)["status"] == "True" and external_name(b) == "id-2"
    assert b.cloud.calls["replace-create"] == 1, "the new object is made once"


def test_destroy_before_create_failing_create_creates_on_retry() -> None:
    b = created("DestroyBeforeCreate")
    b.cloud.fail("replace-create")
    change(b, NEW)
    assert b.cloud.resources == {}, "the old object was deleted first"
    assert "creating the new object failed" in synced(b)["message"]
    b.wait_out_backoff("VPC", "v")
    b.settle("VPC", "v", rounds=10)
    assert len(b.cloud.resources) == 1 and external_name(b) in b.cloud.resources
    assert b.cloud.resources[external_name(b)]["spec"]["cidrBlock"] == "10.9.0.0/16"


def test_destroy_before_create_failing_delete_keeps_the_old() -> None:
    b = created("DestroyBeforeCreate")
    b.cloud.fail("replace-delete")
    change(b, NEW)
    assert list(b.cloud.resources) == ["id-1"] and external_name(b) == "id-1"
    assert b.cloud.calls.get("replace-create", 0) == 0
