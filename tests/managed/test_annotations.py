"""crossplane-runtime's annotations on a managed resource: ``crossplane.io/paused``,
``crossplane.io/reconcile-requested-at`` (handled once, recorded in ``status.lastHandledReconcileAt``)
and ``crossplane.io/poll-interval`` (a Go duration)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bridge.api.managed import PAUSED, POLL_INTERVAL, RECONCILE_REQUESTED
from bridge.managed.reconciler import PAUSED_MESSAGE, go_duration
from tests.support.bench import Bench

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}


def _annotate(b: Bench, values: dict[str, str | None]) -> None:
    obj = b.get("VPC", "v")
    annotations = obj["metadata"].setdefault("annotations", {})
    for k, v in values.items():
        if v is None:
            annotations.pop(k, None)
        else:
            annotations[k] = v
    b.kube.update(b.res("VPC"), obj)


@pytest.mark.parametrize(
    "spec",
    [pytest.param({"metadata": {"annotations": {PAUSED: "true"}}}, id="Annotation"),
     pytest.param({"managementPolicies": []}, id="EmptyPolicies")],
)
def test_paused(spec: dict[str, Any]) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, **spec)
    assert b.reconcile("VPC", "v").done
    synced = b.condition("VPC", "v", "Synced")
    assert {k: synced[k] for k in synced if k not in ("lastTransitionTime", "observedGeneration")} == {
        "type": "Synced", "status": "False", "reason": "ReconcilePaused"}, "no message, as upstream"
    events = [(e["type"], e["reason"], e["message"]) for e in b.event_objects("v")]
    assert events == [("Normal", "ReconciliationPaused", PAUSED_MESSAGE)]
    assert b.cloud.calls == {}


def test_paused_annotation_counts_only_true() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, metadata={"annotations": {PAUSED: "yes"}})
    b.settle("VPC", "v")
    assert b.cloud.calls["create"] == 1


def test_resume_after_unpause() -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, metadata={"annotations": {PAUSED: "true"}})
    b.settle("VPC", "v")
    _annotate(b, {PAUSED: None})
    b.settle("VPC", "v")
    assert b.cloud.calls["create"] == 1 and b.condition("VPC", "v", "Synced")["reason"] == "ReconcileSuccess"


def _handled(b: Bench) -> Any:
    return (b.get("VPC", "v").get("status") or {}).get("lastHandledReconcileAt")


def _requests(b: Bench) -> int:
    return sum(1 for _, reason in b.events("v") if reason == "ReconcileRequestHandled")


def _new_token(b: Bench) -> None:
    _annotate(b, {RECONCILE_REQUESTED: "token-1"})
    b.settle("VPC", "v")
    assert _handled(b) == "token-1" and _requests(b) == 1


def _same_token(b: Bench) -> None:
    _new_token(b)
    b.settle("VPC", "v")
    assert _handled(b) == "token-1" and _requests(b) == 1, "a handled token is no new request"


def _paused(b: Bench) -> None:
    _annotate(b, {RECONCILE_REQUESTED: "token-1", PAUSED: "true"})
    b.settle("VPC", "v")
    assert _handled(b) is None and _requests(b) == 0, "a paused object handles no request"
    _annotate(b, {PAUSED: None})
    b.settle("VPC", "v")
    assert _handled(b) == "token-1" and _requests(b) == 1


def _survives_spec_update(b: Bench) -> None:
    b.cloud.resources["id-1"]["late"] = {"instanceTenancy": "default"}
    _annotate(b, {RECONCILE_REQUESTED: "token-2"})
    b.reconcile("VPC", "v")  # late-initialises (a spec write), then writes status
    obj = b.get("VPC", "v")
    assert obj["spec"]["forProvider"]["instanceTenancy"] == "default"
    assert obj["status"]["lastHandledReconcileAt"] == "token-2"


def _during_update(b: Bench) -> None:
    gate = b.cloud.block("update")
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "10.9.0.0/16"
    b.reconcile("VPC", "v")  # the update starts
    _annotate(b, {RECONCILE_REQUESTED: "token-1"})
    b.reconcile("VPC", "v")
    assert _handled(b) is None, "handled by an observe, not while an operation runs"
    gate.set()
    b.drain()
    b.settle("VPC", "v")
    assert _handled(b) == "token-1" and _requests(b) >= 1


@pytest.mark.parametrize(
    "scenario",
    [pytest.param(_during_update, id="NotHandledWhileAnOperationRuns"),
     pytest.param(_new_token, id="NewTokenRecordedWithEvent"), pytest.param(_same_token, id="SameTokenNoEvent"),
     pytest.param(_paused, id="PausedDoesNotHandle"),
     pytest.param(_survives_spec_update, id="TokenSurvivesSpecUpdate")],
)
def test_reconcile_request(scenario: Callable[[Bench], None]) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    scenario(b)


@pytest.mark.parametrize(
    ("annotation", "minimum", "want"),
    [
        pytest.param(None, 0.0, None, id="NoAnnotationReturnsDefault"),
        pytest.param("90s", 30.0, 90.0, id="ValidAnnotationAboveMinimumReturnsAnnotation"),
        pytest.param("10s", 30.0, 30.0, id="ValidAnnotationBelowMinimumReturnsMinimum"),
        pytest.param("ten seconds", 0.0, None, id="InvalidAnnotationReturnsDefault"),
        pytest.param("-5m", 0.0, None, id="NegativeReturnsDefault"),
        pytest.param("1h30m", 0.0, 5400.0, id="CompoundDuration"),
    ],
)
def test_poll_interval_annotation(annotation: str | None, minimum: float, want: float | None) -> None:
    b = Bench()
    b.apply("VPC", "v", VPC, metadata={"annotations": {POLL_INTERVAL: annotation}} if annotation else None)
    b.reconcilers["VPC"].min_poll = minimum
    result = b.settle("VPC", "v")
    assert result is not None and result.requeue_after == want


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("300ms", 0.3), ("1.5h", 5400.0), ("2h45m0.5s", 9900.5), ("0", 0.0), ("1µs", 1e-6), ("", None),
     ("5", None), ("1d", None), ("m", None)],
)
def test_go_duration(text: str, seconds: float | None) -> None:
    got = go_duration(text)
    assert got == pytest.approx(seconds) if seconds is not None else got is None
