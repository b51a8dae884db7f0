"""Objects stored at an older version are written again at the storage version and the CRD's storedVersions
set to it alone: then, and only then, the API server (the local one, over HTTP) accepts a CRD that no longer
serves the old version."""

from __future__ import annotations

import copy
import functools
import logging
from typing import Any

import pytest

from bridge.kube import errors
from bridge.kube.client import CRDS, HTTPKube, Resource
from bridge.kube.storagemigration import StorageMigrator, migrate, pending
from tests.support.cluster import Cluster
from tests.support.waiting import wait_for

GROUP, PLURAL, KIND = "widgets.example.io", "widgets", "Widget"
NAME = f"{PLURAL}.{GROUP}"


def _crd(versions: dict[str, bool]) -> dict[str, Any]:
    """A CRD serving ``versions`` (name → whether it is the storage version)."""
    schema = {"openAPIV3Schema": {"type": "object", "properties": {
        "spec": {"type": "object", "x-kubernetes-preserve-unknown-fields": True}}}}
    return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": NAME},
            "spec": {"group": GROUP, "scope": "Cluster",
                     "names": {"plural": PLURAL, "singular": "widget", "kind": KIND, "listKind": "WidgetList"},
                     "versions": [{"name": v, "served": True, "storage": s, "schema": schema}
                                  for v, s in versions.items()]}}


def _upgraded(kube: HTTPKube, versions: dict[str, bool]) -> dict[str, Any]:
    crd = _crd(versions)
    crd["metadata"]["resourceVersion"] = kube.get(CRDS, NAME)["metadata"]["resourceVersion"]
    return kube.update(CRDS, crd)


def _stored(cluster: Cluster) -> dict[str, str]:
    objects = cluster.require_local().store.objects[(GROUP, PLURAL)]
    return {name: obj["apiVersion"] for (_, name), obj in objects.items()}


def _stored_at_v1_listed_at_v2(cluster: Cluster) -> HTTPKube:
    """Two widgets written while v1 was the storage version; then v2 became it."""
    kube = HTTPKube(cluster.api_client())
    kube.create(CRDS, _crd({"v1": True}))
    v1 = Resource(GROUP, "v1", PLURAL, KIND)
    for name in ("a", "b"):
        wait_for(functools.partial(_try_create, kube, v1, name), f"widget {name} created", 10)
    assert _upgraded(kube, {"v1": False, "v2": True})["status"]["storedVersions"] == ["v1", "v2"]
    assert _stored(cluster) == {"a": f"{GROUP}/v1", "b": f"{GROUP}/v1"}
    return kube


def _try_create(kube: HTTPKube, res: Resource, name: str) -> bool:
    try:
        kube.create(res, {"apiVersion": res.api_version, "kind": KIND, "metadata": {"name": name},
                          "spec": {"size": len(name)}})
    except errors.NotFound:  # the kind is served a moment after its CRD is created
        return False
    return True


def test_a_version_is_dropped_only_after_its_objects_are_migrated(cluster: Cluster,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    kube = _stored_at_v1_listed_at_v2(cluster)
    with pytest.raises(errors.Invalid, match="storedVersions"):
        _upgraded(kube, {"v2": True})
    crd = kube.get(CRDS, NAME)
    assert pending(crd) == ["v1"]
    caplog.set_level(logging.INFO, logger="bridge.kube.storagemigration")
    assert migrate(kube, crd) == 2
    assert _stored(cluster) == {"a": f"{GROUP}/v2", "b": f"{GROUP}/v2"}
    after = kube.get(CRDS, NAME)
    assert after["status"]["storedVersions"] == ["v2"] and pending(after) == []
    (line,) = [r for r in caplog.records if r.getMessage() == "stored objects migrated to the storage version"]
    assert (line.crd, line.version, line.objects, line.dropped) == (NAME, "v2", 2, ["v1"])  # type: ignore[attr-defined]
    v2 = Resource(GROUP, "v2", PLURAL, KIND)
    assert kube.get(v2, "a")["spec"] == {"size": 1}, "the object is what it was"
    assert _upgraded(kube, {"v2": True})["spec"]["versions"][0]["name"] == "v2"


def test_the_migrator_takes_a_crd_offered_with_versions_to_migrate(cluster: Cluster) -> None:
    kube = _stored_at_v1_listed_at_v2(cluster)
    migrator = StorageMigrator(kube, retry=0.5)
    try:
        current = copy.deepcopy(kube.get(CRDS, NAME))
        migrator.offer({**current, "status": {**current["status"], "storedVersions": ["v2"]}})
        assert migrator.migrated == {}, "nothing to do for a CRD stored at its storage version only"
        migrator.offer(current)
        wait_for(lambda: migrator.migrated.get(NAME) == 2, f"the migration of {NAME}: {migrator.migrated}", 20)
        assert kube.get(CRDS, NAME)["status"]["storedVersions"] == ["v2"]
    finally:
        migrator.stop()
