"""tfbtest, the repository's protocol-6 provider plugin (testprovider/), as a provider author runs it: a
project made by `tfbridge init` and `tfbridge generate` with nothing special, then every resource type's
lifecycle through the runtime on both executors against the local API server, with the plugin's SQLite
store checked from the outside (one object per managed resource, nothing left after delete).

One provider run per executor serves every case: what it shares is the store and the API server, and each
step checks its own objects.
"""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api import registry
from bridge.api.managed import DESTROY_BEFORE_CREATE, EXTERNAL_NAME, PAUSED, REPLACE_POLICY
from bridge.kube import errors
from bridge.kube.client import CRDS, NAMESPACES, SECRETS, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from devrig.cloud import provider_config
from devserver.manifests import crd_manifests
from testprovider.store import Store
from tests.support import project, tfbtest
from tests.support.cluster import Cluster
from tests.support.objects import Objects
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
        made: tuple[Path, Path], cluster: Cluster, tmp_path: Path, terraform_bin: str) -> None:
    """`tfbridge run --provider tfbtest` from the installed project. The ProviderConfig's Secret gives the
    plugin's ``token`` as a provider-block argument: the direct executor (tfbtest_project, by the config)
    hands it to the provider in memory, and no workspace file holds it; the CLI executor (every other kind)
    refuses it, saying it reaches the provider only on the direct executor, as the credentials docs say."""
    root, mirror_dir = made
    env = project.install(root, tmp_path / "site")
    env.update(TFBRIDGE_PLUGIN_DIR=str(mirror_dir), TFBRIDGE_TERRAFORM=terraform_bin)
    for name in ("TFBRIDGE_PROVIDER", "TFBTEST_TOKEN", "TFBTEST_ENDPOINT", "TF_LOG"):
        env.pop(name, None)
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
    with log.open("ab") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tfbridge", "run", "--provider", "tfbtest", "--kubeconfig", str(cluster.kubeconfig),
             "--workspace-root", str(ws), "--health-port", "0", "--log-level", "info"],
            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=err)
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
        # takes the finalizer off an object that never reached the store.
        objects.patch("Volume", "v", {"metadata": {"finalizers": None}})
        objects.delete("Volume", "v")
        objects.wait_gone([("Project", "p"), ("Volume", "v")], "both deleted", timeout=180)
        assert store.count() == 0
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
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
