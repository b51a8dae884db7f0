"""The local API server through the official client: the behaviour controllers depend on."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
import yaml
from kubernetes import client, watch

from tests.support.cluster import Cluster
from tests.support.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
GROUP, VERSION, PLURAL = "core.builtin.tfbridge.io", "v1alpha1", "datas"


@pytest.fixture
def api(cluster: Cluster) -> Any:
    api_client = cluster.api_client()
    crd = yaml.safe_load((ROOT / "providers/builtin/crds/core/core.builtin.tfbridge.io_datas.yaml").read_text())
    ext = client.ApiextensionsV1Api(api_client)
    try:
        ext.create_custom_resource_definition(crd)
    except client.ApiException as exc:
        if exc.status != 409:
            raise
    return api_client


def objects(api: Any) -> client.CustomObjectsApi:
    return client.CustomObjectsApi(api)


def data(name: str, **spec: Any) -> dict[str, Any]:
    return {"apiVersion": f"{GROUP}/{VERSION}", "kind": "Data", "metadata": {"name": name},
            "spec": {"forProvider": {"input": "x"}, **spec}}


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:6]}"


def test_discovery_serves_crd_groups(api: Any) -> None:
    groups = {g.name for g in client.ApisApi(api).get_api_versions().groups}
    assert {GROUP, "apiextensions.k8s.io", "coordination.k8s.io"} <= groups
    resources = client.CustomObjectsApi(api).api_client.call_api(
        f"/apis/{GROUP}/{VERSION}", "GET", response_type="object", auth_settings=["BearerToken"],
        _return_http_data_only=True)
    assert {"datas", "datas/status"} <= {r["name"] for r in resources["resources"]}


def test_create_sets_server_fields_and_defaults_and_prunes(api: Any) -> None:
    obj = objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, {**data(unique("d")), "extra": 1})
    meta = obj["metadata"]
    assert meta["uid"] and meta["creationTimestamp"] and meta["generation"] == 1 and int(meta["resourceVersion"]) > 0
    assert "extra" not in obj, "unknown fields are pruned"
    assert obj["spec"]["deletionPolicy"] == "Delete" and obj["spec"]["managementPolicies"] == ["*"]


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        pytest.param({"deletionPolicy": "Keep"}, "spec.deletionPolicy", id="BadEnum"),
        pytest.param({"managementPolicies": ["Observe", "Destroy"]}, "spec.managementPolicies[1]", id="BadItem"),
        pytest.param({"writeConnectionSecretToRef": {"name": "x"}}, "spec.writeConnectionSecretToRef.namespace",
                     id="MissingRequired"),
        pytest.param({"providerConfigRef": "default"}, "spec.providerConfigRef", id="WrongType"),
    ],
)
def test_invalid_objects_get_422_with_field_paths(api: Any, spec: dict[str, Any], field: str) -> None:
    with pytest.raises(client.ApiException) as err:
        objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(unique("bad"), **spec))
    assert err.value.status == 422
    assert field in {c["field"] for c in yaml.safe_load(err.value.body)["details"]["causes"]}


def test_conflicts(api: Any) -> None:
    name = unique("c")
    first = objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(name))
    with pytest.raises(client.ApiException) as exists:
        objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(name))
    assert exists.value.status == 409 and yaml.safe_load(exists.value.body)["reason"] == "AlreadyExists"
    objects(api).patch_cluster_custom_object(GROUP, VERSION, PLURAL, name, {"metadata": {"labels": {"a": "b"}}})
    with pytest.raises(client.ApiException) as stale:
        objects(api).replace_cluster_custom_object(GROUP, VERSION, PLURAL, name, first)
    assert stale.value.status == 409 and yaml.safe_load(stale.value.body)["reason"] == "Conflict"


def test_generation_tracks_spec_only_and_status_is_split(api: Any) -> None:
    name = unique("g")
    o = objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(name))
    o = objects(api).patch_cluster_custom_object(GROUP, VERSION, PLURAL, name, {
        "metadata": {"annotations": {"a": "1"}}, "status": {"atProvider": {"id": "ignored"}}})
    assert o["metadata"]["generation"] == 1 and "status" not in o, "main endpoint ignores status"
    o = objects(api).patch_cluster_custom_object_status(GROUP, VERSION, PLURAL, name, {
        "status": {"atProvider": {"id": "x"}}, "spec": {"forProvider": {"input": "ignored"}}})
    assert o["status"] == {"atProvider": {"id": "x"}} and o["spec"]["forProvider"]["input"] == "x"
    assert o["metadata"]["generation"] == 1
    spec = {"spec": {"forProvider": {"input": "y"}}}
    o = objects(api).patch_cluster_custom_object(GROUP, VERSION, PLURAL, name, spec)
    assert o["metadata"]["generation"] == 2


def test_json_patch(api: Any) -> None:
    name = unique("j")
    objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(name))
    raw = api.call_api(f"/apis/{GROUP}/{VERSION}/{PLURAL}/{name}", "PATCH", header_params={
        "Content-Type": "application/json-patch+json"}, body=[
        {"op": "add", "path": "/metadata/finalizers", "value": ["a", "b"]},
        {"op": "remove", "path": "/metadata/finalizers/0"}], response_type="object", auth_settings=["BearerToken"],
        _return_http_data_only=True)
    assert raw["metadata"]["finalizers"] == ["b"]


def test_finalizers_hold_deletion(api: Any) -> None:
    name = unique("f")
    objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, {**data(name), "metadata": {
        "name": name, "finalizers": ["keep"]}})
    deleting = objects(api).delete_cluster_custom_object(GROUP, VERSION, PLURAL, name)
    assert deleting["metadata"]["deletionTimestamp"]
    held = objects(api).get_cluster_custom_object(GROUP, VERSION, PLURAL, name)
    assert held["metadata"]["deletionTimestamp"]
    objects(api).patch_cluster_custom_object(GROUP, VERSION, PLURAL, name, {"metadata": {"finalizers": None}})
    with pytest.raises(client.ApiException) as gone:
        objects(api).get_cluster_custom_object(GROUP, VERSION, PLURAL, name)
    assert gone.value.status == 404


def test_owner_references_are_garbage_collected(api: Any) -> None:
    name = unique("owner")
    owner = objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(name))
    core = client.CoreV1Api(api)
    ref = client.V1OwnerReference(api_version=f"{GROUP}/{VERSION}", kind="Data", name=name,
                                  uid=owner["metadata"]["uid"], controller=True)
    core.create_namespaced_secret("default", client.V1Secret(metadata=client.V1ObjectMeta(
        name=f"{name}-conn", owner_references=[ref]), data={}))
    objects(api).delete_cluster_custom_object(GROUP, VERSION, PLURAL, name)

    def secret_gone() -> bool:
        try:
            core.read_namespaced_secret(f"{name}-conn", "default")
            return False
        except client.ApiException as exc:
            return exc.status == 404

    wait_for(secret_gone, timeout=30, what="the dependent secret to be collected")


def test_list_and_watch_with_selectors_and_bookmarks(api: Any) -> None:
    label = unique("w")
    listed = objects(api).list_cluster_custom_object(GROUP, VERSION, PLURAL, label_selector=f"batch={label}")
    start = listed["metadata"]["resourceVersion"]
    seen: list[tuple[str, str]] = []
    w = watch.Watch()

    def run() -> None:
        for e in w.stream(objects(api).list_cluster_custom_object, GROUP, VERSION, PLURAL,
                          label_selector=f"batch={label}", resource_version=start, timeout_seconds=20,
                          allow_watch_bookmarks=True):
            seen.append((e["type"], e["object"]["metadata"].get("name", "")))
            if len([s for s in seen if s[0] != "BOOKMARK"]) >= 2 and any(s[0] == "BOOKMARK" for s in seen):
                w.stop()

    t = threading.Thread(target=run)
    t.start()
    for name, labels in ((f"{label}-a", {"batch": label}), (f"{label}-b", {"batch": "other"}),
                         (f"{label}-c", {"batch": label})):
        objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, {
            **data(name), "metadata": {"name": name, "labels": labels}})
    t.join(30)
    assert [s for s in seen if s[0] != "BOOKMARK"] == [("ADDED", f"{label}-a"), ("ADDED", f"{label}-c")]
    assert any(s[0] == "BOOKMARK" for s in seen)
    names = {o["metadata"]["name"] for o in objects(api).list_cluster_custom_object(
        GROUP, VERSION, PLURAL, field_selector=f"metadata.name={label}-b")["items"]}
    assert names == {f"{label}-b"}


def test_too_old_resource_version_is_gone(cluster: Cluster, api: Any) -> None:
    server = cluster.require_local()
    objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(unique("old")))
    old = server.store.rv - 1
    server.store.compact()
    with pytest.raises(client.ApiException) as gone:
        list(watch.Watch().stream(objects(api).list_cluster_custom_object, GROUP, VERSION, PLURAL,
                                  resource_version=str(old), timeout_seconds=5))
    assert gone.value.status == 410, "the client turns the watch's ERROR event into 410 Gone"


def test_fault_injection_and_restart(cluster: Cluster, api: Any) -> None:
    server = cluster.require_local()
    server.set_faults({"conflict_every": {"patch datas": 2}, "errors": {"get datas": 1}})
    name = unique("fault")
    objects(api).create_cluster_custom_object(GROUP, VERSION, PLURAL, data(name))
    with pytest.raises(client.ApiException) as err:
        objects(api).get_cluster_custom_object(GROUP, VERSION, PLURAL, name)
    assert err.value.status == 500
    codes = []
    for i in range(4):
        try:
            label = {"metadata": {"labels": {"i": str(i)}}}
            objects(api).patch_cluster_custom_object(GROUP, VERSION, PLURAL, name, label)
            codes.append(200)
        except client.ApiException as exc:
            codes.append(exc.status)
    assert codes == [200, 409, 200, 409]
    server.set_faults({"conflict_every": {}, "errors": {}})
    server.restart()
    assert objects(api).get_cluster_custom_object(GROUP, VERSION, PLURAL, name)["metadata"]["labels"] == {"i": "2"}


def test_leases_and_events(api: Any) -> None:
    coord = client.CoordinationV1Api(api)
    name = unique("lease")
    lease = coord.create_namespaced_lease("default", client.V1Lease(metadata=client.V1ObjectMeta(name=name),
                                                                    spec=client.V1LeaseSpec(holder_identity="a")))
    lease.spec.holder_identity = "b"
    assert coord.replace_namespaced_lease(name, "default", lease).spec.holder_identity == "b"
    core = client.CoreV1Api(api)
    core.create_namespaced_event("default", client.CoreV1Event(
        metadata=client.V1ObjectMeta(generate_name="e-"), involved_object=client.V1ObjectReference(name=name),
        reason="Test", message="hello"))
    assert any(e.reason == "Test" for e in core.list_namespaced_event("default").items)


def test_a_cluster_scoped_kind_named_namespace_has_its_status_subresource(api: Any) -> None:
    """A kind whose plural is "namespaces" (quicksight's and s3tables' Namespace) is addressed as
    /apis/G/V/namespaces/{name}/status, the shape a namespaced path starts with."""
    group = "nsshape.tfbridge.io"
    crd = yaml.safe_load((ROOT / "providers/builtin/crds/core/core.builtin.tfbridge.io_datas.yaml").read_text())
    crd["metadata"] = {"name": f"namespaces.{group}"}
    crd["spec"]["group"] = group
    crd["spec"]["names"] = {"kind": "Namespace", "listKind": "NamespaceList", "plural": "namespaces",
                            "singular": "namespace"}
    crd["spec"]["scope"] = "Cluster"
    try:
        client.ApiextensionsV1Api(api).create_custom_resource_definition(crd)
    except client.ApiException as exc:
        if exc.status != 409:
            raise
    name = unique("n")
    body = {**data(name), "apiVersion": f"{group}/{VERSION}", "kind": "Namespace"}
    wait_for(lambda: _created(api, group, body), timeout=30, what=f"namespaces.{group} to serve")
    o = objects(api).patch_cluster_custom_object_status(group, VERSION, "namespaces", name, {
        "status": {"atProvider": {"id": "x"}}})
    assert o["status"] == {"atProvider": {"id": "x"}}
    assert objects(api).get_cluster_custom_object(group, VERSION, "namespaces", name)["status"] == o["status"]


def _created(api: Any, group: str, body: dict[str, Any]) -> bool:
    try:
        objects(api).create_cluster_custom_object(group, VERSION, "namespaces", body)
    except client.ApiException as exc:
        if exc.status == 404:
            return False  # not served yet
        raise
    return True
