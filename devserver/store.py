"""The API server's object store: what etcd plus the generic registry do for a real one.

One global, monotonic resourceVersion; uid and creationTimestamp on create; ``generation`` bumped
only when something other than metadata and status changes; 409 on an existing name or a stale
resourceVersion; finalizers hold a deleted object (with ``deletionTimestamp``) until the last one
is removed; owners take their dependents with them (ownerReference garbage collection); a bounded
event history per kind serves watches, and a watch from before it gets 410 Gone (a write wakes only
its own kind's watches: with hundreds of kinds watched, a write costs what it costs with one). Every
write is admitted as the API server admits it (names checked, custom resources pruned, defaulted,
validated and their CEL rules evaluated), records who wrote which fields when a manager is named,
and may be a dry run.

A custom resource served at several versions is stored at its CRD's storage version: a write at another
version is admitted at its own version and converted for storage, and every read (get, list, watch, the
object a write answers with) is converted to the version asked for (:mod:`devserver.conversion`, the CRD's
webhook). A CRD itself is held to kube-apiserver's rules (:mod:`devserver.crds`), its stored versions kept.
"""

from __future__ import annotations

import base64
import collections
import copy
import dataclasses
import functools
import pickle
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from devserver import builtin, crds, fieldmanager, names, openapi, rules, tables
from devserver.conversion import Webhooks
from devserver.errors import ApiError as ApiError
from devserver.errors import invalid

Obj = dict[str, Any]
TypeKey = tuple[str, str]  # (group, plural)


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
    custom: bool = False  # served from a CRD: validated and defaulted by its schema, no strategic merge
    columns: tuple[tables.Column, ...] = ()
    rules: bool = False  # its schema carries CEL rules
    # A custom resource's version its objects are stored at ("": this one), and how they are converted.
    storage: str = ""
    conversion: crds.Conversion = dataclasses.field(default_factory=crds.Conversion)
    deprecated: str = ""  # the Warning a request at this version gets ("": none)

    @property
    def key(self) -> TypeKey:
        return (self.group, self.plural)

    @property
    def stored_here(self) -> bool:
        return not self.storage or self.storage == self.version

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    @property
    def singular(self) -> str:
        return self.kind.lower()

    def name_errors(self, name: str) -> list[str]:
        check = names.label_errors if self.key == ("", "namespaces") else names.subdomain_errors
        return names.path_segment_errors(name) + check(name)


@dataclasses.dataclass(frozen=True)
class Event:
    rv: int
    key: TypeKey
    type: str  # ADDED, MODIFIED, DELETED
    obj: Obj
    # A MODIFIED event's object as it was before: a watch with a selector tells an object that starts
    # or stops matching as ADDED or DELETED, as kube-apiserver's watch cache does.
    old: Obj | None = None


@functools.cache
def _builtin_schema(b: builtin.Builtin) -> Obj:
    name, definitions = b.definitions()
    schema: Obj = builtin.inline({"$ref": f"#/definitions/{name}"}, definitions)
    return schema


def _builtin_type(b: builtin.Builtin) -> ResourceType:
    schema = copy.deepcopy(_builtin_schema(b))
    return ResourceType(b.group, b.version, b.plural, b.kind, b.namespaced, schema=schema,
                        status_subresource=b.status_subresource, short_names=b.short_names, columns=b.columns)


CRD_KEY = ("apiextensions.k8s.io", "customresourcedefinitions")


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _copy(obj: Obj) -> Obj:
    """A copy of a stored object (plain JSON data): a pickle round trip takes half deepcopy's time,
    and a list of 10,000 objects is mostly this copy."""
    copied: Obj = pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))
    return copied


def _body(obj: Obj) -> Obj:
    """What ``generation`` tracks: everything but metadata and status."""
    return {k: v for k, v in obj.items() if k not in ("metadata", "status", "apiVersion", "kind")}


def _without_rv(obj: Obj) -> Obj:
    return {**obj, "metadata": {k: v for k, v in obj["metadata"].items() if k != "resourceVersion"}}


class Store:
    def __init__(self, *, history: int = 10000, webhooks: Webhooks | None = None) -> None:
        self._lock = threading.RLock()
        self.cond = threading.Condition(self._lock)  # the store's lock; notified on every write
        self.rv = 1
        # Each kind as it is stored (its storage version's type), and every version it is served at.
        self.types: dict[TypeKey, ResourceType] = {}
        self.served: dict[TypeKey, dict[str, ResourceType]] = {}
        self.objects: dict[TypeKey, dict[tuple[str, str], Obj]] = {}
        self.webhooks = webhooks or Webhooks()
        # The last ``history`` events of each kind, and the resourceVersion of the newest one each
        # has forgotten: a watch of a kind from before that is too old.
        self.history_length = history
        self.history: dict[TypeKey, collections.deque[Event]] = {}
        self._forgotten: dict[TypeKey, int] = {}
        # Per kind, on the store's lock: a write wakes its own kind's watches, not every watch.
        self._changes: dict[TypeKey, threading.Condition] = {}
        self.compacted_rv = 0
        self.types_version = 0  # bumped whenever the set of served kinds changes
        for b in builtin.BUILTINS:
            self.register(_builtin_type(b))
        for ns in ("default", "kube-system", "kube-public"):
            self.create(self.types[("", "namespaces")], "", {"apiVersion": "v1", "kind": "Namespace",
                                                               "metadata": {"name": ns}})

    # -- types ------------------------------------------------------------------------------

    def register(self, rt: ResourceType, served: tuple[ResourceType, ...] | None = None) -> None:
        """Serve ``rt`` (stored as it is), at its own version or at each version of ``served``."""
        with self.cond:
            self.types[rt.key] = rt
            self.served[rt.key] = {v.version: v for v in (served if served is not None else (rt,))}
            self.objects.setdefault(rt.key, {})
            self.types_version += 1

    def find(self, group: str, version: str, plural: str) -> ResourceType:
        rt = self.served.get((group, plural), {}).get(version)
        if rt is None:
            raise ApiError(404, "NotFound", f"the server could not find the requested resource "
                                            f"({group or 'core'}/{version} {plural})")
        return rt

    def _crd_types(self, crd: Obj) -> tuple[ResourceType, tuple[ResourceType, ...]]:
        """The type a CRD's objects are stored as, and one per version it serves."""
        spec = crd.get("spec") or {}
        spec_names = spec.get("names") or {}
        versions = [v for v in spec.get("versions") or [] if isinstance(v, dict)]
        storage = crds.storage_version(crd) or (str(versions[0].get("name")) if versions else "v1")
        conversion = crds.Conversion.of(crd)
        group, kind = spec.get("group", ""), spec_names.get("kind", "")

        def typed(version: Obj) -> ResourceType:
            schema = (version.get("schema") or {}).get("openAPIV3Schema")
            name = str(version.get("name") or "v1")
            warning = version.get("deprecationWarning") or f"{group}/{name} {kind} is deprecated"
            return ResourceType(
                group=group, version=name, plural=spec_names.get("plural", ""),
                kind=kind, namespaced=spec.get("scope") == "Namespaced", schema=schema,
                status_subresource="status" in (version.get("subresources") or {}),
                short_names=tuple(spec_names.get("shortNames") or ()),
                categories=tuple(spec_names.get("categories") or ()), custom=True,
                columns=tuple(tables.crd_columns(version.get("additionalPrinterColumns"))),
                rules=rules.has_rules(schema), storage=storage, conversion=conversion,
                deprecated=str(warning) if version.get("deprecated") else "")

        stored = next((typed(v) for v in versions if v.get("name") == storage), None) or typed({"name": storage})
        return stored, tuple(typed(v) for v in versions if v.get("served"))

    def _crd_type(self, crd: Obj) -> ResourceType:
        return self._crd_types(crd)[0]

    # -- versions ---------------------------------------------------------------------------

    def present(self, rt: ResourceType, objects: list[Obj]) -> list[Obj]:
        """Stored objects of ``rt``'s kind at ``rt``'s version (the CRD's webhook called once for them all). An
        object keeps the version it was written at until it is written again, whatever the CRD's storage
        version is now: each is converted from its own."""
        if not rt.custom or all(o.get("apiVersion") == rt.api_version for o in objects):
            return objects
        return self.webhooks.convert(rt.conversion, rt.group, rt.kind, objects, rt.api_version)

    def _for_storage(self, rt: ResourceType, obj: Obj) -> Obj:
        """An admitted object at ``rt``'s version, converted to the version its kind is stored at (and pruned by
        that version's schema, as kube-apiserver reads it back)."""
        if rt.stored_here:
            return obj
        stored = self.types[rt.key]
        (converted,) = self.webhooks.convert(rt.conversion, rt.group, rt.kind, [obj], stored.api_version)
        return dict(openapi.prune(stored.schema, converted, root=True)) if stored.schema else converted

    # -- reads ------------------------------------------------------------------------------

    def get(self, rt: ResourceType, ns: str, name: str) -> Obj:
        with self.cond:
            obj = self.objects[rt.key].get((ns, name))
            if obj is None:
                raise ApiError(404, "NotFound", f'{rt.plural}.{rt.group or "core"} "{name}" not found',
                               kind=rt.plural, name=name, group=rt.group)
            obj = _copy(obj)
        return self.present(rt, [obj])[0]

    def list_objects(self, rt: ResourceType, ns: str | None, match: Callable[[Obj], bool]) -> tuple[list[Obj], int]:
        with self.cond:
            items = [_copy(o) for (ons, _), o in sorted(self.objects[rt.key].items())
                     if (ns is None or ons == ns) and match(o)]
            rv = self.rv
        return self.present(rt, items), rv

    def events_after(self, key: TypeKey, rv: int) -> list[Event]:
        """Events of kind ``key`` newer than ``rv``, oldest first; 410 if the history no longer
        reaches back that far. Called with the store's lock held."""
        if rv < self.compacted_rv or rv < self._forgotten.get(key, 0):
            raise ApiError(410, "Expired", f"too old resource version: {rv} ({self.compacted_rv})")
        history = self.history.get(key)
        if not history or rv >= history[-1].rv:
            return []
        newer: list[Event] = []
        for event in reversed(history):  # a watch is usually a few events behind: walk from the newest
            if event.rv <= rv:
                break
            newer.append(event)
        newer.reverse()
        return newer

    def changes(self, key: TypeKey) -> threading.Condition:
        """The condition a write of kind ``key`` notifies; waited on with the store's lock held."""
        with self._lock:
            return self._changes.setdefault(key, threading.Condition(self._lock))

    def wake_watches(self) -> None:
        """Wake every watch (to notice it should end)."""
        with self._lock:
            for changes in self._changes.values():
                changes.notify_all()
            self.cond.notify_all()

    def compact(self) -> None:
        """Forget the event history, as etcd compaction does: older watches get 410 Gone."""
        with self.cond:
            self.history.clear()
            self._forgotten.clear()
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
        # The stored object is replaced, never changed in place: the old one can be kept as it is.
        old = self.objects[rt.key].get(key) if event == "MODIFIED" else None
        if event == "DELETED":
            self.objects[rt.key].pop(key, None)
        else:
            self.objects[rt.key][key] = obj
        history = self.history.get(rt.key)
        if history is None:
            history = self.history[rt.key] = collections.deque(maxlen=self.history_length)
        elif len(history) == history.maxlen:
            self._forgotten[rt.key] = history[0].rv
        history.append(Event(self.rv, rt.key, event, _copy(obj), old))
        self.cond.notify_all()
        changes = self._changes.get(rt.key)
        if changes is not None:
            changes.notify_all()
        return _copy(obj)

    def _admit(self, rt: ResourceType, obj: Obj, old: Obj | None = None) -> Obj:
        """Prune, default and validate, as the API server does on create and update. Built-in kinds are
        only pruned (as decoding into their Go types drops unknown fields)."""
        name = obj.get("metadata", {}).get("name", "")
        if rt.schema is None:
            return obj
        if not rt.custom:
            pruned = dict(openapi.prune(rt.schema, obj, root=True))
            if rt.key == ("", "secrets") and isinstance(pruned.get("stringData"), dict):
                # As the API server does: stringData is write-only, merged into data base64-encoded.
                data = dict(pruned.get("data") or {})
                string_data = pruned.pop("stringData")
                data.update({k: base64.b64encode(str(v).encode()).decode() for k, v in string_data.items()})
                pruned["data"] = data
            if rt.key == ("", "secrets"):
                pruned.setdefault("type", "Opaque")
            if rt.key == ("", "namespaces"):
                pruned.setdefault("status", {}).setdefault("phase", "Active")
            return pruned
        admitted, errors = openapi.admit(rt.schema, obj)
        found = [(e.split(":", 1)[0], "FieldValueInvalid", e.split(": ", 1)[1] if ": " in e else e) for e in errors]
        if rt.rules and not errors:
            found += [(v.field, v.reason, v.message) for v in rules.violations(rt.schema, admitted, old)]
        if found:
            raise invalid(rt.kind, rt.group, name, found)
        return admitted

    def _name(self, rt: ResourceType, meta: Obj) -> str:
        if not meta.get("name") and meta.get("generateName"):
            meta["name"] = f"{meta['generateName']}{uuid.uuid4().hex[:5]}"
        name = meta.get("name")
        if not name:
            raise invalid(rt.kind, rt.group, "", [("metadata.name", "FieldValueRequired",
                                                   "Required value: name or generateName is required")])
        if not isinstance(name, str) or (errors := rt.name_errors(name)):
            field = "metadata.generateName" if meta.get("generateName") else "metadata.name"
            raise invalid(rt.kind, rt.group, str(name), [(field, "FieldValueInvalid",
                                                          f'Invalid value: "{name}": {"; ".join(errors)}')])
        return name

    def create(self, rt: ResourceType, ns: str, obj: Obj, *, manager: str = "", dry_run: bool = False) -> Obj:
        """Store a new object; ``manager`` (when given) owns every field it set. A dry run answers what
        would be stored, and stores nothing."""
        with self.cond:
            obj = copy.deepcopy(obj)
            meta = obj.setdefault("metadata", {})
            name = self._name(rt, meta)
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
            if rt.custom or "spec" in obj:
                meta["generation"] = 1
            obj = self._admit(rt, obj)
            if rt.key == CRD_KEY:
                obj["status"] = self._register_crd(obj, dry_run=dry_run)
            if manager:
                fieldmanager.on_create(obj, self._writer(rt, manager), now())
            stored = self._for_storage(rt, obj)
            if dry_run:
                return obj
            committed = self._commit(rt, stored, "ADDED")
        return self.present(rt, [committed])[0]

    def restore(self, obj: Obj) -> Obj:
        """An object as etcd held it (an earlier release's, a backup's) stored as it is: its uid, status,
        finalizers and the version it was stored at are kept; only its resourceVersion is new. Its kind must
        be served at that version."""
        group, _, version = str(obj["apiVersion"]).rpartition("/")
        with self.cond:
            key = next((k for k, rt in self.types.items() if rt.group == group and rt.kind == obj["kind"]), None)
            if key is None or version not in self.served[key]:
                raise ApiError(404, "NotFound", f"{obj['kind']} is not served at {obj['apiVersion']}")
            meta = obj["metadata"]
            if (meta.get("namespace", ""), meta["name"]) in self.objects[key]:
                raise ApiError(409, "AlreadyExists", f'{obj["kind"]} "{meta["name"]}" already exists')
            committed = self._commit(self.types[key], _copy(obj), "ADDED")
        return committed

    @staticmethod
    def _writer(rt: ResourceType, manager: str, subresource: str = "") -> fieldmanager.Writer:
        return fieldmanager.Writer(manager, rt.api_version, rt.schema, rt.status_subresource, subresource)

    def apply(self, rt: ResourceType, ns: str, name: str, applied: Obj, *, manager: str, force: bool,
              subresource: str = "", dry_run: bool = False) -> tuple[Obj, bool]:
        """Server-side apply of ``applied`` by ``manager``: (the object, whether it was created)."""
        with self.cond:
            current = self.objects[rt.key].get((ns if rt.namespaced else "", name))
            if current is not None:
                current = self.present(rt, [_copy(current)])[0]
            meta = applied.get("metadata") or {}
            if meta.get("name") not in (None, name):
                raise ApiError(400, "BadRequest", f'the name of the object ({meta.get("name")}) does not match the '
                                                  f"name on the URL ({name})")
            applied = {**applied, "metadata": {**meta, "name": name}}
            writer = self._writer(rt, manager, subresource)
            if current is None:
                if subresource:
                    raise ApiError(404, "NotFound", f'{rt.plural}.{rt.group or "core"} "{name}" not found',
                                   kind=rt.plural, name=name, group=rt.group)
                merged = fieldmanager.apply(None, applied, writer, now(), force=force)
                return self.create(rt, ns, merged, dry_run=dry_run), True
            merged = fieldmanager.apply(copy.deepcopy(current), applied, writer, now(), force=force)
            merged["metadata"]["resourceVersion"] = current["metadata"]["resourceVersion"]
            return self.update(rt, ns, name, merged, subresource=subresource, dry_run=dry_run), False

    def _register_crd(self, crd: Obj, *, old: Obj | None = None, dry_run: bool = False) -> Obj:
        """Check a CRD written anew (``old``: the one it replaces) as kube-apiserver does, serve its kind, and
        answer its status: its stored versions kept, the new storage version added."""
        new, served = self._crd_types(crd)
        name = crd["metadata"]["name"]
        found = crds.errors(crd, old)
        if name != f"{new.plural}.{new.group}":
            found.insert(0, ("metadata.name", "FieldValueInvalid",
                             f'Invalid value: "{name}": must be spec.names.plural+"."+spec.group'))
        stored = crds.stored_versions(crd, old)
        found += crds.stored_version_errors(crd, stored)
        if found:
            raise invalid("CustomResourceDefinition", "apiextensions.k8s.io", name, found)
        current = self.types.get(new.key)
        if current is not None and current.kind != new.kind:
            raise ApiError(409, "Conflict", f"{new.plural}.{new.group} is already served as {current.kind}")
        if not dry_run:
            self.register(new, served)
        conditions = ((old or {}).get("status") or {}).get("conditions") or [
            {"type": t, "status": "True", "reason": r, "lastTransitionTime": now(), "message": ""}
            for t, r in (("NamesAccepted", "NoConflicts"), ("Established", "InitialNamesAccepted"))]
        return {"conditions": conditions, "acceptedNames": crd["spec"]["names"], "storedVersions": stored}

    def update(self, rt: ResourceType, ns: str, name: str, obj: Obj, *, subresource: str = "",
               manager: str = "", dry_run: bool = False) -> Obj:
        """Replace an object (or its status); ``manager`` (when given) owns the fields it changed."""
        with self.cond:
            current = self.objects[rt.key].get((ns if rt.namespaced else "", name))
            if current is None:
                raise ApiError(404, "NotFound", f'{rt.plural}.{rt.group or "core"} "{name}" not found',
                               kind=rt.plural, name=name, group=rt.group)
            # As kube-apiserver: a write that changes nothing still stores an object kept at another version
            # than its kind's storage version (which is how a storage migration moves it).
            at_storage = current.get("apiVersion") == self.types[rt.key].api_version
            current = self.present(rt, [current])[0]
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
            new = self._admit(rt, new, current)
            if manager:
                fieldmanager.on_update(current, new, self._writer(rt, manager, subresource), now())
            elif "managedFields" not in new["metadata"] and "managedFields" in current["metadata"]:
                new["metadata"]["managedFields"] = copy.deepcopy(current["metadata"]["managedFields"])
            if rt.key == CRD_KEY and subresource != "status":
                new["status"] = self._register_crd(new, old=current, dry_run=dry_run)
            if _without_rv(new) == _without_rv(current) and at_storage:
                return copy.deepcopy(current)  # a no-op write changes nothing, resourceVersion included
            if dry_run:
                return new
            stored = self._for_storage(rt, new)
            if new["metadata"].get("deletionTimestamp") and not new["metadata"].get("finalizers"):
                committed = self._remove(self.types[rt.key], stored)
            else:
                committed = self._commit(self.types[rt.key], stored, "MODIFIED")
        return self.present(rt, [committed])[0]

    def delete(self, rt: ResourceType, ns: str, name: str, *, propagation: str = "Background",
               uid: str | None = None, dry_run: bool = False) -> Obj:
        with self.cond:
            current = self.objects[rt.key].get((ns if rt.namespaced else "", name))
            if current is None:
                raise ApiError(404, "NotFound", f'{rt.plural}.{rt.group or "core"} "{name}" not found',
                               kind=rt.plural, name=name, group=rt.group)
            if uid and current["metadata"]["uid"] != uid:
                raise ApiError(409, "Conflict", f"Precondition failed: UID in precondition: {uid}, UID in object "
                                                f"meta: {current['metadata']['uid']}")
            stored_rt = self.types[rt.key]
            if current["metadata"].get("finalizers"):
                if current["metadata"].get("deletionTimestamp"):
                    answer = copy.deepcopy(current)
                else:
                    answer = copy.deepcopy(current)
                    answer["metadata"]["deletionTimestamp"] = now()
                    answer["metadata"]["deletionGracePeriodSeconds"] = 0
                    if not dry_run:
                        answer = self._commit(stored_rt, answer, "MODIFIED")
            elif dry_run:
                answer = copy.deepcopy(current)
            else:
                answer = self._remove(stored_rt, copy.deepcopy(current), propagation=propagation)
        return self.present(rt, [answer])[0]

    def _remove(self, rt: ResourceType, obj: Obj, *, propagation: str = "Background") -> Obj:
        removed = self._commit(rt, obj, "DELETED")
        if rt.key == CRD_KEY:
            gone = self._crd_type(obj)
            for (ons, oname) in list(self.objects.get(gone.key, {})):
                self._commit(gone, copy.deepcopy(self.objects[gone.key][(ons, oname)]), "DELETED")
            self.types.pop(gone.key, None)
            self.served.pop(gone.key, None)
            self.objects.pop(gone.key, None)
            self.types_version += 1
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
        """Every kind at every version it is served at."""
        with self.cond:
            yield from [rt for versions in self.served.values() for rt in versions.values()]
