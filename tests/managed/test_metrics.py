"""crossplane-runtime's managed-resource metrics, under its names and its one label (``gvk``), so that a
dashboard made for an upjet provider reads tfbridge's unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from bridge.managed.metrics import ManagedMetrics, StateGauges, gvk
from tests.support.bench import Bench

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
LABEL = "ec2.aws.tfbridge.io/v1beta1, Kind=VPC"


def _count(registry: CollectorRegistry, name: str) -> float:
    return registry.get_sample_value(f"{name}_count", {"gvk": LABEL}) or 0.0


def _lifecycle() -> CollectorRegistry:
    registry = CollectorRegistry()
    b = Bench()
    b.reconcilers["VPC"] = b.reconciler("VPC", metrics=ManagedMetrics(registry))
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "10.9.0.0/16"
    b.settle("VPC", "v")
    b.kube.delete(b.res("VPC"), "v")
    b.settle("VPC", "v")
    assert b.gone("VPC", "v")
    return registry


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("crossplane_managed_resource_first_time_to_reconcile_seconds", id="FirstTimeToReconcile"),
        pytest.param("crossplane_managed_resource_first_time_to_readiness_seconds", id="FirstTimeToReadiness"),
        pytest.param("crossplane_managed_resource_drift_seconds", id="Drift"),
        pytest.param("crossplane_managed_resource_deletion_seconds", id="Deletion"),
    ],
)
def test_each_histogram_observes_once_over_a_lifecycle(name: str) -> None:
    assert _count(_lifecycle(), name) == 1.0


def test_state_gauges_count_the_cached_objects() -> None:
    def obj(ready: str, synced: str) -> dict[str, Any]:
        return {"status": {"conditions": [{"type": "Ready", "status": ready}, {"type": "Synced", "status": synced}]}}

    registry = CollectorRegistry()
    registry.register(StateGauges(lambda: [(LABEL, [obj("True", "True"), obj("False", "True"), {}])]))
    got = {name: registry.get_sample_value(f"crossplane_managed_resource_{name}", {"gvk": LABEL})
           for name in ("exists", "ready", "synced")}
    assert got == {"exists": 3.0, "ready": 1.0, "synced": 2.0}


def test_gvk_is_gos_string_form() -> None:
    assert gvk("ec2.aws.tfbridge.io/v1beta1", "VPC") == LABEL
