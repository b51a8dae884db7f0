"""A failed create, update or delete where operators look: a log line, a metric per kind, upjet's
AsyncOperation and LastAsyncOperation conditions, and a change log entry; and the same conditions
for the operations that succeed."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from bridge.api.errors import OperationFailed
from bridge.kube.observability import JSONFormatter
from bridge.managed import conditions
from bridge.managed.metrics import ManagedMetrics
from tests.support.bench import Bench

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
GVK = "ec2.aws.tfbridge.io/v1beta1, Kind=VPC"
SECRET = "s3cr3t-token-value"


class Recorded:
    """Change log entries as the reconciler records them."""

    def __init__(self) -> None:
        self.entries: list[tuple[dict[str, Any], str, str | None]] = []

    def record(self, obj: Mapping[str, Any], operation: str, error: str | None) -> None:
        self.entries.append((json.loads(json.dumps(obj)), operation, error))


@pytest.fixture
def bench() -> tuple[Bench, CollectorRegistry, Recorded]:
    b = Bench()
    registry = CollectorRegistry()
    recorded = Recorded()
    b.reconcilers["VPC"] = b.reconciler("VPC", metrics=ManagedMetrics(registry), changelogs=recorded)
    return b, registry, recorded


def failures(registry: CollectorRegistry, operation: str) -> float:
    found = registry.get_sample_value("tfbridge_managed_operation_failures_total",
                                      {"gvk": GVK, "operation": operation})
    return found or 0.0


def cond(b: Bench, ctype: str) -> tuple[str, str, str]:
    c = b.condition("VPC", "v", ctype)
    return c.get("status", ""), c.get("reason", ""), c.get("message", "")


def test_a_failed_create_is_logged_counted_conditioned_and_change_logged(
        bench: tuple[Bench, CollectorRegistry, Recorded], caplog: pytest.LogCaptureFixture) -> None:
    b, registry, recorded = bench
    b.redactor.add("a credential", [SECRET])
    b.cloud.fail("create", error=OperationFailed(f"InvalidVpc.Range: the CIDR is refused (token {SECRET})",
                                                 verb="apply"))
    b.apply("VPC", "v", VPC)
    b.reconcile("VPC", "v")
    assert cond(b, conditions.ASYNC_OPERATION) == ("False", "Ongoing", ""), "the create runs"
    b.drain()
    with caplog.at_level(logging.INFO, logger="bridge.managed.reconciler"):
        b.reconcile("VPC", "v")

    (line,) = [r for r in caplog.records if r.levelno == logging.WARNING and getattr(r, "operation", "") == "create"]
    assert (line.object, line.operation) == ("VPC/v", "create")  # type: ignore[attr-defined]
    assert "InvalidVpc.Range: the CIDR is refused" in line.error and SECRET not in line.error  # type: ignore
    shown = json.loads(JSONFormatter(b.redactor).format(line))
    assert shown["level"] == "warning" and shown["object"] == "VPC/v" and shown["operation"] == "create"
    assert "create failed after" in shown["msg"] and SECRET not in json.dumps(shown)

    assert failures(registry, "create") == 1 and failures(registry, "delete") == 0
    status, reason, message = cond(b, conditions.LAST_ASYNC_OPERATION)
    assert (status, reason) == ("False", "AsyncCreateFailure")
    assert message.startswith("async create failed: ") and "InvalidVpc.Range" in message and SECRET not in message
    assert cond(b, conditions.ASYNC_OPERATION) == ("True", "Finished", "")

    ((snapshot, operation, error),) = recorded.entries
    assert operation == "create" and error is not None and "InvalidVpc.Range" in error and SECRET not in error
    # The object as the create started: with the tags put on before it.
    assert snapshot["metadata"]["name"] == "v" and snapshot["spec"]["forProvider"]["cidrBlock"] == "10.0.0.0/16"
    assert snapshot["spec"]["forProvider"]["tags"]["crossplane-name"] == "v"

    # The next attempt succeeds: its entry has no error, and the object found up to date clears the failure.
    b.wait_out_backoff("VPC", "v")
    b.settle("VPC", "v")
    assert [(op, err) for _, op, err in recorded.entries] == [("create", error), ("create", None)]
    assert cond(b, conditions.LAST_ASYNC_OPERATION) == ("True", "Success", "")
    assert cond(b, conditions.ASYNC_OPERATION) == ("True", "Finished", "")
    assert failures(registry, "create") == 1


def test_failed_updates_and_deletes_are_counted_by_operation(bench: tuple[Bench, CollectorRegistry, Recorded]) -> None:
    b, registry, recorded = bench
    b.apply("VPC", "v", VPC)
    b.settle("VPC", "v")
    b.cloud.fail("update", error=OperationFailed("the cloud said no to the update", verb="apply"))
    b.cloud.resources["id-1"]["spec"]["cidrBlock"] = "10.9.0.0/16"
    b.reconcile("VPC", "v")
    assert cond(b, conditions.ASYNC_OPERATION) == ("False", "Ongoing", "")
    b.drain()
    b.reconcile("VPC", "v")
    assert cond(b, conditions.LAST_ASYNC_OPERATION)[:2] == ("False", "AsyncUpdateFailure")
    b.cloud.fail("delete", error=OperationFailed("the cloud said no to the delete", verb="apply"))
    b.kube.delete(b.res("VPC"), "v")
    b.wait_out_backoff("VPC", "v")
    b.reconcile("VPC", "v")
    b.drain()
    b.reconcile("VPC", "v")
    assert cond(b, conditions.LAST_ASYNC_OPERATION)[:2] == ("False", "AsyncDeleteFailure")
    assert (failures(registry, "create"), failures(registry, "update"), failures(registry, "delete")) == (0, 1, 1)
    assert [(op, err is None) for _, op, err in recorded.entries] == [
        ("create", True), ("update", False), ("delete", False)]
