"""``tfbridge workspaces`` over real workspaces made by the client with terraform_data."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.kube.client import CRDS, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from bridge.tfexec.backend import CLIBackend
from bridge.workspace.store import WorkspaceStore
from devrig.cloud import provider_config
from tests.support.cluster import Cluster
from tests.support.crds import package_crds
from tests.support.objects import Objects
from tests.support.packages import BUILTIN
from tfbridge.cli import cli
from tfbridge.workspaces import orphans

pytestmark = pytest.mark.terraform
KIND = BUILTIN.kinds[0]


@pytest.fixture
def root(builtin_executor: CLIBackend) -> Iterator[Path]:
    ex = builtin_executor
    c = ex.client(KIND, ProviderSetup(configuration={}))
    for name in ("alpha", "beta"):
        m = Managed({"apiVersion": KIND.api_version, "kind": "Data", "metadata": {"name": name, "uid": name},
                     "spec": {"forProvider": {"input": f"in-{name}"}}})
        c.create(m)
    yield ex.store.root


def invoke(root: Path, *args: str) -> Any:
    result = CliRunner().invoke(cli, ["workspaces", "--workspace-root", str(root), *args])
    return result


def test_list_json(root: Path) -> None:
    result = invoke(root, "-o", "json", "list")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [(r["mr"], r["state"], r["address"], r["last_operation"], r["last_result"]) for r in rows] == [
        ("Data/alpha", "yes", "terraform_data.this", "create", "ok"),
        ("Data/beta", "yes", "terraform_data.this", "create", "ok")]
    # The import check of each create is listed: a lost state of a workspace not marked "imported" stops.
    assert {r["import_check"] for r in rows} == {"imported"}


def test_list_marks_a_failed_import_check(root: Path) -> None:
    (alpha, _) = WorkspaceStore(root).all()
    alpha.update_meta(import_check="not found", import_id="alpha-id")
    rows = json.loads(invoke(root, "-o", "json", "list").output)
    assert [r["import_check"] for r in rows] == ["not found: alpha-id", "imported"]


def test_list_table(root: Path) -> None:
    result = invoke(root, "list")
    assert result.exit_code == 0 and "Data/alpha" in result.output and "LAST OPERATION" in result.output


def test_list_shows_the_last_failure_between_successful_observes(root: Path) -> None:
    (alpha, _) = WorkspaceStore(root).all()
    alpha.record(operation="create", result="error", error="api error InvalidInput: " + "x" * 300, executor="cli")
    alpha.record(operation="observe", result="ok", error="", executor="cli")
    rows = json.loads(invoke(root, "-o", "json", "list").output)
    assert (rows[0]["last_operation"], rows[0]["last_result"]) == ("observe", "ok")
    assert rows[0]["failed_operation"] == "create" and rows[0]["failed_error"].endswith("x" * 300)
    assert rows[0]["last_failure"].startswith("create 0s ago: api error InvalidInput: xxx")
    assert rows[1]["last_failure"] == "" and rows[1]["failed_at"] is None
    table = invoke(root, "list").output
    assert "FAILURE" in table and "InvalidInput" in table, table


def test_show_and_state(root: Path) -> None:
    shown = json.loads(invoke(root, "show", "data/alpha").output)
    assert shown["config"]["resource"]["terraform_data"]["this"]["input"] == "in-alpha"
    assert shown["resources"][0]["address"] == "terraform_data.this" and not shown["resources"][0]["tainted"]
    state = json.loads(invoke(root, "state", "Data/beta").output)
    assert state["resources"][0]["instances"][0]["attributes"]["output"]["value"] == "in-beta"


def test_unknown_mr_is_a_clear_error(root: Path) -> None:
    result = invoke(root, "show", "Data/nope")
    assert result.exit_code == 1 and "no workspace for 'Data/nope'" in result.output


def test_plan_is_a_dry_run(root: Path, terraform_bin: str, monkeypatch: pytest.MonkeyPatch, cluster: Cluster) -> None:
    monkeypatch.setenv("TFBRIDGE_TERRAFORM", terraform_bin)
    kube = HTTPKube(cluster.api_client())
    for crd in package_crds(BUILTIN, "builtin"):
        kube.create(CRDS, crd)
    kube.create(ConfigResources.of(BUILTIN).configs, provider_config(BUILTIN.provider.root_group, secret=None))
    Objects(kube, BUILTIN).apply("Data", "alpha", {"input": "in-alpha"})
    before = (root / next(p.name for p in root.iterdir() if p.name.startswith("data-alpha")) / "terraform.tfstate"
              ).read_bytes()
    result = invoke(root, "plan", "Data/alpha", "--kubeconfig", str(cluster.kubeconfig), "--provider", "builtin")
    assert result.exit_code == 0, result.output
    assert "No changes" in result.output
    after = (root / next(p.name for p in root.iterdir() if p.name.startswith("data-alpha")) / "terraform.tfstate"
             ).read_bytes()
    assert before == after


def test_plan_of_an_object_the_cluster_does_not_hold_runs_nothing(root: Path, cluster: Cluster) -> None:
    result = invoke(root, "plan", "Data/alpha", "--kubeconfig", str(cluster.kubeconfig), "--provider", "builtin")
    assert result.exit_code == 1 and "Data/alpha: cannot read it from the cluster" in result.output


def test_import_refuses_when_state_exists(root: Path) -> None:
    result = invoke(root, "import", "Data/alpha", "some-id")
    assert result.exit_code == 1 and "already holds terraform_data.this" in result.output


HOLD = """
import sys, time, filelock
lock = filelock.FileLock(sys.argv[1]); lock.acquire()
print("held", flush=True); time.sleep(60)
"""


def test_unlock_only_clears_a_dead_holder(root: Path) -> None:
    ws_dir = next(p for p in root.iterdir() if p.name.startswith("data-alpha"))
    (ws_dir / ".tfbridge-holder.json").write_text('{"pid": 4242, "operation": "apply", "since": 0}')
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(ws_dir / ".tfbridge.lock")], stdout=subprocess.PIPE)
    assert holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == b"held"
        refused = invoke(root, "unlock", "Data/alpha")
        assert refused.exit_code == 1 and "locked by a live process (apply, pid 4242)" in refused.output
        listed = json.loads(invoke(root, "-o", "json", "list").output)
        assert [r["lock_holder"] for r in listed] == ["apply pid 4242", ""]
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
    cleared = invoke(root, "unlock", "Data/alpha")
    assert cleared.exit_code == 0 and "stale lock cleared" in cleared.output


def test_gc_finds_workspaces_of_deleted_objects(root: Path) -> None:
    store = WorkspaceStore(root)
    gone = orphans(store, lambda meta: meta.name == "alpha")
    assert [ws.meta().name for ws in gone] == ["beta"]


def test_gc_without_a_cluster_is_a_clear_error(root: Path) -> None:
    result = invoke(root, "gc", "--kubeconfig", str(root / "missing-kubeconfig"))
    assert result.exit_code == 1 and "gc needs the cluster" in result.output
