"""The Terraform client against the real CLI with the built-in terraform_data (no plugin, ~0.1 s a run)."""

from __future__ import annotations

import concurrent.futures
import json
from typing import Any

import pytest

from bridge.api.errors import InvalidSpec, StateCorrupted
from bridge.api.external import ProviderSetup
from bridge.api.managed import RECONCILE_REQUESTED, Managed
from bridge.tfexec.backend import CLIBackend
from bridge.workspace.client import WorkspaceClient
from tests.support.packages import BUILTIN

pytestmark = pytest.mark.terraform
KIND = BUILTIN.kinds[0]


@pytest.fixture
def executor(builtin_executor: CLIBackend) -> CLIBackend:
    return builtin_executor


def data(name: str, for_provider: dict[str, Any], init: dict[str, Any] | None = None, uid: str = "uid-1") -> Managed:
    spec: dict[str, Any] = {"forProvider": for_provider}
    if init is not None:
        spec["initProvider"] = init
    return Managed({"apiVersion": KIND.api_version, "kind": "Data", "metadata": {"name": name, "uid": uid},
                    "spec": spec})


def client(executor: CLIBackend) -> WorkspaceClient:
    return executor.client(KIND, ProviderSetup(configuration={}))


def test_lifecycle(executor: CLIBackend) -> None:
    c = client(executor)
    mr = data("life", {"input": {"a": 1}})
    assert not c.observe(mr).exists
    created = c.create(mr)
    mr.set_external_name(created.external_name)
    seen = c.observe(mr)
    assert (seen.exists, seen.up_to_date, seen.external_name) == (True, True, created.external_name)
    assert seen.at_provider["output"] == {"a": 1}
    mr.for_provider["input"] = {"a": 2}
    drift = c.observe(mr)
    assert (drift.exists, drift.up_to_date, drift.diff) == (True, False, "update: input")
    c.update(mr)
    assert c.observe(mr).at_provider["output"] == {"a": 2}
    c.delete(mr)
    assert not executor.store.get(mr.api_version, mr.kind, mr.name).dir.exists()


def test_template_syntax_reaches_the_provider_literally(executor: CLIBackend) -> None:
    c = client(executor)
    literal = '${file("/etc/hostname")} and %{ if true }x%{ endif }'
    mr = data("inject", {"input": literal})
    mr.set_external_name(c.create(mr).external_name)
    assert c.observe(mr).at_provider["output"] == literal
    ws = executor.store.get(mr.api_version, mr.kind, mr.name)
    state = json.loads(ws.state_path.read_text())
    assert state["resources"][0]["instances"][0]["attributes"]["output"]["value"] == literal


def test_init_provider_is_used_at_create_only(executor: CLIBackend) -> None:
    c = client(executor)
    mr = data("init", {}, init={"input": "first"})
    mr.set_external_name(c.create(mr).external_name)
    assert c.observe(mr).at_provider["output"] == "first"
    mr.spec["initProvider"] = {"input": "second"}
    seen = c.observe(mr)
    assert seen.up_to_date, "initProvider changes are ignored after create"
    body = json.loads((executor.store.get(mr.api_version, mr.kind, mr.name).dir / "main.tf.json").read_text())
    assert body["resource"]["terraform_data"]["this"]["lifecycle"]["ignore_changes"] == ["input"]


def test_init_provider_is_merged_and_ignored_below_the_top(executor: CLIBackend) -> None:
    """An object in both sections: initProvider's attribute joins forProvider's, and only that attribute
    is ignored after create, by Terraform itself (the ``ignore_changes`` traversal reaches it)."""
    c = client(executor)
    mr = data("deep", {"input": {"env": "prod"}}, init={"input": {"team": "a"}})
    mr.set_external_name(c.create(mr).external_name)
    assert c.observe(mr).at_provider["output"] == {"env": "prod", "team": "a"}
    mr.spec["initProvider"] = {"input": {"team": "b"}}
    assert c.observe(mr).up_to_date, "an initProvider key is ignored after create"
    body = json.loads((executor.store.get(mr.api_version, mr.kind, mr.name).dir / "main.tf.json").read_text())
    assert body["resource"]["terraform_data"]["this"]["lifecycle"]["ignore_changes"] == ["input.team"]
    mr.for_provider["input"] = {"env": "dev"}
    seen = c.observe(mr)
    assert not seen.up_to_date, "forProvider's own keys are still managed"


def test_drift_is_summarised_per_argument(executor: CLIBackend) -> None:
    c = client(executor)
    mr = data("drift", {"input": "x"})
    mr.set_external_name(c.create(mr).external_name)
    assert c.observe(mr).drift == ""
    mr.for_provider["input"] = "y"
    seen = c.observe(mr)
    # terraform_data's input is dynamically typed: its state value carries its type beside it.
    assert not seen.up_to_date and seen.drift.startswith('input: spec "y", cloud ') and '"x"' in seen.drift


def test_invalid_spec_names_the_field(executor: CLIBackend) -> None:
    mr = data("bad", {"input": 1, "notAField": True})
    with pytest.raises(InvalidSpec, match=r"Data/bad: spec.forProvider.notAField: unknown field"):
        client(executor).observe(mr)


def test_corrupted_state_is_reported_kept_and_recovered(executor: CLIBackend) -> None:
    c = client(executor)
    mr = data("corrupt", {"input": "x"})
    mr.set_external_name(c.create(mr).external_name)
    ws = executor.store.get(mr.api_version, mr.kind, mr.name)
    ws.state_path.write_text("{ this is not a state")
    with pytest.raises(StateCorrupted, match=r"terraform\.tfstate: not JSON"):
        c.observe(mr)
    kept = [p for p in ws.dir.iterdir() if p.name.startswith("terraform.tfstate.corrupt-")]
    assert [p.read_text() for p in kept] == ["{ this is not a state"]
    again = c.observe(mr)
    assert again.exists and again.recovered == ("import",) and again.external_name == mr.external_name


def test_state_of_another_object_with_the_same_name_is_set_aside(executor: CLIBackend) -> None:
    c = client(executor)
    old = data("reused", {"input": "old"}, uid="uid-old")
    c.create(old)
    new = data("reused", {"input": "new"}, uid="uid-new")
    assert not c.observe(new).exists, "no external name: the old object's state must not be adopted"
    ws = executor.store.get(new.api_version, new.kind, new.name)
    assert [p.name for p in ws.dir.iterdir() if p.name.startswith("terraform.tfstate.uid-uid-old")]


def test_eight_workspaces_at_once(executor: CLIBackend) -> None:
    c = client(executor)
    mrs = [data(f"par-{i}", {"input": i}) for i in range(8)]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        created = list(pool.map(c.create, mrs))
    assert len({cr.external_name for cr in created}) == 8
    for mr, cr in zip(mrs, created, strict=True):
        mr.set_external_name(cr.external_name)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        assert all(o.exists and o.up_to_date for o in pool.map(c.observe, mrs))


def test_a_workspace_written_before_the_metadata_was_typed_is_observed(executor: CLIBackend) -> None:
    c = client(executor)
    mr = data("old", {"input": "x"}, uid="uid-old-format")
    mr.set_external_name(c.create(mr).external_name)
    ws = executor.store.get(mr.api_version, mr.kind, mr.name)
    # As the untyped version wrote it: only the keys it had set (no executor yet), indent 1, sorted.
    old = {"apiVersion": KIND.api_version, "address": "terraform_data.this", "fresh_state": None, "kind": "Data",
           "last_error": "", "last_operation": "create", "last_result": "ok", "name": "old", "namespace": "",
           "sensitive_arguments": [], "sensitive_provider_arguments": [], "uid": "uid-old-format"}
    (ws.dir / ".tfbridge-meta.json").write_text(json.dumps(old, indent=1, sort_keys=True))
    seen = c.observe(mr)
    assert (seen.exists, seen.up_to_date, seen.recovered) == (True, True, ()), "the state is ours: no import"
    assert seen.at_provider["output"] == "x"
    meta = json.loads((ws.dir / ".tfbridge-meta.json").read_text())
    assert {k: meta[k] for k in old if k != "last_operation"} == {k: v for k, v in old.items() if k != "last_operation"}
    assert (meta["last_operation"], meta["executor"]) == ("observe", "cli")


@pytest.mark.parametrize(
    ("requested", "runs"),
    [pytest.param(None, 0, id="ScheduledTrustsTheApply"),
     pytest.param("2026-01-01T00:00:00Z", 1, id="RequestedRefreshes")],
)
def test_a_requested_reconcile_reads_the_cloud(executor: CLIBackend, requested: str | None, runs: int) -> None:
    """Right after our own apply, a poll we scheduled trusts its state; a reconcile someone asked for
    (``crossplane.io/reconcile-requested-at`` not yet handled) runs terraform to read the cloud."""
    c = client(executor)
    mr = data("asked", {"input": "x"})
    mr.set_external_name(c.create(mr).external_name)
    if requested is not None:
        mr.set_annotations({RECONCILE_REQUESTED: requested})
    before = sum(executor.stats().terraform_runs.values())
    assert c.observe(mr).up_to_date
    assert sum(executor.stats().terraform_runs.values()) - before == runs
