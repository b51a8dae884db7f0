"""tfbtest, the repository's protocol-6 provider plugin (testprovider/), as a provider author runs it: a
project made by `tfbridge init` and `tfbridge generate` with nothing special, installed and run by name; every
resource type's lifecycle through the runtime on both executors against the local API server; the CLI and
direct executors observing the same objects alike; and seed 000's restart, node move and restore. The plugin's
SQLite store is checked from the outside (one object per managed resource, nothing left after delete).

One provider run per executor serves every case of a test: what they share is the store and the API server,
and each step checks its own objects.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api import registry
from bridge.api.external import ProviderSetup
from bridge.api.managed import DESTROY_BEFORE_CREATE, EXTERNAL_NAME, PAUSED, REPLACE_POLICY, Managed
from bridge.kube import errors
from bridge.kube.client import CRDS, NAMESPACES, SECRETS, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from bridge.settings import ExecutorSettings
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from bridge.workspace.store import WorkspaceStore
from devrig.cloud import provider_config
from devserver.manifests import crd_manifests
from testprovider.store import Store
from tests.support import project, tfbtest
from tests.support.cluster import Cluster
from tests.support.executors import mr
from tests.support.objects import Objects
from tests.support.processes import kill_tree
from tests.support.running import Running

pytestmark = [pytest.mark.terraform, pytest.mark.timeout(900)]

# An Item's nested attributes of every nesting, as its CRD takes them (the sensitive members aside).
ITEM = {"value": "v1", "spec": {"size": 1, "color": "red"},
        "ports": [{"number": 80}, {"number": 443, "protocol": "tcp"}],
        "rules": [{"cidr": "10.0.0.0/8", "action": "allow"}], "endpoints": {"a": {"url": "http://a"}}}
ITEM_CHANGED = {**ITEM, "value": "v2", "ports": [*ITEM["ports"], {"number": 53, "protocol": "udp"}]}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, terraform_bin: str) -> tuple[Path, Path]:
    """The tfbtest plugin in a mirror, and a provider project `tfbridge init` made for it from that mirror
    (its schema asked of the plugin by terraform), its config edited as an author would, and generated."""
    base = tmp_path_factory.mktemp("tfbtest-project")
    mirror_dir = base / "mirror"
    tfbtest.plugin(base)
    root = project.provider_project(base / "provider-tfbtest", mirror_dir, terraform_bin)
    return root, mirror_dir


@pytest.fixture(scope="module")
def installed(made: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory,
              terraform_bin: str) -> dict[str, str]:
    """The project installed as a distribution of its own: the environment of a process that sees it
    (and the plugin mirror), with nothing of tfbtest's store or token."""
    root, mirror_dir = made
    env = project.install(root, tmp_path_factory.mktemp("tfbtest-site"))
    env.update(TFBRIDGE_PLUGIN_DIR=str(mirror_dir), TFBRIDGE_TERRAFORM=terraform_bin)
    for name in ("TFBRIDGE_PROVIDER", "TFBRIDGE_EXECUTOR", "TFBTEST_TOKEN", "TFBTEST_ENDPOINT", "TF_LOG"):
        env.pop(name, None)
    return env


def run_by_name(cluster: Cluster, env: dict[str, str], root: Path, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    """``tfbridge run --provider tfbtest`` from a directory outside this repository: only the installed
    distribution finds the provider."""
    with log.open("ab") as err:
        return subprocess.Popen(
            [sys.executable, "-m", "tfbridge", "run", "--provider", "tfbtest", "--kubeconfig", str(cluster.kubeconfig),
             "--workspace-root", str(root), "--health-port", "0", "--poll", "600", "--log-level", "info", *extra],
            cwd=log.parent, env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)


def kill(proc: subprocess.Popen[bytes]) -> None:
    """As a node kills a pod: the provider, its terraform runs and its plugins."""
    if proc.poll() is None:
        kill_tree(proc.pid)
        proc.wait(30)


def test_the_generated_project_is_tfbtests_own(made: tuple[Path, Path]) -> None:
    root, _ = made
    package = registry.load(f"{root}/")
    assert sorted(k.config.tf_type for k in package.kinds if not k.namespaced) == [
        "tfbtest_attachment", "tfbtest_item", "tfbtest_project", "tfbtest_volume"]
    item = package.by_type("tfbtest_item")
    crd = next(d for d in crd_manifests(root / "crds" / "tfbtest") if d["spec"]["names"]["kind"] == "Item"
               and d["spec"]["scope"] == "Cluster")
    for_provider = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"][
        "forProvider"]["properties"]
    # Protocol 6's nested attributes become CRD fields of each nesting: an object, a list and a set of
    # objects, a map of objects.
    assert for_provider["spec"]["type"] == "object" and {"size", "color"} <= set(for_provider["spec"]["properties"])
    assert for_provider["ports"]["type"] == "array" and for_provider["ports"]["items"]["type"] == "object"
    assert for_provider["rules"]["type"] == "array"
    assert for_provider["endpoints"]["type"] == "object"
    assert for_provider["endpoints"]["additionalProperties"]["properties"]["url"]["type"] == "string"
    assert item.config.tf_type == "tfbtest_item"
    creds = package.provider.credentials
    assert dict(creds.arguments) == {"token": "token"}, "the config's credentials are the generic mechanism's"


def _provider_crds(kube: HTTPKube, root: Path) -> None:
    for group in ("config", "tfbtest"):
        for doc in crd_manifests(root / "crds" / group):
            kube.create(CRDS, doc)
    with contextlib.suppress(errors.Conflict):
        kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "crossplane-system"}})


def test_an_installed_tfbtest_project_runs_by_name_with_its_token_from_a_secret(
        made: tuple[Path, Path], installed: dict[str, str], cluster: Cluster, tmp_path: Path) -> None:
    """`tfbridge run --provider tfbtest` from the installed project. The ProviderConfig's Secret gives the
    plugin's ``token`` as a provider-block argument: the direct executor (tfbtest_project, by the config)
    hands it to the provider in memory, and no workspace file holds it; the CLI executor (every other kind)
    refuses it, saying it reaches the provider only on the direct executor, as the credentials docs say."""
    root, _ = made
    package = registry.load(f"{root}/")
    store = tfbtest.store(tmp_path)
    kube = HTTPKube(cluster.api_client())
    _provider_crds(kube, root)
    kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                          "metadata": {"name": "tfbtest", "namespace": "crossplane-system"},
                          "data": {"token": base64.b64encode(tfbtest.TOKEN.encode()).decode()}})
    config = provider_config(package.provider.root_group, secret=None, configuration={"endpoint": str(store.path)})
    config["spec"]["credentials"] = {"source": "Secret", "secretRef": {"namespace": "crossplane-system",
                                                                       "name": "tfbtest"}}
    kube.create(ConfigResources.of(package).configs, config)

    log = tmp_path / "provider.log"
    ws = tmp_path / "ws"
    proc = run_by_name(cluster, installed, ws, log)
    try:
        objects = Objects(kube, package, log=log)
        objects.apply("Project", "p", {"name": "one"})
        objects.apply("Volume", "v", {"name": "disk", "size": 1, "createSeconds": 0})
        objects.wait_ready([("Project", "p")], "the Project (direct executor) Ready", timeout=180)
        assert list(store.objects("tfbtest_project")) == ["one"]

        def refused() -> str:
            message = str(objects.condition("Volume", "v", "Synced").get("message", ""))
            return message if "reach the provider only on the direct executor" in message else ""

        message = objects.wait(refused, "the Volume (CLI executor) refused with the Secret's token", timeout=120)
        assert "(token)" in str(message) and tfbtest.TOKEN not in str(message)
        assert store.count("tfbtest_volume") == 0
        written = [p for p in ws.rglob("*") if p.is_file() and tfbtest.TOKEN.encode() in p.read_bytes()]
        assert written == [], "the token reaches the provider in memory, never a workspace file"
        assert tfbtest.TOKEN not in log.read_text(errors="replace")
        objects.delete("Project", "p")
        # A refused ProviderConfig blocks the delete too (nothing can be deleted without it): the operator
        # takes the finalizer off an object that never reached the store, once it is being deleted (a
        # reconcile could add it again before that).
        objects.delete("Volume", "v")

        def released() -> bool:
            with contextlib.suppress(errors.NotFound):
                objects.patch("Volume", "v", {"metadata": {"finalizers": None}})
            return objects.gone("Volume", "v")

        objects.wait(released, "the Volume released by its finalizer's removal", timeout=60)
        objects.wait_gone([("Project", "p")], "the Project deleted", timeout=180)
        assert store.count() == 0
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            kill(proc)
    assert proc.returncode == 0, log.read_text()[-3000:]


# -- the lifecycle of every resource type, on both executors ------------------------------------------

def _status_text(run: Running, kind: str, name: str) -> str:
    return json.dumps(run.get(kind, name).get("status") or {})


def _at(run: Running, kind: str, name: str) -> dict[str, Any]:
    return dict((run.get(kind, name).get("status") or {}).get("atProvider") or {})


def _revision(store: Store, tf_type: str, object_id: str) -> int:
    found = store.revision(tf_type, object_id)
    assert found is not None, f"{tf_type} {object_id} is not in the store"
    return found[1]


@pytest.mark.parametrize("executor", ["cli", "direct"])
def test_every_tfbtest_resource_through_the_runtime(
        executor: str, made: tuple[Path, Path], start_manager: Callable[..., Running], tmp_path: Path,
        terraform_bin: str, monkeypatch: pytest.MonkeyPatch) -> None:
    root, mirror_dir = made
    package = registry.load(f"{root}/")
    store = tfbtest.store(tmp_path)
    # The default ProviderConfig has no credentials (source None): the provider's own environment gives the
    # store and its token, as a pod's environment would.
    monkeypatch.setenv("TFBTEST_ENDPOINT", str(store.path))
    monkeypatch.setenv("TFBTEST_TOKEN", tfbtest.TOKEN)
    settings: dict[str, Any] = {"terraform": terraform_bin, "plugin_dir": mirror_dir, "executor": executor,
                                "poll": 600.0, "workspace_root": tmp_path / "ws"}
    run = start_manager(package, str(root), **settings)
    connection = {"writeConnectionSecretToRef": {"name": "project-p", "namespace": "crossplane-system"}}

    # 1. create → Ready; every reference resolved; the async create shows Creating first.
    run.apply("Project", "p", {"name": "one", "description": "first", "settings": [{"retentionDays": 7}]},
              **connection)
    run.apply("Item", "i", {"projectRef": {"name": "p"}, "name": "one", **ITEM})
    run.apply("Volume", "v", {"name": "disk", "size": 1, "createSeconds": 0})
    run.apply("Attachment", "a", {"projectRef": {"name": "p"}, "volumeIdRef": {"name": "v"}})
    run.apply("Volume", "slow", {"name": "slow", "size": 1, "createSeconds": 10})

    def slow_creating() -> bool:
        in_store = [o["status"] for o in store.objects("tfbtest_volume").values() if o["name"] == "slow"]
        return in_store == ["creating"] and run.condition("Volume", "slow", "Ready").get("reason") == "Creating"

    run.wait(slow_creating, "the slow Volume creating in the store and Creating in its conditions", timeout=120)
    objects = [("Project", "p"), ("Item", "i"), ("Volume", "v"), ("Attachment", "a"), ("Volume", "slow")]
    run.wait_ready(objects, "every tfbtest object Ready and Synced", timeout=300, synced=True)
    ext = {(k, n): run.get(k, n)["metadata"]["annotations"][EXTERNAL_NAME] for k, n in objects}
    assert ext[("Project", "p")] == "one" and ext[("Item", "i")] == "one/one", "the composite ID"
    assert {tf: store.count(tf) for tf in ("tfbtest_project", "tfbtest_item", "tfbtest_volume",
                                           "tfbtest_attachment")} == {
        "tfbtest_project": 1, "tfbtest_item": 1, "tfbtest_volume": 2, "tfbtest_attachment": 1}
    assert [o["status"] for o in store.objects("tfbtest_volume").values()] == ["available", "available"]
    # Ready is set by an observe: each found no diff, since nothing was written to the store after its create.
    first = {"p": _revision(store, "tfbtest_project", "one"), "i": _revision(store, "tfbtest_item", "one/one")}
    assert run.get("Project", "p")["spec"]["forProvider"]["tier"] == "standard", "late-initialized"
    api_key = store.objects("tfbtest_project")["one"]["api_key"]
    assert api_key.startswith("pk_")
    secret = run.kube.get(SECRETS, "project-p", "crossplane-system")
    assert base64.b64decode(secret["data"]["attribute.api_key"]).decode() == api_key
    assert api_key not in _status_text(run, "Project", "p"), "the sensitive api_key never in status"
    # The nested attributes: CRD field → spec → plan → state → atProvider, the same on either executor.
    port80, port443 = (p["id"] for p in store.objects("tfbtest_item")["one/one"]["ports"])
    assert port80.startswith("port-") and port443.startswith("port-"), "computed at apply"
    at = _at(run, "Item", "i")
    assert {k: at.get(k) for k in ITEM} == {**ITEM, "ports": [{"number": 80, "id": port80},
                                                              {"number": 443, "protocol": "tcp", "id": port443}]}

    # 2. update in place.
    run.patch("Project", "p", {"spec": {"forProvider": {"description": "second"}}})
    run.patch("Item", "i", {"spec": {"forProvider": ITEM_CHANGED}})
    run.patch("Attachment", "a", {"spec": {"forProvider": {"readOnly": True}}})
    run.wait(lambda: _at(run, "Project", "p").get("description") == "second"
             and len(_at(run, "Item", "i").get("ports") or []) == 3 and _at(run, "Attachment", "a").get("readOnly"),
             "the updates in atProvider", timeout=180)
    assert store.objects("tfbtest_project")["one"]["description"] == "second"
    assert _revision(store, "tfbtest_project", "one") == first["p"] + 1, "updated in place, not replaced"
    assert _revision(store, "tfbtest_item", "one/one") == first["i"] + 1
    assert store.objects("tfbtest_attachment")[ext[("Attachment", "a")]]["read_only"] is True

    # tfbtest_attachment has no importer: its import check says so at once, and what a lost workspace means.
    importable = run.condition("Attachment", "a", "Importable")
    assert importable.get("status") == "False" and "does not support import" in importable.get("message", "")
    assert "instead of importing or creating it" in importable["message"]
    assert run.condition("Project", "p", "Importable").get("status") != "False"

    # 3. a replacing change: refused without the object's consent (the object unchanged), made with it.
    run.patch("Project", "p", {"spec": {"forProvider": {"name": "renamed"}}})

    def refused() -> str:
        synced = run.condition("Project", "p", "Synced")
        message = str(synced.get("message", ""))
        return message if synced.get("status") == "False" and (
            REPLACE_POLICY in message or "prevent_destroy" in message) else ""

    run.wait(refused, "the Project's replacement refused", timeout=120)
    assert list(store.objects("tfbtest_project")) == ["one"]
    run.patch("Project", "p", {"spec": {"forProvider": {"name": "one"}}})
    run.patch("Item", "i", {"metadata": {"annotations": {REPLACE_POLICY: DESTROY_BEFORE_CREATE}},
                            "spec": {"forProvider": {"name": "two"}}})
    run.wait(lambda: run.get("Item", "i")["metadata"]["annotations"][EXTERNAL_NAME] == "one/two"
             and run.ready("Item", "i"), "the Item replaced", timeout=180)
    assert list(store.objects("tfbtest_item")) == ["one/two"]
    ext[("Item", "i")] = "one/two"

    # The attachment is deleted while its workspace holds its state (without one it could not be).
    run.kube.delete(run.res("Attachment"), "a")
    run.wait_gone([("Attachment", "a")], "the Attachment deleted", timeout=180)
    assert store.count("tfbtest_attachment") == 0
    objects = [o for o in objects if o[0] != "Attachment"]
    run.wait_ready(objects, "every object Ready and Synced after the replacement", timeout=120, synced=True)

    # 4. the workspaces lost: each object found again by its external name, no second one made.
    for k, n in objects:
        run.patch(k, n, {"metadata": {"annotations": {PAUSED: "true"}}})
    run.stop()
    shutil.rmtree(tmp_path / "ws")
    for k, n in objects:
        obj = run.get(k, n)
        obj["status"] = {}
        run.kube.update_status(run.res(k), obj)
    run = start_manager(package, str(root), **settings)
    for k, n in objects:
        run.patch(k, n, {"metadata": {"annotations": {PAUSED: None}}})
    run.wait_ready(objects, "every object Ready again after its workspace was lost", timeout=300, synced=True)
    assert {o: run.get(*o)["metadata"]["annotations"][EXTERNAL_NAME] for o in objects} == {o: ext[o] for o in objects}
    assert {tf: store.count(tf) for tf in ("tfbtest_project", "tfbtest_item", "tfbtest_volume")} == {
        "tfbtest_project": 1, "tfbtest_item": 1, "tfbtest_volume": 2}, "no duplicates"
    stored_ports = [{k: v for k, v in p.items() if v is not None}
                    for p in store.objects("tfbtest_item")["one/two"]["ports"]]
    assert _at(run, "Item", "i")["ports"] == stored_ports != [], "the nested state read back by the import"
    assert api_key not in _status_text(run, "Project", "p")

    # 5. delete → gone, from the API server and from the store.
    for k, n in reversed(objects):
        run.kube.delete(run.res(k), n)
    run.wait_gone(objects, "every object deleted", timeout=300)
    assert store.count() == 0, "nothing left in the store"


# -- the CLI and direct executors agree -----------------------------------------------------------------

def test_cli_and_direct_agree_on_every_tfbtest_kind(made: tuple[Path, Path], tmp_path: Path,
                                                    terraform_bin: str) -> None:
    """Each kind made once (by the direct executor) and observed by both over one workspace root, as made and
    with a change in place: the same existence, diff decision, external name, atProvider (nested attributes
    of every nesting) and connection details."""
    root, mirror_dir = made
    package = registry.load(f"{root}/")
    store = tfbtest.store(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "TFBTEST_"))}
    settings = ExecutorSettings(workspace_root=tmp_path / "ws", terraform=terraform_bin, plugin_dir=mirror_dir,
                                base_env=env, interrupt_grace=20, import_check_timeout=120.0)
    cli = CLIBackend(settings, package.provider)
    direct = DirectBackend(settings, package.provider, binary=lambda: cli.plugins.binary(package.provider),
                           store=cli.store)
    setup = ProviderSetup(configuration={"endpoint": str(store.path)}, credentials_env={"TFBTEST_TOKEN": tfbtest.TOKEN})
    problems: list[str] = []
    made_objects: list[tuple[Any, Managed]] = []
    try:
        def make(tf_type: str, name: str, spec: dict[str, Any]) -> Managed:
            kind = package.by_type(tf_type)
            m = mr(tf_type, name, spec, package=package)
            m.set_external_name(direct.client(kind, setup).create(m).external_name)
            made_objects.append((kind, m))
            return m

        volume = make("tfbtest_volume", "v", {"name": "disk", "size": 1, "createSeconds": 0})
        project = make("tfbtest_project", "p", {"name": "one", "description": "first",
                                                "settings": [{"retentionDays": 7}]})
        item = make("tfbtest_item", "i", {"project": "one", "name": "one", **ITEM})
        attachment = make("tfbtest_attachment", "a", {"project": "one", "volumeId": volume.external_name})
        cases: list[tuple[str, Managed, dict[str, Any]]] = [
            ("tfbtest_project", project, {"description": "second"}), ("tfbtest_item", item, ITEM_CHANGED),
            ("tfbtest_volume", volume, {"labels": {"team": "b"}}),
            ("tfbtest_attachment", attachment, {"readOnly": True})]
        for tf_type, m, change in cases:
            kind = package.by_type(tf_type)
            changed = Managed(copy.deepcopy(m.obj))
            changed.for_provider.update(change)
            for what, obj in (("as made", m), ("changed", changed)):
                a, b = cli.client(kind, setup).observe(obj), direct.client(kind, setup).observe(obj)
                for field in ("exists", "up_to_date", "external_name", "at_provider", "diff", "connection_details"):
                    if getattr(a, field) != getattr(b, field):
                        problems.append(f"{kind.kind} {what}: {field}: CLI {getattr(a, field)!r} != "
                                        f"direct {getattr(b, field)!r}")
                assert a.exists and a.up_to_date is (what == "as made"), f"{kind.kind} {what}: {a.diff}"
        seen = cli.client(package.by_type("tfbtest_item"), setup).observe(item)
        assert seen.at_provider["endpoints"] == ITEM["endpoints"] and len(seen.at_provider["ports"]) == 2
    finally:
        for kind, m in reversed(made_objects):
            direct.client(kind, setup).delete(m)
        direct.shutdown()
        cli.shutdown()
    assert problems == [], "\n".join(problems)
    assert store.count() == 0


# -- seed 000's restart scenario ----------------------------------------------------------------------

DROPPED = ("uid", "resourceVersion", "creationTimestamp", "generation", "ownerReferences", "managedFields",
           "deletionTimestamp", "deletionGracePeriodSeconds", "selfLink")


def _backup(obj: dict[str, Any]) -> dict[str, Any]:
    """``obj`` as Velero saves it: no status, no server-set metadata."""
    out = {k: v for k, v in obj.items() if k != "status"}
    out["metadata"] = {k: v for k, v in obj["metadata"].items() if k not in DROPPED}
    return out


@pytest.mark.parametrize("executor", ["cli", "direct"])
def test_tfbtest_seed_000_restart_node_move_and_restore(
        executor: str, made: tuple[Path, Path], installed: dict[str, str], cluster: Cluster, tmp_path: Path,
        providers: list[subprocess.Popen[bytes]]) -> None:
    """Seed 000 on tfbtest, run by name from the installed project: three times every workspace is lost (a
    provider restart on a wiped root, a standby on a root of its own taking the Lease, a backup and restore
    of the objects without status), and every object is imported by its external name (the composite ID of
    an Item), never made again: the store holds the same objects, each at the revision it had."""
    root, _ = made
    package = registry.load(f"{root}/")
    store = tfbtest.store(tmp_path)
    kube = HTTPKube(cluster.api_client())
    _provider_crds(kube, root)
    kube.create(ConfigResources.of(package).configs, provider_config(
        package.provider.root_group, secret=None, configuration={"endpoint": str(store.path)}))
    env = {**installed, "TFBTEST_TOKEN": tfbtest.TOKEN}  # source None: the pod's own environment
    log = tmp_path / "provider.log"
    lease = ("--executor", executor, "--leader-election", "--lease-duration", "8", "--renew-deadline", "6",
             "--retry-period", "1", "--namespace", "crossplane-system")
    node_a, node_b, node_c = tmp_path / "node-a", tmp_path / "node-b", tmp_path / "node-c"
    objects_ = Objects(kube, package, log=log)

    def start(at: Path) -> None:
        providers.append(run_by_name(cluster, env, at, log, *lease))

    start(node_a)
    for n in ("a", "b"):
        objects_.apply("Project", f"p-{n}", {"name": f"seed-{n}", "description": "seed 000"},
                       writeConnectionSecretToRef={"name": f"p-{n}", "namespace": "crossplane-system"})
        objects_.apply("Item", f"i-{n}", {"projectRef": {"name": f"p-{n}"}, "name": "item", **ITEM})
    objects_.apply("Volume", "v", {"name": "seed", "size": 1, "createSeconds": 0})
    objects = [("Project", "p-a"), ("Project", "p-b"), ("Item", "i-a"), ("Item", "i-b"), ("Volume", "v")]
    objects_.wait_ready(objects, "every object Ready", timeout=300)
    names = {o: objects_.get(*o)["metadata"]["annotations"][EXTERNAL_NAME] for o in objects}
    assert names[("Item", "i-a")] == "seed-a/item"
    types = ("tfbtest_project", "tfbtest_item", "tfbtest_volume")

    def stored() -> dict[str, dict[str, int]]:
        return {t: {i: _revision(store, t, i) for i in store.objects(t)} for t in types}

    before = stored()
    assert [len(v) for v in before.values()] == [2, 2, 1]
    keys = {n: kube.get(SECRETS, f"p-{n}", "crossplane-system")["data"]["attribute.api_key"] for n in ("a", "b")}

    def same_as_before(phase: str, ready: list[tuple[str, str]]) -> None:
        objects_.wait_ready(ready, f"{phase}: every object Ready and Synced again", timeout=300, synced=True)
        assert {o: objects_.get(*o)["metadata"]["annotations"][EXTERNAL_NAME] for o in objects} == names, phase
        assert stored() == before, f"{phase}: the same objects in the store, none written again"

    def imported_into(at: Path) -> Callable[[], bool]:
        def check() -> bool:
            return at.exists() and len([ws for ws in WorkspaceStore(at).all() if ws.state_path.exists()
                                        and ws.meta().last_operation == "observe"
                                        and ws.meta().last_result == "ok"]) >= len(objects)
        return check

    # 1. The provider restarts on its wiped root.
    kill(providers[0])
    shutil.rmtree(node_a)
    start(node_a)
    objects_.wait(imported_into(node_a), "restart: every object imported", timeout=300)
    same_as_before("restart", objects)

    # 2. A standby on a root of its own takes the Lease when the leader dies.
    start(node_b)
    kill(providers[1])
    shutil.rmtree(node_a)
    objects_.wait(imported_into(node_b), "node move: every object imported", timeout=300)
    same_as_before("node move", objects)

    # 3. Backup, wipe, restore.
    kill(providers[2])
    shutil.rmtree(node_b)
    saved = [_backup(objects_.get(*o)) for o in objects]
    saved_secrets = [_backup(kube.get(SECRETS, f"p-{n}", "crossplane-system")) for n in ("a", "b")]
    for k, n in objects:
        objects_.patch(k, n, {"metadata": {"finalizers": None}})
        objects_.delete(k, n)
    for secret in saved_secrets:
        with contextlib.suppress(errors.NotFound):
            kube.delete(SECRETS, secret["metadata"]["name"], "crossplane-system")
    objects_.wait_gone(objects, "the wipe")
    for secret in saved_secrets:
        kube.create(SECRETS, secret, namespace="crossplane-system")
    for obj in saved:
        objects_.create(obj)
    start(node_c)
    objects_.wait(imported_into(node_c), "restore: every object imported", timeout=300)
    same_as_before("restore", objects)
    assert {n: kube.get(SECRETS, f"p-{n}", "crossplane-system")["data"]["attribute.api_key"]
            for n in ("a", "b")} == keys, "the restored connection Secrets keep the api keys"

    for k, n in reversed(objects):
        objects_.delete(k, n)
    objects_.wait_gone(objects, "deletion", timeout=300)
    assert store.count() == 0
