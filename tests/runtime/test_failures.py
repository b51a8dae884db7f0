"""A create that keeps failing, seen where an operator looks, through the manager with real terraform:
the provider's log, `tfbridge workspaces list`, the /metrics endpoint, the object's conditions, the
change-log service (--enable-changelogs) receiving each attempt, and `crossplane beta trace` of a
composite holding it (what trace reads, tests/support/trace.py)."""

from __future__ import annotations

import json
import logging
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridge.kube import errors
from bridge.kube.client import CRDS, Resource
from bridge.managed import conditions
from tests.support.changelogs import Listener, entry_of, remove, short_socket_dir
from tests.support.cluster import Cluster
from tests.support.packages import BUILTIN
from tests.support.running import Running
from tests.support.trace import COMPOSITION_RESOURCE_NAME, Row, trace
from tfbridge.cli import cli

pytestmark = pytest.mark.terraform

# terraform, but an apply of a configuration holding "refuse-me" fails as a cloud's refusal would.
REFUSING_TERRAFORM = """#!/bin/sh
if [ "$1" = "apply" ] && grep -q refuse-me main.tf.json 2>/dev/null; then
  echo "Error: creating the object: api error InvalidInput: refuse-me is not a valid input" >&2
  exit 1
fi
exec "{terraform}" "$@"
"""


@pytest.fixture
def socket_path() -> Iterator[Path]:
    short = short_socket_dir()
    yield short / "changelogs.sock"
    remove(short)


def test_a_failing_create_is_in_the_log_the_workspaces_list_the_metric_and_the_change_log(
        start_manager: Callable[..., Running], terraform_bin: str, tmp_path: Path, socket_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    wrapper = tmp_path / "refusing-terraform"
    wrapper.write_text(REFUSING_TERRAFORM.format(terraform=terraform_bin))
    wrapper.chmod(0o755)
    listener = Listener(socket_path)
    listener.server.start()
    try:
        with caplog.at_level(logging.WARNING, logger="bridge.managed.reconciler"):
            run = start_manager(BUILTIN, "builtin", terraform=str(wrapper), changelogs_socket=str(socket_path))
            run.apply("Data", "refused", {"input": "refuse-me"})
            run.wait(lambda: run.condition("Data", "refused", conditions.LAST_ASYNC_OPERATION).get("reason")
                     == "AsyncCreateFailure", "the failed create on the object")
            # The observes between its attempts succeed: the workspace's last operation is no failure.
            run.wait(lambda: [(r["last_operation"], r["failed_operation"]) for r in _rows(run)] == [
                ("observe", "create")], "an observe after the failed create")
            entries = [entry_of(r) for r in listener.wait(1)]
    finally:
        listener.server.stop(None)

    lines = [r for r in caplog.records if getattr(r, "operation", "") == "create" and r.levelno == logging.WARNING]
    assert lines, "no log line for the failed create"
    assert lines[0].object == "Data/refused"  # type: ignore[attr-defined]
    assert "InvalidInput: refuse-me is not a valid input" in lines[0].error  # type: ignore[attr-defined]

    (row,) = _rows(run)
    assert (row["mr"], row["last_result"], row["failed_operation"]) == ("Data/refused", "ok", "create")
    assert "refuse-me is not a valid input" in row["failed_error"] and row["last_failure"].startswith("create ")

    assert run.manager is not None
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{run.manager.health.port}/metrics", timeout=10).read()
    gvk = f"{BUILTIN.kinds[0].api_version}, Kind=Data"
    wanted = f'tfbridge_managed_operation_failures_total{{gvk="{gvk}",operation="create"}}'
    (sample,) = [line for line in metrics.decode().splitlines() if line.startswith(wanted)]
    assert float(sample.split()[-1]) >= 1

    message = run.condition("Data", "refused", conditions.LAST_ASYNC_OPERATION)["message"]
    assert message.startswith("async create failed: ") and "refuse-me is not a valid input" in message
    first = entries[0]
    assert (first["kind"], first["name"], first["operation"]) == ("Data", "refused", 1)
    assert "refuse-me is not a valid input" in first["error_message"]
    assert first["provider"] == f"tfbridge-provider-{BUILTIN.provider.name}:{BUILTIN.provider.version}"


def _rows(run: Running) -> list[dict[str, object]]:
    assert run.manager is not None
    root = run.manager.settings.executors.workspace_root
    result = CliRunner().invoke(cli, ["workspaces", "--workspace-root", str(root), "-o", "json", "list"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


XR_CRD = {
    "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
    "metadata": {"name": "xnetworks.example.org"},
    "spec": {"group": "example.org", "scope": "Cluster",
             "names": {"kind": "XNetwork", "listKind": "XNetworkList", "plural": "xnetworks", "singular": "xnetwork"},
             "versions": [{"name": "v1", "served": True, "storage": True, "subresources": {"status": {}},
                           "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                               "spec": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
                               "status": {"type": "object", "x-kubernetes-preserve-unknown-fields": True}}}}}]},
}


def test_crossplane_trace_shows_each_managed_resource_with_its_ready_synced_and_message(
        cluster: Cluster, start_manager: Callable[..., Running], terraform_bin: str, tmp_path: Path) -> None:
    wrapper = tmp_path / "refusing-terraform"
    wrapper.write_text(REFUSING_TERRAFORM.format(terraform=terraform_bin))
    wrapper.chmod(0o755)
    run = start_manager(BUILTIN, "builtin", terraform=str(wrapper))
    run.kube.create(CRDS, XR_CRD)
    for name, value in (("web", "fine"), ("db", "refuse-me")):
        run.apply("Data", name, {"input": value}, metadata={"annotations": {COMPOSITION_RESOURCE_NAME: name}})
    api_version = BUILTIN.kinds[0].api_version
    refs = [{"apiVersion": api_version, "kind": "Data", "name": n} for n in ("web", "db")]
    xr = Resource("example.org", "v1", "xnetworks", "XNetwork")

    def composite_created() -> bool:
        try:
            run.kube.create(xr, {"apiVersion": "example.org/v1", "kind": "XNetwork", "metadata": {"name": "net"},
                                 "spec": {"crossplane": {"resourceRefs": refs}}})
        except errors.NotFound:  # a real API server serves a new CRD a moment after it is created
            return False
        return True

    run.wait(composite_created, "the composite kind to be served")

    def rows() -> list[Row]:
        return trace(cluster.api_client(), "example.org/v1", "XNetwork", "net")

    run.wait(lambda: [(r.synced, r.ready) for r in rows()[1:]] == [("True", "True"), ("False", "False")],
             "web Ready and in sync, db failing", timeout=120)
    root, web, db = rows()
    assert root == Row("XNetwork/net", "", "-", "-", "")
    assert web == Row("  Data/web", "web", "True", "True", "Available")
    assert (db.name, db.resource) == ("  Data/db", "db")
    # The Synced condition's message, cut to its last 64 characters as the printer shows it.
    assert db.status.startswith("ReconcileError: ...") and db.status.endswith("s)"), db.status
    assert "refuse-me is not a valid input" in run.condition("Data", "db", "Synced")["message"]
