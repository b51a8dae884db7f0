"""Change log entries on the wire, as crossplane-runtime's change-log service receives them: a gRPC
listener on a Unix socket takes the raw bytes, which are read field by field against the service's
declared numbers (tests/support/changelogs.py)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.managed.changelogs import GRPCChangeLogs
from tests.support.changelogs import Listener, entry_of, remove, short_socket_dir

VPC = {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC",
       "metadata": {"name": "main", "annotations": {"crossplane.io/external-name": "vpc-0abc"}, "generation": 3},
       "spec": {"forProvider": {"cidrBlock": "10.0.0.0/16", "enableDnsSupport": True}}}


@pytest.fixture
def socket_path() -> Iterator[Path]:
    short = short_socket_dir()
    yield short / "changelogs.sock"
    remove(short)


def test_each_operation_is_one_entry_with_crossplane_runtimes_fields(socket_path: Path) -> None:
    listener = Listener(socket_path)
    listener.server.start()
    logs = GRPCChangeLogs(str(socket_path), "tfbridge-provider-aws:5.100.0", clock=lambda: 1767225600.25)
    try:
        logs.record(VPC, "create", None)
        logs.record(VPC, "delete", "api error DependencyViolation: the VPC has dependencies")
        first, second = (entry_of(r) for r in listener.wait(2))
    finally:
        logs.close()
        listener.server.stop(None)
    assert first["timestamp"] == {1: 1767225600, 2: 250000000}
    assert (first["provider"], first["api_version"], first["kind"], first["name"], first["external_name"]) == (
        "tfbridge-provider-aws:5.100.0", "ec2.aws.tfbridge.io/v1beta1", "VPC", "main", "vpc-0abc")
    assert first["operation"] == 1 and second["operation"] == 3, "OPERATION_TYPE_CREATE, OPERATION_TYPE_DELETE"
    assert "error_message" not in first, "an operation that succeeded sends no error field at all"
    assert second["error_message"] == "api error DependencyViolation: the VPC has dependencies"
    snapshot = first["snapshot"]
    assert snapshot["spec"]["forProvider"]["cidrBlock"] == "10.0.0.0/16"
    assert snapshot["spec"]["forProvider"]["enableDnsSupport"] is True
    assert snapshot["metadata"]["generation"] == 3.0, "numbers are a Struct's doubles"


def test_an_absent_service_holds_up_nothing(socket_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    logs = GRPCChangeLogs(str(socket_path), "tfbridge-provider-aws:5.100.0", send_timeout=0.5)
    try:
        started = time.monotonic()
        with caplog.at_level(logging.INFO, logger="bridge.managed.changelogs"):
            logs.record(VPC, "update", None)
            assert time.monotonic() - started < 0.2, "recording never waits for the service"
            assert logs.flush(10)
    finally:
        logs.close()
    assert any("cannot record change log entry" in r.getMessage() for r in caplog.records)
