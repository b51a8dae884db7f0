"""Field ownership and server-side apply on the store, case by case, as kube-apiserver answers them."""

from __future__ import annotations

from typing import Any

import pytest

from devserver import fieldmanager
from devserver.errors import ApiError
from devserver.store import CRD_KEY, ResourceType, Store

GROUP = "test.tfbridge.io"
SCHEMA = {"type": "object", "properties": {
    "spec": {"type": "object", "properties": {
        "size": {"type": "integer"},
        "color": {"type": "string"},
        "tags": {"type": "object", "additionalProperties": {"type": "string"}},
        "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
                  "items": {"type": "object", "properties": {"name": {"type": "string"},
                                                             "port": {"type": "integer"}}}},
        "zones": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
        "args": {"type": "array", "items": {"type": "string"}},
    }},
    "status": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
}}


@pytest.fixture
def store() -> tuple[Store, ResourceType]:
    s = Store()
    s.create(s.types[CRD_KEY], "", {
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": f"widgets.{GROUP}"},
        "spec": {"group": GROUP, "scope": "Cluster", "names": {"plural": "widgets", "kind": "Widget"},
                 "versions": [{"name": "v1", "served": True, "storage": True, "subresources": {"status": {}},
                               "schema": {"openAPIV3Schema": SCHEMA}}]}})
    return s, s.find(GROUP, "v1", "widgets")


def widget(**spec: Any) -> dict[str, Any]:
    return {"apiVersion": f"{GROUP}/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": spec}


def owners(obj: dict[str, Any]) -> dict[tuple[str, str], set[fieldmanager.Path]]:
    return {(e.manager, e.operation): e.members for e in fieldmanager.decode(obj["metadata"]["managedFields"])}


def test_fields_v1_round_trips_with_dot_entries_for_maps_and_list_items() -> None:
    obj = widget(size=1, tags={"a": "1"}, ports=[{"name": "http", "port": 80}], zones=["z1"], args=["x"])
    members = set(fieldmanager.fields(obj, SCHEMA, scope="main"))
    encoded = fieldmanager.to_fields_v1(members)
    assert encoded == {"f:spec": {
        "f:args": {}, "f:ports": {'k:{"name":"http"}': {".": {}, "f:name": {}, "f:port": {}}},
        "f:size": {}, "f:tags": {".": {}, "f:a": {}}, "f:zones": {'v:"z1"': {}}}}
    assert fieldmanager.from_fields_v1(encoded) == members


def test_create_and_update_give_their_manager_what_it_changed(store: tuple[Store, ResourceType]) -> None:
    s, rt = store
    s.create(rt, "", widget(size=1, color="red"), manager="creator")
    obj = s.get(rt, "", "w")
    obj["spec"]["size"] = 2
    obj = s.update(rt, "", "w", obj, manager="scaler")
    got = owners(obj)
    assert got[("creator", "Update")] == {("f:spec", "f:color")}
    assert got[("scaler", "Update")] == {("f:spec", "f:size")}


def test_status_writes_are_owned_under_the_status_subresource(store: tuple[Store, ResourceType]) -> None:
    s, rt = store
    s.create(rt, "", widget(size=1), manager="creator")
    obj = s.update(rt, "", "w", {**s.get(rt, "", "w"), "status": {"ready": True}}, subresource="status",
                   manager="controller")
    (entry,) = [e for e in obj["metadata"]["managedFields"] if e["manager"] == "controller"]
    assert entry["subresource"] == "status" and entry["fieldsV1"] == {"f:status": {"f:ready": {}}}


@pytest.mark.parametrize(
    ("first", "second", "force", "want_spec", "conflict"),
    [
        pytest.param({"size": 1}, {"size": 1}, False, {"size": 1}, "", id="SameValueIsShared"),
        pytest.param({"size": 1}, {"size": 2}, False, None, ".spec.size", id="DifferentValueConflicts"),
        pytest.param({"size": 1}, {"size": 2}, True, {"size": 2}, "", id="ForceTakesOver"),
        pytest.param({"tags": {"a": "1"}}, {"tags": {"b": "2"}}, False, {"tags": {"a": "1", "b": "2"}}, "",
                     id="MapKeysMerge"),
        pytest.param({"ports": [{"name": "http", "port": 80}]}, {"ports": [{"name": "grpc", "port": 9090}]}, False,
                     {"ports": [{"name": "http", "port": 80}, {"name": "grpc", "port": 9090}]}, "",
                     id="MapListItemsMergeByKey"),
        pytest.param({"ports": [{"name": "http", "port": 80}]}, {"ports": [{"name": "http", "port": 8080}]}, False,
                     None, '.spec.ports[{"name":"http"}].port', id="MapListItemFieldConflicts"),
        pytest.param({"zones": ["a"]}, {"zones": ["b"]}, False, {"zones": ["a", "b"]}, "", id="SetsUnion"),
        pytest.param({"args": ["a"]}, {"args": ["b"]}, False, None, ".spec.args", id="AtomicListConflicts"),
    ],
)
def test_two_appliers(store: tuple[Store, ResourceType], first: dict[str, Any], second: dict[str, Any], force: bool,
                      want_spec: dict[str, Any] | None, conflict: str) -> None:
    s, rt = store
    _, created = s.apply(rt, "", "w", widget(**first), manager="one", force=False)
    assert created
    if conflict:
        with pytest.raises(ApiError) as err:
            s.apply(rt, "", "w", widget(**second), manager="two", force=force)
        assert err.value.code == 409 and err.value.reason == "Conflict"
        assert [c["field"] for c in err.value.causes] == [conflict]
        assert err.value.causes[0]["reason"] == "FieldManagerConflict"
        assert 'conflict with "one"' in err.value.message
        return
    obj, created = s.apply(rt, "", "w", widget(**second), manager="two", force=force)
    assert not created and obj["spec"] == want_spec
    if force:
        assert ("f:spec", "f:size") not in owners(obj).get(("one", "Apply"), set())


def test_an_applier_that_stops_applying_a_field_removes_it_unless_another_owns_it(
        store: tuple[Store, ResourceType]) -> None:
    s, rt = store
    s.apply(rt, "", "w", widget(size=1, color="red", tags={"a": "1"}), manager="one", force=False)
    s.apply(rt, "", "w", widget(color="red"), manager="two", force=False)
    obj, _ = s.apply(rt, "", "w", widget(size=1), manager="one", force=False)
    assert obj["spec"] == {"size": 1, "color": "red"}, "tags go (only one owned them); color stays (two owns it)"


def test_an_update_takes_a_field_from_its_applier(store: tuple[Store, ResourceType]) -> None:
    s, rt = store
    s.apply(rt, "", "w", widget(size=1), manager="gitops", force=False)
    obj = s.get(rt, "", "w")
    obj["spec"]["size"] = 5
    s.update(rt, "", "w", obj, manager="autoscaler")
    with pytest.raises(ApiError) as err:
        s.apply(rt, "", "w", widget(size=1), manager="gitops", force=False)
    assert err.value.code == 409 and 'conflict with "autoscaler"' in err.value.message


def test_a_client_may_rewrite_or_clear_managed_fields(store: tuple[Store, ResourceType]) -> None:
    s, rt = store
    s.create(rt, "", widget(size=1), manager="creator")
    obj = s.get(rt, "", "w")
    obj["metadata"]["managedFields"] = [{}]
    assert "managedFields" not in s.update(rt, "", "w", obj, manager="cleaner")["metadata"]
    obj = s.get(rt, "", "w")
    obj["metadata"]["managedFields"] = [{"manager": "kubectl", "operation": "Apply", "apiVersion": f"{GROUP}/v1",
                                         "fieldsType": "FieldsV1", "fieldsV1": {"f:spec": {"f:size": {}}}}]
    assert owners(s.update(rt, "", "w", obj, manager="migrator")) == {("kubectl", "Apply"): {("f:spec", "f:size")}}


def test_apply_needs_the_name_of_the_url(store: tuple[Store, ResourceType]) -> None:
    s, rt = store
    with pytest.raises(ApiError) as err:
        s.apply(rt, "", "other", widget(size=1), manager="one", force=False)
    assert err.value.code == 400
