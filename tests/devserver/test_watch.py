"""A watch with a label selector tells an object that stops matching as DELETED and one that starts
matching as ADDED, as kube-apiserver's watch cache does: a shard whose selector no longer takes an object
drops it from its cache, and the shard whose selector now takes it adds it."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
import yaml

from bridge.kube.client import CRDS, HTTPKube, Resource
from tests.support.cluster import Cluster

ROOT = Path(__file__).resolve().parents[2]
DATAS = Resource("core.builtin.tfbridge.io", "v1alpha1", "datas", "Data")


@pytest.fixture
def kube(cluster: Cluster) -> HTTPKube:
    kube = HTTPKube(cluster.api_client())
    crd = yaml.safe_load((ROOT / "providers/builtin/crds/core/core.builtin.tfbridge.io_datas.yaml").read_text())
    kube.create(CRDS, crd)
    return kube


@pytest.mark.parametrize(("selector", "before", "after", "told"), [
    pytest.param("shard=a", {"shard": "a"}, {"shard": "b"}, [("ADDED", "a"), ("DELETED", "b")],
                 id="LeavingSelectorSendsDeleted"),
    pytest.param("shard=a", {"shard": "b"}, {"shard": "a"}, [("ADDED", "a")], id="EnteringSelectorSendsAdded"),
    pytest.param("!shard", {}, {"shard": "a"}, [("ADDED", None), ("DELETED", "a")], id="NotExistsLeaving"),
    pytest.param("shard in (a,b)", {"shard": "a"}, {"shard": "b"}, [("ADDED", "a"), ("MODIFIED", "b")],
                 id="StillMatchingIsModified"),
])
def test_label_selector_watch_transitions(kube: HTTPKube, selector: str, before: dict[str, str],
                                          after: dict[str, str], told: list[tuple[str, str | None]]) -> None:
    name = f"w-{uuid.uuid4().hex[:6]}"
    _, rv = kube.list(DATAS)
    kube.create(DATAS, {"apiVersion": DATAS.api_version, "kind": "Data", "metadata": {"name": name, "labels": before},
                        "spec": {"forProvider": {"input": "x"}}})
    kube.patch(DATAS, name, {"metadata": {"labels": {"shard": after.get("shard")}}})
    marker = f"m-{uuid.uuid4().hex[:6]}"
    kube.create(DATAS, {"apiVersion": DATAS.api_version, "kind": "Data",
                        "metadata": {"name": marker, "labels": {"shard": "a"} if selector != "!shard" else {}},
                        "spec": {"forProvider": {"input": "x"}}})
    seen: list[tuple[str, str | None]] = []
    stop = threading.Event()
    for kind, obj in kube.watch(DATAS, rv, timeout=10, stop=stop, label_selector=selector):
        meta: dict[str, Any] = obj.get("metadata") or {}
        if meta.get("name") == marker:
            break
        if meta.get("name") == name:
            seen.append((kind, (meta.get("labels") or {}).get("shard")))
    assert seen == told
