"""The CRD gate: a kind's controller may start once its CRD is served, and stops once the CRD is gone."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest

from bridge.kube import errors
from bridge.kube.client import CRDS, Obj, Resource
from bridge.kube.crdgate import CRDGate, serves, start_report
from devrig.fakes import StoreKube
from tests.support.waiting import wait_for

ESTABLISHED = {"conditions": [{"type": "Established", "status": "True"}]}


def _crd(plural: str, *, versions: tuple[tuple[str, bool], ...] = (("v1", True),)) -> Obj:
    kind = plural.capitalize().rstrip("s")
    return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": f"{plural}.example.io"},
            "spec": {"group": "example.io", "scope": "Cluster",
                     "names": {"plural": plural, "singular": kind.lower(), "kind": kind, "listKind": f"{kind}List"},
                     "versions": [{"name": v, "served": served, "storage": i == 0,
                                   "schema": {"openAPIV3Schema": {"type": "object",
                                                                  "x-kubernetes-preserve-unknown-fields": True}}}
                                  for i, (v, served) in enumerate(versions)]}}


@pytest.mark.parametrize(("crd", "version", "want"), [
    pytest.param({**_crd("things"), "status": ESTABLISHED}, "v1", True, id="Established"),
    pytest.param(_crd("things"), "v1", False, id="NotYetEstablished"),
    pytest.param({**_crd("things"), "status": {"conditions": [{"type": "Established", "status": "False"}]}}, "v1",
                 False, id="EstablishedFalse"),
    pytest.param({**_crd("things", versions=(("v1", False), ("v2", True))), "status": ESTABLISHED}, "v1", False,
                 id="VersionNotServed"),
    pytest.param({**_crd("things"), "status": ESTABLISHED}, "v2", False, id="VersionAbsent"),
])
def test_serves(crd: Obj, version: str, want: bool) -> None:
    assert serves(crd, version) is want


class _Changes:
    def __init__(self) -> None:
        self.seen: list[tuple[str, bool]] = []
        self.lock = threading.Lock()

    def __call__(self, name: str, served: bool) -> None:
        with self.lock:
            self.seen.append((name, served))


def test_opens_for_served_crds_at_start_and_follows_creation_and_removal() -> None:
    kube = StoreKube()
    kube.create(CRDS, _crd("olds"))
    changes = _Changes()
    gate = CRDGate(kube, {"olds.example.io": "v1", "news.example.io": "v1", "others.example.io": "v2"}, changes)
    try:
        assert gate.start()
        assert changes.seen == [("olds.example.io", True)], "the CRDs served at start, before start returns"
        assert gate.synced.is_set()
        kube.create(CRDS, _crd("news"))
        kube.create(CRDS, _crd("others"))  # serves v1 only: not the version reconciled
        wait_for(lambda: ("news.example.io", True) in changes.seen, lambda: f"the new CRD ({changes.seen})", 10)
        # Being deleted, the CRD's objects still need their finalizers removed: its controller keeps running.
        kube.patch(CRDS, "olds.example.io", {"metadata": {"finalizers": ["example.io/hold"]}})
        kube.delete(CRDS, "olds.example.io")
        touched = kube.patch(CRDS, "olds.example.io", {"metadata": {"labels": {"touched": "yes"}}})
        wait_for(lambda: gate.rv == touched["metadata"]["resourceVersion"], "the gate to see the CRD being deleted", 10)
        assert "olds.example.io" in gate.open and ("olds.example.io", False) not in changes.seen
        kube.patch(CRDS, "olds.example.io", {"metadata": {"finalizers": None}})
        wait_for(lambda: ("olds.example.io", False) in changes.seen, lambda: f"the CRD's removal ({changes.seen})", 10)
    finally:
        gate.stop()
    assert changes.seen == [("olds.example.io", True), ("news.example.io", True), ("olds.example.io", False)]
    assert gate.open == {"news.example.io"}


class _Forbidden(StoreKube):
    def list(self, res: Resource, namespace: str = "", label_selector: str = "") -> tuple[list[Obj], str]:
        raise errors.from_status(403, "Forbidden", "customresourcedefinitions is forbidden")

    def get(self, res: Resource, name: str, namespace: str = "") -> dict[str, Any]:
        raise AssertionError("no GET after a refused list")


def test_a_provider_that_may_not_read_crds_is_told_to_start_everything() -> None:
    changes = _Changes()
    gate = CRDGate(_Forbidden(), {"things.example.io": "v1"}, changes)
    assert gate.start() is False
    assert changes.seen == [] and gate._thread is None


def test_at_start_it_names_other_releases_crds_and_missing_ones(caplog: pytest.LogCaptureFixture) -> None:
    kube = StoreKube()
    kube.create(CRDS, {**_crd("buckets", versions=(("v1beta1", True),)), "status": ESTABLISHED})
    kube.create(CRDS, {**_crd("queues", versions=(("v1beta1", True),)), "status": ESTABLISHED})
    wanted = {"buckets.example.io": "v1beta2", "queues.example.io": "v1beta1", "topics.example.io": "v1beta1",
              "providerconfigs.example.io": "v1beta1"}
    gate = CRDGate(kube, wanted, _Changes())
    with caplog.at_level(logging.INFO, logger="bridge.kube.crdgate"):
        assert gate.start()
        gate.stop()
    said = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert (logging.WARNING, "1 installed CRDs do not serve the version this provider reconciles, so their objects "
            "wait: buckets.example.io (wants v1beta2); apply this release's CRDs (tfbridge generate, then kubectl "
            "apply --server-side -k crds/, or install its package)") in said
    assert any(level == logging.WARNING and "providerconfigs.example.io are not installed" in text
               for level, text in said)
    assert (logging.INFO, "1 of the 4 CRDs this provider serves are not installed; their controllers start when "
            "they are") in said


def test_a_provider_whose_crds_are_current_says_nothing() -> None:
    states = {"things.example.io": (True, False)}
    assert start_report({"things.example.io": "v1"}, states) == []
