"""Events aggregated as client-go's correlator does: the same event again raises its count and last time
instead of adding an object."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bridge.kube.client import EVENTS
from bridge.managed import events
from bridge.managed.events import Recorder
from tests.support.bench import Bench

OBJ = {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC", "metadata": {"name": "v", "uid": "u-1"}}
OTHER = {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC", "metadata": {"name": "w", "uid": "u-2"}}


def _same_three_times(r: Recorder, b: Bench) -> None:
    for _ in range(3):
        r.warning(OBJ, "CannotObserveExternalResource", "boom")


def _other_message(r: Recorder, b: Bench) -> None:
    r.warning(OBJ, "CannotObserveExternalResource", "boom")
    r.warning(OBJ, "CannotObserveExternalResource", "bang")


def _other_type(r: Recorder, b: Bench) -> None:
    r.warning(OBJ, "Reason", "same")
    r.normal(OBJ, "Reason", "same")


def _other_object(r: Recorder, b: Bench) -> None:
    r.warning(OBJ, "Reason", "same")
    r.warning(OTHER, "Reason", "same")


def _expired(r: Recorder, b: Bench) -> None:
    r.warning(OBJ, "Reason", "same")
    (event,) = b.kube.list(EVENTS, "default")[0]
    b.kube.delete(EVENTS, event["metadata"]["name"], "default")
    r.warning(OBJ, "Reason", "same")


def _forgotten(r: Recorder, b: Bench) -> None:
    events.REMEMBERED = 1
    r.warning(OBJ, "Reason", "first")
    r.warning(OBJ, "Reason", "second")
    r.warning(OBJ, "Reason", "first")


@pytest.mark.parametrize(
    ("scenario", "counts"),
    [
        pytest.param(_same_three_times, [3], id="SameEventCounted"),
        pytest.param(_other_message, [1, 1], id="OtherMessageIsAnotherEvent"),
        pytest.param(_other_type, [1, 1], id="OtherTypeIsAnotherEvent"),
        pytest.param(_other_object, [1, 1], id="OtherObjectIsAnotherEvent"),
        pytest.param(_expired, [1], id="ExpiredEventIsMadeAgain"),
        pytest.param(_forgotten, [1, 1, 1], id="OnlyTheLastOnesAreRemembered"),
    ],
)
def test_aggregation(scenario: Callable[[Recorder, Bench], None], counts: list[int],
                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(events, "REMEMBERED", events.REMEMBERED)
    b = Bench()
    r = Recorder(b.kube, component="test")
    scenario(r, b)
    items: list[dict[str, Any]] = b.kube.list(EVENTS, "default")[0]
    assert sorted(e["count"] for e in items) == counts
    for e in items:
        assert e["lastTimestamp"] >= e["firstTimestamp"]


def test_a_failing_reconcile_is_one_event_however_often_it_retries() -> None:
    b = Bench()
    b.apply("VPC", "v", {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}, providerConfigRef={"name": "nope"})
    for _ in range(4):
        with pytest.raises(Exception, match="nope"):
            b.reconcile("VPC", "v")
    (event,) = [e for e in b.event_objects("v") if e["type"] == "Warning"]
    assert (event["reason"], event["count"]) == ("CannotConnectToProvider", 4)
