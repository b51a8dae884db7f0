"""What the server says about itself: API groups and resources, and the OpenAPI documents.

Documents are built on first request and kept until the set of served kinds changes (a CRD is
created, changed or deleted).
"""

from __future__ import annotations

import threading
from typing import Any

from devserver import builtin, crds, documents, openapiv2
from devserver.errors import ApiError
from devserver.store import ResourceType, Store

Obj = dict[str, Any]
VERSION = {"major": "1", "minor": "32", "gitVersion": "v1.32.0-tfbridge", "platform": "linux/amd64"}
_VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"]
_BUILTINS = {(b.group, b.plural): b for b in builtin.BUILTINS}


class Discovery:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._cached_at = -1
        self._v2_json = b""
        self._v2_proto = b""
        self._v3: dict[str, bytes] = {}

    def _groups(self) -> dict[str, list[ResourceType]]:
        out: dict[str, list[ResourceType]] = {}
        for rt in self.store.all_types():
            out.setdefault(rt.group, []).append(rt)
        return out

    def group(self, name: str) -> Obj | None:
        types = self._groups().get(name)
        if not types:
            return None
        # As kube-apiserver orders them: the preferred version (GA before beta before alpha, the highest) first.
        versions = sorted({rt.version for rt in types}, key=crds.priority)
        gv = [{"groupVersion": f"{name}/{v}", "version": v} for v in versions]
        return {"kind": "APIGroup", "apiVersion": "v1", "name": name, "versions": gv, "preferredVersion": gv[0]}

    def group_list(self) -> Obj:
        groups = [g for name in sorted(self._groups()) if name and (g := self.group(name))]
        return {"kind": "APIGroupList", "apiVersion": "v1", "groups": groups}

    def resource_list(self, group: str, version: str) -> Obj:
        resources = []
        for rt in sorted(self._groups().get(group, []), key=lambda r: r.plural):
            if rt.version != version:
                continue
            resources.append({"name": rt.plural, "singularName": rt.singular, "namespaced": rt.namespaced,
                              "kind": rt.kind, "verbs": _VERBS, "shortNames": list(rt.short_names),
                              "categories": list(rt.categories)})
            if rt.status_subresource:
                resources.append({"name": f"{rt.plural}/status", "singularName": "", "namespaced": rt.namespaced,
                                  "kind": rt.kind, "verbs": ["get", "patch", "update"]})
        if not resources:
            raise ApiError(404, "NotFound", f"no resources in {group or 'core'}/{version}")
        gv = f"{group}/{version}" if group else version
        return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": gv, "resources": resources}

    # -- OpenAPI ---------------------------------------------------------------------------

    def _kinds(self) -> list[documents.Kind]:
        kinds = []
        for rt in self.store.all_types():
            b = _BUILTINS.get(rt.key)
            if b is not None and not rt.custom:
                kinds.append(documents.builtin_kind(b))
            else:
                kinds.append(documents.custom_kind(rt.group, rt.version, rt.plural, rt.kind, rt.namespaced,
                                                   rt.status_subresource, rt.schema))
        return kinds

    def _refresh(self) -> None:
        if self._cached_at == self.store.types_version:
            return
        version = str(VERSION["gitVersion"])
        kinds = self._kinds()
        v2 = documents.v2(kinds, version)
        self._v2_json, self._v2_proto = documents.encode(v2), openapiv2.document(v2)
        by_gv: dict[str, list[documents.Kind]] = {}
        for k in kinds:
            by_gv.setdefault(k.group_version, []).append(k)
        self._v3 = {gv: documents.encode(documents.v3(ks, version)) for gv, ks in sorted(by_gv.items())}
        self._cached_at = self.store.types_version

    def openapi_v2(self, *, protobuf: bool) -> bytes:
        with self._lock:
            self._refresh()
            return self._v2_proto if protobuf else self._v2_json

    def openapi_v3_index(self) -> Obj:
        with self._lock:
            self._refresh()
            return {"paths": {gv: {"serverRelativeURL": f"/openapi/v3/{gv}?hash={documents.digest(doc)}"}
                              for gv, doc in self._v3.items()}}

    def openapi_v3(self, group_version: str) -> bytes:
        with self._lock:
            self._refresh()
            doc = self._v3.get(group_version)
        if doc is None:
            raise ApiError(404, "NotFound", f"no OpenAPI v3 document for {group_version}")
        return doc
