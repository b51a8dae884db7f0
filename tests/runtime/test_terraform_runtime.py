"""The runtime with the real terraform CLI and terraform_data, through the manager and `tfbridge run`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bridge.api.managed import CREATE_PENDING, CREATE_SUCCEEDED
from bridge.kube.client import HTTPKube
from bridge.managed.reconciler import INCOMPLETE
from bridge.workspace.store import WorkspaceStore
from tests.support.cluster import Cluster
from tests.support.packages import BUILTIN
from tests.support.running import Running, install
from tests.support.waiting import wait_for

pytestmark = pytest.mark.terraform


def test_lifecycle_through_the_manager(start_manager: Callable[..., Running], terraform_bin: str) -> None:
    run = start_manager(BUILTIN, "builtin", terraform=terraform_bin)
    run.apply("Data", "life", {"input": {"a": 1}})
    run.wait(lambda: run.ready("Data", "life"), "Ready")
    obj = run.get("Data", "life")
    assert obj["status"]["atProvider"]["output"] == {"a": 1}
    assert run.condition("Data", "life", "Synced")["reason"] == "ReconcileSuccess"
    run.kube.patch(run.res("Data"), "life", {"spec": {"forProvider": {"input": {"a": 2}}}})
    run.wait(lambda: (run.get("Data", "life").get("status") or {}).get("atProvider", {}).get("output") == {"a": 2},
          "the update to reach the state")
    run.kube.delete(run.res("Data"), "life")
    run.wait(lambda: run.gone("Data", "life"), "deletion")


SLOW_TERRAFORM = """#!/bin/sh
# terraform, but every apply first waits for a minute; it records that it started and whether it
# was interrupted, the way terraform handles SIGINT.
if [ "$1" = "apply" ]; then
  echo started > "{marker}.started"
  trap 'echo interrupted > "{marker}.interrupted"; exit 130' INT
  sleep 60 &
  wait $!
fi
exec "{terraform}" "$@"
"""


def test_sigterm_mid_operation(cluster: Cluster, tmp_path: Path, terraform_bin: str) -> None:
    marker = tmp_path / "apply"
    wrapper = tmp_path / "slow-terraform"
    wrapper.write_text(SLOW_TERRAFORM.format(marker=marker, terraform=terraform_bin))
    wrapper.chmod(0o755)
    kube = HTTPKube(cluster.api_client())
    install(kube, BUILTIN, "builtin")
    root = tmp_path / "ws"
    grace = 3.0
    proc = subprocess.Popen(
        [sys.executable, "-m", "tfbridge", "run", "--provider", "builtin", "--kubeconfig", str(cluster.kubeconfig),
         "--workspace-root", str(root), "--terraform", str(wrapper), "--health-port", "0", "--grace", str(grace),
         "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env={**os.environ, "TFBRIDGE_PLUGIN_DIR": ""})
    try:
        run = Running(kube, BUILTIN, None)
        run.apply("Data", "interrupted", {"input": "x"})
        wait_for(lambda: Path(f"{marker}.started").exists(), "terraform apply to start", timeout=60)
        assert run.condition("Data", "interrupted", "Ready").get("reason") == "Creating"
        stopped = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
        took = time.monotonic() - stopped
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        assert proc.stderr is not None
        proc.stderr.close()
    assert proc.returncode == 0
    assert grace <= took < grace + 40, f"waited the grace period, then stopped ({took:.1f}s)"
    assert Path(f"{marker}.interrupted").exists(), "terraform got SIGINT after the grace period"
    (ws,) = WorkspaceStore(root).all()
    assert not ws.locked() and not (ws.dir / ".terraform.tfstate.lock.info").exists()
    ann = run.get("Data", "interrupted")["metadata"]["annotations"]
    assert CREATE_PENDING in ann and CREATE_SUCCEEDED not in ann


def test_interrupted_create_is_not_repeated_blindly(start_manager: Callable[..., Running],
                                                    terraform_bin: str) -> None:
    run = start_manager(BUILTIN, "builtin", terraform=terraform_bin)
    k = run.res("Data")
    run.kube.create(k, {"apiVersion": BUILTIN.kinds[0].api_version, "kind": "Data", "metadata": {
        "name": "half", "annotations": {CREATE_PENDING: "2026-01-01T00:00:00Z"}}, "spec": {"forProvider": {}}})
    run.wait(lambda: INCOMPLETE in run.condition("Data", "half", "Synced").get("message", ""),
          "the incomplete-create stop")
    assert CREATE_SUCCEEDED not in run.get("Data", "half")["metadata"]["annotations"]
    assert not (run.get("Data", "half").get("status") or {}).get("atProvider")


def test_seed_002_twenty_references_under_conflicts_with_terraform(
        cluster: Cluster, start_manager: Callable[..., Running], terraform_bin: str) -> None:
    server = cluster.require_local()
    run = start_manager(BUILTIN, "builtin", terraform=terraform_bin, max_concurrent_reconciles=10)
    run.apply("Data", "shared", {"input": "base"})
    run.wait(lambda: run.ready("Data", "shared"), "the shared object")
    shared_id = run.get("Data", "shared")["status"]["atProvider"]["id"]
    server.set_faults({"conflict_every": {"update datas": 3}})
    for i in range(20):
        run.apply("Data", f"user-{i}", {"inputRef": {"name": "shared"}})

    def pins() -> int:
        fins = run.get("Data", "shared")["metadata"].get("finalizers") or []
        return len([f for f in fins if f.startswith("in-use.tfbridge.io/")])

    run.wait(lambda: pins() == 20 and all(run.ready("Data", f"user-{i}") for i in range(20)),
          "all 20 to resolve the reference and pin the shared object", timeout=180)
    assert server.faults.injected.get("409 update datas", 0) > 0
    assert {run.get("Data", f"user-{i}")["status"]["atProvider"]["output"] for i in range(20)} == {shared_id}
    server.set_faults({"conflict_every": {}})
    run.kube.delete(run.res("Data"), "shared")
    run.wait(lambda: "waiting for 20 referencing" in run.condition("Data", "shared", "Ready").get("message", ""),
          "the shared object to wait")
    for i in range(20):
        run.kube.delete(run.res("Data"), f"user-{i}")
    run.wait(lambda: run.gone("Data", "shared"), "the shared object to go after the last user", timeout=120)
