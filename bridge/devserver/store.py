"""The API server's object store: what etcd plus the generic registry do for a real one.

One global, monotonic resourceVersion; uid and creationTimestamp on create; ``generation`` bumped
only when something other than metadata and status changes; 409 on an existing name or a stale
resourceVersion; finalizers hold a deleted object (with ``deletionTimestamp``) until the last one
is removed; owners take their dependents with them (ownerReference garbage collection); a bounded
event history serves watches, and a watch from before it gets 410 Gone.
"""

from __future__ import annotations

import collections
import copy
import dataclasses
import itertools
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from bridge.devserver import openapi

Obj = dict[str, Any]
TypeKey = tuple[str, str]  # (group, plural)


class ApiError(Exception):
    def __init__(self, code: int, reason: str, message: str, *, causes: list[dict[str, str]] | None = None,
                 kind: str = "", name: str = "", group: str = "") -> None:
        super().__init__(message)
        self.code, self.reason, self.message = code, reason, message
        self.causes, self.kind, self.name, self.group = causes or [], kind, name, group

    def status(self) -> Obj:
        details: Obj = {"name": self.name, "group": self.group, "kind": self.kind}
        if self.causes:
            details["causes"] = self.causes
        return {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure", "message": self.message,
                "reason": self.reason, "details": details, "code": self.code}


@dataclasses.dataclass
class ResourceType:
    group: str
    version: str
    plural: str
    kind: str
    namespaced: bool
    schema: Obj | None = None
    status_subresource: bool = False
    short_names: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()

    @property
    def key(self) -> TypeKey:
        return (self.group, self.plural)

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    @property
    def singular(self) -> str:
        return self.kind.lower()


@dataclasses.dataclass(frozen=True)
class Event:
    rv: int
    key: TypeKey
    type: str  # ADDED, MODIFIED, DELETED
    obj: Obj


BUILTIN = [
    ResourceType("", "v1", "namespaces", "Namespace", False, short_names=("ns",)),
    ResourceType("", "v1", "secrets", "Secret", True),
    ResourceType("", "v1", "configmaps", "ConfigMap", True, short_names=("cm",)),
    ResourceType("", "v1", "events", "Event", True, short_names=("ev",)),
    ResourceType("", "v1", "serviceaccounts", "ServiceAccount", True, short_names=("sa",)),
    ResourceType("coordination.k8s.io", "v1", "leases", "Lease", True),
    ResourceType("apiextensions.k8s.io", "v1", "customresourcedefinitions", "CustomResourceDefinition", False,
                 short_names=("crd", "crds"), status_subresource=True),
]
CRD_KEY = ("apiextensions.k8s.io", "customresourcedefinitions")


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _body(obj: Obj) -> Obj:
    """What ``generation`` tracks: everything but metadata and status."""
    return {k: v for k, v in obj.items() if k not in ("metadata", "status", "apiVersion", "kind")}


def _without_rv(obj: Obj) -> Obj:
    return {**obj, "metadata": {k: v for k, v in obj["metadata"].items() if k != "resourceVersion"}}


class Store:
    def __init__(self, *, history: int = 10000) -> None:
        self.cond = threading.Condition()
        self.rv = 1
        self.types: dict[TypeKey, ResourceType] = {}
        self.objects: dict[TypeKey, dict[tuple[str, str], Obj]] = {}
        self.history: collections.deque[Event] = collections.deque(maxlen=history)
        self.compacted_rv = 0
        for rt in BUILTIN:
            self.register(rt)
        for ns in ("default", "kube-system", "kube-public"):
            self.create(self.types[("", "namespaces")], "", {"apiVersion": "v1", "kind": "Namespace",
                                                               "metadata": {"name": ns}})

    # -- types ------------------------------------------------------------------------------

    def register(self, rt: ResourceType) -> None:
        with self.cond:
            self.types[rt.key] = rt
            self.objects.setdefault(rt.key, {})

    def find(self, group: str, version: str, plural: str) -> ResourceType:
        rt = self.types.get((group, plural))
        if rt is None or rt.version != version:
            raise ApiError(404, "NotFound", f"the server could not find the requested resource "
                                            f"({group or 'core'}/{version} {plural})")
        return rt

    def _crd_type(self, crd: Obj) -> ResourceType:
        spec = crd.get("spec") or {}
        names = spec.get("names") or {}
        versions = spec.get("versions") or []
        version = next((v for v in versions if v.get("storage")), versions[0] if versions else {})
        return ResourceType(
            group=spec.get("group", ""), version=version.get("name", "v1"), plural=names.get("plural", ""),
            kind=names.get("kind", ""), namespaced=spec.get("scope") == "Namespaced",
            schema=(version.get("schema") or {}).get("openAPIV3Schema"),
            status_subresource="status" in (version.get("subresources") or {}),
            short_names=tuple(names.get("shortNames") or ()), categories=tuple(names.get("categories") or ()))

    # -- reads ------------------------------------------------------------------------------

    def get(self, rt: ResourceType, ns: str, name: str) -> Obj:
        with self.cond:
            obj = self.objects[rt.key].get((ns, name))
            if obj is None:
                raise ApiError(404, "NotFound", f'{rt.plural}.{rt.group or "core"} "{name}" not found',
                               kind=rt.plural, name=name, group=rt.group)
            return copy.deepcopy(obj)

    def list_objects(self, rt: ResourceType, ns: str | None, match: Callable[[Obj], bool]) -> tuple[list[Obj], int]:
        with self.cond:
            items = [copy.deepcopy(o) for (ons, _), o in sorted(self.objects[rt.key].items())
                     if (ns is None or ons == ns) and match(o)]
            return items, self.rv

    def events_after(self, rv: int) -> list[Event]:
        """Events newer than ``rv``; 410 if the history no longer reaches back that far."""
        if rv < self.compacted_rv or (self.history and rv < self.history[0].rv - 1 and
                                      len(self.history) == self.history.maxlen):
            raise ApiError(410, "Expired", f"too old resource version: {rv} ({self.compacted_rv})")
        if not self.history or rv >= self.history[-1].rv:
            return []
        # Every commit appends one event, so resourceVersions in the history are contiguous.
        start = max(0, rv - self.history[0].rv + 1)
        return list(itertools.islice(self.history, start, None))

    def compact(self) -> None:
        """Forget the event history, as etcd compaction does: older watches get 410 Gone."""
        with self.cond:
            self.history.clear()
            self.compacted_rv = self.rv

    def wait(self, rv: int, timeout: float) -> None:
        with self.cond:
            self.cond.wait_for(lambda: self.rv > rv, timeout=timeout)

    # -- writes -----------------------------------------------------------------------------

    def _commit(self, rt: ResourceType, obj: Obj, event: str) -> Obj:
        self.rv += 1
        obj["metadata"]["resourceVersion"] = str(self.rv)
        meta = obj["metadata"]
        key = (meta.get("namespace", ""), meta["name"])
        if event == "DELETED":
            self.objects[rt.key].pop(key, None)
        else:
            self.objects[rt.key][key] = obj
        self.history.append(Event(self.rv, rt.key, event, copy.deepcopy(obj)))
        self.cond.notify_all()
        return copy.deepcopy(obj)

    def _admit(self, rt: ResourceType, obj: Obj) -> Obj:
        if rt.schema is None:
            return obj
        admitted, errors = openapi.admit(rt.schema, obj)
        if errors:
            name = obj.get("metadata", {}).get("name", "")
            causes = [{"reason": "FieldValueInvalid", "message": e, "field": e.split(":", 1)[0]} for e in errors]
            raise ApiError(422, "Invalid", f'{rt.kind}.{rt.group} "{name}" is invalid: {"; ".join(errors)}',
                           causes=causes, kind=rt.kind, name=name, group=rt.group)
        return admitted

    def create(self, rt: ResourceType, ns: str, obj: Obj) -> Obj:
        with self.cond:
            obj = copy.deepcopy(obj)
            meta = obj.setdefault("metadata", {})
            if not meta.get("name") and meta.get("generateName"):
                meta["name"] = f"{meta['generateName']}{uuid.uuid4().hex[:5]}"
            name = meta.get("name")
            if not name:
                raise ApiError(422, "Invalid", f"{rt.kind}: metadata.name: Required value",
                               causes=[{"reason": "FieldValueRequired", "message": "Required value",
                                        "field": "metadata.name"}], kind=rt.kind)
            if rt.namespaced:
                if (ns, "") != ("", "") and ("", ns) not in self.objects[("", "namespaces")]:
                    raise ApiError(404, "NotFound", f'namespaces "{ns}" not found', kind="namespaces", name=ns)
                meta["namespace"] = ns
            else:
                meta.pop("namespace", None)
            if (meta.get("namespace", ""), name) in self.objects[rt.key]:
                raise ApiError(409, "AlreadyExists", f'{rt.plural}.{rt.group or "core"} "{name}" already exists',
                               kind=rt.plural, name=name, group=rt.group)
            obj["apiVersion"], obj["kind"] = rt.api_version, rt.kind
            meta.update(uid=str(uuid.uuid4()), creationTimestamp=now())
            for server_field in ("deletionTimestamp", "resourceVersion"):
                meta.pop(server_field, None)
            if rt.status_subresource:
                obj.pop("status", None)
            if rt.schema is not None or "spec" in obj:
                meta["generation"] = 1
            obj = self._admit(rt, obj)
            if rt.key == CRD_KEY:
                obj["status"] = self._register_crd(obj)
            return self._commit(rt, obj, "ADDED")

    def _register_crd(self, crd: Obj) -> Obj:
        new = self._crd_type(crd)
        old = self.types.get(new.key)
        if old is not None and old.kind != new.kind:
            raise ApiError(409, "Conflict", f"{new.plural}.{new.group} is already served as {old.kind}")
        self.register(new)
        return {"conditions": [{"type": t, "status": "True", "reason": r, "lastTransitionTime": now(), "message": ""}
                               for t, r in (("NamesAccepted", "NoConflicts"), ("Established", "InitialNamesAccepted"))],
                "acceptedNames": crd["spec"]["names"], "storedVersions": [new.version]}

    def update(self, rt: ResourceType, ns: str, name: str, obj: Obj, *, subresource: str = "") -> Obj:
        with self.cond:
            current = self.objects[rt.key].get((ns if rt.namespaced else "", name))
            if current is None:
                raise ApiError(404, "NotFound", f'{rt.plural}.{rt.group or "core"} "{name}" not found',
                               kind=rt.plural, name=name, group=rt.group)
            meta_in = obj.get("metadata") or {}
            wanted_rv = meta_in.get("resourceVersion")
            if wanted_rv and wanted_rv != current["metadata"]["resourceVersion"]:
                raise ApiError(409, "Conflict", f'Operation cannot be fulfilled on {rt.plural}.{rt.group or "core"} '
                                                f'"{name}": the object has been modified; please apply your changes '
                                                f"to the latest version and try again", kind=rt.plural, name=name,
                               group=rt.group)
            if subresource == "status":
                new = copy.deepcopy(current)
                if "status" in obj:
                    new["status"] = copy.deepcopy(obj["status"])
                else:
                    new.pop("status", None)
            else:
                new = copy.deepcopy(obj)
                new["apiVersion"], new["kind"] = rt.api_version, rt.kind
                meta = new.setdefault("metadata", {})
                for keep in ("uid", "creationTimestamp", "deletionTimestamp", "generation", "namespace", "name"):
                    if keep in current["metadata"]:
                        meta[keep] = current["metadata"][keep]
                    else:
                        meta.pop(keep, None)
                if current["metadata"].get("deletionTimestamp"):
                    added = set(meta.get("finalizers") or []) - set(current["metadata"].get("finalizers") or [])
                    if added:
                        raise ApiError(422, "Invalid", f"{rt.kind} {name}: metadata.finalizers: Forbidden: no new "
                                                       f"finalizers can be added if the object is being deleted")
                if rt.status_subresource:
                    if "status" in current:
                        new["status"] = copy.deepcopy(current["status"])
                    else:
                        new.pop("status", None)
                if "generation" in meta and _body(new) != _body(current):
                    meta["generation"] = int(meta["generation"]) + 1
            new = self._admit(rt, new)
            if rt.key == CRD_KEY and subresource != "status":
                new["status"] = self._register_crd(new)
            if _without_rv(new) == _without_rv(current):
                return copy.deepcopy(current)  # a no-op write changes nothing, resourceVersion included
            if new["metadata"].get("deletionTimestamp") and not new["metadata"].get("finalizers"):
                return self._remove(rt, new)
            return self._commit(rt, new, "MODIFIED")

    def delete(self, rt: ResourceType, ns: str, name: str, *, propagation: str = "Background",
               uid: str | None = None) -> Obj:
        with self.cond:
            current = self.objects[rt.key].get((ns if rt.namespaced else "", name))
            if current is None:
                raise ApiError(404, "NotFound", f'{rt.plural}.{rt.group or "core"} "{name}" not found',
                               kind=rt.plural, name=name, group=rt.group)
            if uid and current["metadata"]["uid"] != uid:
                raise ApiError(409, "Conflict", f"Precondition failed: UID in precondition: {uid}, UID in object "
                                                f"meta: {current['metadata']['uid']}")
            if current["metadata"].get("finalizers"):
                if current["metadata"].get("deletionTimestamp"):
                    return copy.deepcopy(current)
                new = copy.deepcopy(current)
                new["metadata"]["deletionTimestamp"] = now()
                new["metadata"]["deletionGracePeriodSeconds"] = 0
                return self._commit(rt, new, "MODIFIED")
            return self._remove(rt, copy.deepcopy(current), propagation=propagation)

    def _remove(self, rt: ResourceType, obj: Obj, *, propagation: str = "Background") -> Obj:
        removed = self._commit(rt, obj, "DELETED")
        if rt.key == CRD_KEY:
            gone = self._crd_type(obj)
            for (ons, oname) in list(self.objects.get(gone.key, {})):
                self._commit(gone, copy.deepcopy(self.objects[gone.key][(ons, oname)]), "DELETED")
            self.types.pop(gone.key, None)
            self.objects.pop(gone.key, None)
        if rt.key == ("", "namespaces"):
            for key, objs in list(self.objects.items()):
                for (ons, oname) in [k for k in objs if k[0] == obj["metadata"]["name"]]:
                    self._commit(self.types[key], copy.deepcopy(objs[(ons, oname)]), "DELETED")
        self._collect(obj["metadata"]["uid"], orphan=propagation == "Orphan")
        return removed

    def _collect(self, owner_uid: str, *, orphan: bool) -> None:
        for key, objs in list(self.objects.items()):
            for (ons, oname), dep in list(objs.items()):
                refs = dep["metadata"].get("ownerReferences") or []
                if not any(r.get("uid") == owner_uid for r in refs):
                    continue
                if orphan:
                    new = copy.deepcopy(dep)
                    new["metadata"]["ownerReferences"] = [r for r in refs if r.get("uid") != owner_uid]
                    self._commit(self.types[key], new, "MODIFIED")
                elif (ons, oname) in self.objects[key]:
                    self.delete(self.types[key], ons, oname)

    def all_types(self) -> Iterator[ResourceType]:
        with self.cond:
            yield from list(self.types.values())
