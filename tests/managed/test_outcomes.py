"""What each reconcile outcome leaves on the object, row by row from crossplane-runtime's
``managed.Reconciler`` (its condition for Ready and Synced, its event, and whether it retries), with
tfbridge's asynchronous operations in between: an operation's outcome is collected by the reconcile
after it ends."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import pytest

from bridge.api.errors import OperationFailed
from bridge.api.managed import CREATE_PENDING, CREATE_SUCCEEDED, EXTERNAL_NAME, FINALIZER, PAUSED
from bridge.kube.controller import Result
from bridge.managed import conditions
from bridge.managed.reconciler import INCOMPLETE, PAUSED_MESSAGE
from bridge.managed.secrets import SecretAccess
from tests.support.bench import Bench

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
# "nowhere" is allowed, so that a Secret there passes the spec check and fails when written.
ACCESS = SecretAccess.of("crossplane-system", ("default", "nowhere"))


@dataclasses.dataclass(frozen=True)
class Want:
    ready: tuple[str, str] | None  # (status, reason); None: no Ready condition written
    synced: tuple[str, str, str]  # (status, reason, message prefix)
    event: tuple[str, str, str] | None  # (type, reason, message prefix) of the last event; None: none new
    retried: bool  # the reconcile raised, for the controller's backoff


def _outcome(b: Bench) -> Result | BaseException:
    try:
        return b.reconcile("VPC", "v")
    except Exception as exc:  # the controller's retry policy sees it
        return exc


def _created(b: Bench) -> None:
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")


def paused(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, metadata={"annotations": {PAUSED: "true"}})
    return _outcome(b)


def invalid_policy(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, managementPolicies=["Create"])
    return _outcome(b)


def create_incomplete(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, metadata={"annotations": {CREATE_PENDING: "2026-01-02T00:00:00Z",
                                                        CREATE_SUCCEEDED: "2026-01-01T00:00:00Z"}})
    return _outcome(b)


def unparsable_pending_ignored(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, metadata={"annotations": {CREATE_PENDING: "true"}})
    return _outcome(b)


def provider_config_missing(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, providerConfigRef={"name": "nope"})
    return _outcome(b)


def observe_fails(b: Bench) -> Result | BaseException:
    b.cloud.fail("observe", error=OperationFailed("the cloud said no", verb="plan"))
    b.apply("VPC", "v", VPC)
    return _outcome(b)


def observe_only_absent(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, managementPolicies=["Observe"], metadata={"annotations": {EXTERNAL_NAME: "vpc-gone"}})
    return _outcome(b)


def create_requested(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC)
    b.reconcile("VPC", "v")
    b.drain()
    return _outcome(b)


def create_fails(b: Bench) -> Result | BaseException:
    b.cloud.fail("create", error=OperationFailed("the cloud said no", verb="apply"))
    return create_requested(b)


def create_pending_conflict(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC)
    b.kube.conflict_every[("update", "vpcs")] = 2  # the finalizer's write passes, the pending mark's conflicts
    return _outcome(b)


def up_to_date(b: Bench) -> Result | BaseException:
    _created(b)
    return _outcome(b)


def drift_update_not_allowed(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, managementPolicies=["Observe", "Create", "Delete"])
    b.settle("VPC", "v")
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "10.9.0.0/16"
    return _outcome(b)


def update_requested(b: Bench) -> Result | BaseException:
    _created(b)
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "10.9.0.0/16"
    b.reconcile("VPC", "v")
    b.drain()
    return _outcome(b)


def update_fails(b: Bench) -> Result | BaseException:
    b.cloud.fail("update", error=OperationFailed("the cloud said no", verb="apply"))
    return update_requested(b)


def late_init_write_conflicts(b: Bench) -> Result | BaseException:
    _created(b)
    b.cloud.resources["id-1"]["late"] = {"instanceTenancy": "default"}
    b.kube.conflict_every[("update", "vpcs")] = 1
    return _outcome(b)


def publish_failed(b: Bench) -> Result | BaseException:
    b.apply("VPC", "v", VPC, writeConnectionSecretToRef={"name": "vpc-conn", "namespace": "nowhere"})
    b.reconcile("VPC", "v")
    b.drain()
    return _outcome(b)


def delete_requested(b: Bench) -> Result | BaseException:
    _created(b)
    b.kube.delete(b.res("VPC"), "v")
    b.reconcile("VPC", "v")
    b.drain()
    # Collected: the finalizer goes with the same reconcile, so the event is what is left to see.
    return _outcome(b)


def delete_fails(b: Bench) -> Result | BaseException:
    b.cloud.fail("delete", error=OperationFailed("the cloud said no", verb="apply"))
    _created(b)
    b.kube.delete(b.res("VPC"), "v")
    b.reconcile("VPC", "v")
    b.drain()
    return _outcome(b)


CREATE_FAILED_READY = ("False", "Creating")
ROWS = [
    pytest.param(paused, Want(None, ("False", "ReconcilePaused", ""), ("Normal", "ReconciliationPaused",
                                                                       PAUSED_MESSAGE), False), id="Paused"),
    pytest.param(invalid_policy, Want(None, ("False", "ReconcileError", "`spec.managementPolicies` is set to a "
                                                                         "value([Create]) which is not supported"),
                                      ("Warning", "CannotUseInvalidManagementPolicy", "`spec.managementPolicies`"),
                                      False), id="InvalidPolicy"),
    pytest.param(create_incomplete, Want(("False", "Creating"), ("False", "ReconcileError", INCOMPLETE),
                                         ("Warning", "CannotInitializeManagedResource", INCOMPLETE), False),
                 id="CreateIncomplete"),
    pytest.param(unparsable_pending_ignored, Want(("False", "Creating"), ("True", "ReconcileSuccess", ""), None,
                                                  False), id="UnparsablePendingIgnored"),
    pytest.param(provider_config_missing,
                 Want(None, ("False", "ReconcileError", "connect failed: "),
                      ("Warning", "CannotConnectToProvider", "ProviderConfig 'nope' not found"), True),
                 id="ProviderConfigMissing"),
    pytest.param(observe_fails, Want(None, ("False", "ReconcileError", "observe failed: the cloud said no"),
                                     ("Warning", "CannotObserveExternalResource", "the cloud said no"), True),
                 id="ObserveFails"),
    pytest.param(observe_only_absent, Want(None, ("False", "ReconcileError",
                                                  "observe failed: external resource does not exist"),
                                           ("Warning", "CannotObserveExternalResource",
                                            "external resource does not exist"), False), id="ObserveOnlyAbsent"),
    pytest.param(create_pending_conflict, Want(None, ("", "", ""), None, True), id="CreatePendingConflict"),
    pytest.param(create_fails, Want(CREATE_FAILED_READY,
                                    ("False", "ReconcileError", "create failed: the cloud said no"),
                                    ("Warning", "CannotCreateExternalResource", "the cloud said no"), False),
                 id="CreateFails"),
    pytest.param(create_requested, Want(("True", "Available"), ("True", "ReconcileSuccess", ""),
                                        ("Normal", "CreatedExternalResource",
                                         "Successfully requested creation of external resource"), False),
                 id="CreateRequested"),
    # A conflict is no error (the reconcile starts over): what the object said before stays.
    pytest.param(late_init_write_conflicts, Want(("True", "Available"), ("True", "ReconcileSuccess", ""),
                                                 None, True), id="LateInitWriteConflictStartsOver"),
    pytest.param(up_to_date, Want(("True", "Available"), ("True", "ReconcileSuccess", ""), None, False),
                 id="UpToDate"),
    pytest.param(drift_update_not_allowed,
                 Want(("True", "Available"), ("True", "ReconcileSuccess", ""), None, False),
                 id="DriftUpdateNotAllowed"),
    pytest.param(update_fails, Want(("True", "Available"),
                                    ("False", "ReconcileError", "update failed: the cloud said no"),
                                    ("Warning", "CannotUpdateExternalResource", "the cloud said no"), False),
                 id="UpdateFails"),
    pytest.param(update_requested, Want(("True", "Available"), ("True", "ReconcileSuccess", ""),
                                        ("Normal", "UpdatedExternalResource",
                                         "Successfully requested update of external resource"), False),
                 id="UpdateRequested"),
    # Publishing the create's details fails: still Creating, as crossplane-runtime says after a create.
    pytest.param(publish_failed, Want(("False", "Creating"), ("False", "ReconcileError",
                                                              "cannot create or update connection secret: "),
                                      ("Warning", "CannotPublishConnectionDetails", ""), True), id="PublishFailed"),
    pytest.param(delete_fails, Want(("False", "Deleting"),
                                    ("False", "ReconcileError", "delete failed: the cloud said no"),
                                    ("Warning", "CannotDeleteExternalResource", "the cloud said no"), False),
                 id="DeleteFails"),
]


@pytest.mark.parametrize(("scenario", "want"), ROWS)
def test_outcome_conditions_and_events(scenario: Callable[[Bench], Result | BaseException], want: Want) -> None:
    b = Bench(access=ACCESS)
    outcome = scenario(b)
    assert isinstance(outcome, BaseException) is want.retried, outcome
    obj = b.get("VPC", "v")
    ready = conditions.get(obj, "Ready")
    if want.ready is None:
        assert ready is None, ready
    else:
        assert ready is not None and (ready["status"], ready["reason"]) == want.ready, ready
    synced = conditions.get(obj, "Synced") or {}
    got = (synced.get("status", ""), synced.get("reason", ""), synced.get("message", ""))
    assert got[:2] == want.synced[:2] and got[2].startswith(want.synced[2]), got
    events = [(e["type"], e["reason"], e["message"]) for e in b.event_objects("v")]
    if want.event is None:
        assert not [e for e in events if e[0] == "Warning"], events
    else:
        last = events[-1]
        assert last[:2] == want.event[:2] and last[2].startswith(want.event[2]), events


def test_delete_requested() -> None:
    b = Bench()
    _created(b)
    b.kube.delete(b.res("VPC"), "v")
    b.settle("VPC", "v")
    assert b.gone("VPC", "v")
    assert ("Normal", "DeletedExternalResource", "Successfully requested deletion of external resource") in [
        (e["type"], e["reason"], e["message"]) for e in b.event_objects("v")]


def test_a_failed_create_says_so_in_ready() -> None:
    """Not "create in progress for 0s" after the create failed: Ready says what happened and when the next
    attempt is, and keeps saying it while the backoff holds the retry back."""
    b = Bench()
    b.cloud.fail("create", error=OperationFailed("the cloud said no", verb="apply"))
    b.create_and_collect("VPC", "v", VPC)
    for _ in range(2):  # collected, then held by the backoff
        ready = b.condition("VPC", "v", "Ready")
        assert (ready["status"], ready["reason"]) == CREATE_FAILED_READY
        assert ready["message"].startswith("the create failed; the next attempt is at "), ready
        assert "in progress" not in ready["message"]
        b.reconcile("VPC", "v")
    b.wait_out_backoff("VPC", "v")
    b.settle("VPC", "v")
    assert b.condition("VPC", "v", "Ready")["reason"] == "Available"


def test_absent_right_after_create_is_not_created_again() -> None:
    """An eventually consistent read right after a create finds nothing: crossplane-runtime's creation grace
    period, not a second object."""
    b = Bench()
    _created(b)
    hidden = b.cloud.resources.pop("id-1")
    result = b.reconcile("VPC", "v")
    assert result.requeue_after is not None and result.requeue_after <= 5.0 and b.cloud.calls["create"] == 1
    assert ("Normal", "PendingExternalResource", "Waiting for external resource existence to be confirmed") in [
        (e["type"], e["reason"], e["message"]) for e in b.event_objects("v")]
    b.cloud.resources["id-1"] = hidden
    b.settle("VPC", "v")
    assert b.cloud.calls["create"] == 1 and b.condition("VPC", "v", "Ready")["reason"] == "Available"


def test_absent_long_after_create_is_created_again() -> None:
    b = Bench()
    _created(b)
    obj = b.get("VPC", "v")
    a_minute_ago = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 60))
    obj["metadata"]["annotations"].update({CREATE_PENDING: a_minute_ago, CREATE_SUCCEEDED: a_minute_ago})
    b.kube.update(b.res("VPC"), obj)
    b.cloud.resources.clear()
    b.settle("VPC", "v")
    assert b.cloud.calls["create"] == 2, "deleted out of band: made again, as crossplane-runtime does"


def test_foreign_finalizer_delays_external_delete() -> None:
    b = Bench()
    _created(b)
    obj = b.get("VPC", "v")
    obj["metadata"]["finalizers"] = [*obj["metadata"]["finalizers"], "example.com/hold"]
    b.kube.update(b.res("VPC"), obj)
    b.kube.delete(b.res("VPC"), "v")
    b.settle("VPC", "v")
    ready = b.condition("VPC", "v", "Ready")
    assert ready["reason"] == "Deleting" and "example.com/hold" in ready["message"]
    assert b.cloud.calls.get("delete", 0) == 0 and list(b.cloud.resources) == ["id-1"]
    obj = b.get("VPC", "v")
    obj["metadata"]["finalizers"] = [FINALIZER]
    b.kube.update(b.res("VPC"), obj)
    b.settle("VPC", "v")
    assert b.gone("VPC", "v") and b.cloud.resources == {}


@pytest.mark.parametrize(
    ("before", "new", "want"),
    [
        pytest.param([], conditions.available(), {"type": "Ready", "status": "True", "reason": "Available"},
                     id="EmptyMessageOmitted"),
        pytest.param([], conditions.reconcile_error("boom"),
                     {"type": "Synced", "status": "False", "reason": "ReconcileError", "message": "boom"},
                     id="MessageKept"),
    ],
)
def test_set_conditions(before: list[dict[str, Any]], new: dict[str, Any], want: dict[str, Any]) -> None:
    obj: dict[str, Any] = {"metadata": {"generation": 3}, "status": {"conditions": before}}
    conditions.set_conditions(obj, new)
    (got,) = obj["status"]["conditions"]
    assert {k: v for k, v in got.items() if k != "lastTransitionTime"} == {**want, "observedGeneration": 3}


def test_status_unchanged_keeps_transition_time() -> None:
    obj: dict[str, Any] = {"metadata": {"generation": 1}, "status": {"conditions": [
        {**conditions.reconcile_error("a"), "lastTransitionTime": "2020-01-01T00:00:00Z"}]}}
    conditions.set_conditions(obj, conditions.reconcile_error("b"))
    assert obj["status"]["conditions"][0]["lastTransitionTime"] == "2020-01-01T00:00:00Z"
    conditions.set_conditions(obj, conditions.reconcile_success())
    assert obj["status"]["conditions"][0]["lastTransitionTime"] != "2020-01-01T00:00:00Z"


@pytest.mark.parametrize(
    ("policies", "corrected"),
    [pytest.param(["*"], True, id="UpdatedThenCleared"),
     pytest.param(["Observe", "Create", "Delete"], False, id="ShownWhileNotUpdated")],
)
def test_drift_in_status(policies: list[str], corrected: bool) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, managementPolicies=policies)
    b.settle("VPC", "v")
    assert "drift" not in b.get("VPC", "v")["status"]
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "10.9.0.0/16"
    b.reconcile("VPC", "v")
    assert b.get("VPC", "v")["status"]["drift"] == "cidrBlock: differs"
    b.drain()
    b.settle("VPC", "v")
    assert ("drift" not in b.get("VPC", "v")["status"]) is corrected
