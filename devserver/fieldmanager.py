"""Field ownership (``metadata.managedFields``) and server-side apply, as kube-apiserver keeps them.

Every write names a manager (``?fieldManager=``, else the client's User-Agent up to its first ``/``).
A create or update gives its manager the fields it set or changed (operation ``Update``) and takes
them from everyone else. An apply (``application/apply-patch+yaml``) is a manager's whole intent:
its fields are merged into the object, fields it applied before and no longer applies are removed
unless another manager owns them, and a field another manager owns with a different value is a
conflict (409) unless ``force=true``, which takes it over.

Field sets are FieldsV1, walked with the object's schema as structured-merge-diff does: objects
with ``properties`` are structs, other objects are maps (their own ``.`` entry), lists are atomic
unless ``x-kubernetes-list-type`` is ``map`` (items ``k:{...}`` by their keys) or ``set``
(items ``v:...``). Simplified: one version per kind (no conversion), and a list item's identity is
its keys or its value only where the schema says so.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from devserver.errors import ApiError

Obj = dict[str, Any]
Path = tuple[str, ...]
Schema = dict[str, Any] | None


class _Node:
    """The value recorded for a member that is a map or a list item: its existence, not a value."""

    def __repr__(self) -> str:
        return "<node>"


NODE = _Node()
_MISSING = object()

# Never tracked: the server's own metadata.
_SERVER_METADATA = frozenset({"name", "namespace", "uid", "resourceVersion", "generation", "creationTimestamp",
                              "deletionTimestamp", "deletionGracePeriodSeconds", "managedFields", "selfLink"})
_STRING_MAP = {"type": "object", "additionalProperties": {"type": "string"}}
METADATA_SCHEMA: Obj = {"type": "object", "properties": {
    "labels": _STRING_MAP, "annotations": _STRING_MAP, "generateName": {"type": "string"},
    "finalizers": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
    "ownerReferences": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["uid"],
                        "items": {"type": "object", "properties": {
                            k: {"type": "string"} for k in ("apiVersion", "kind", "name", "uid")}}},
}}


def _child(schema: Schema, key: str) -> Schema:
    if not schema:
        return None
    props = schema.get("properties") or {}
    if key in props:
        return dict(props[key])
    extra = schema.get("additionalProperties")
    return dict(extra) if isinstance(extra, dict) else None


def _is_map(schema: Schema) -> bool:
    """A typed map (``additionalProperties``) is a member itself; an object with properties, or one that
    preserves unknown fields, is a struct whose fields alone are members."""
    return bool(schema) and isinstance(schema.get("additionalProperties"), dict)  # type: ignore[union-attr]


def _list_type(schema: Schema) -> tuple[str, list[str]]:
    if not schema:
        return "atomic", []
    kind = schema.get("x-kubernetes-list-type") or "atomic"
    return kind, list(schema.get("x-kubernetes-list-map-keys") or [])


def item_key(item: Any, keys: list[str]) -> str:
    return "k:" + json.dumps({k: item.get(k) for k in keys if k in item}, sort_keys=True, separators=(",", ":"))


def value_key(item: Any) -> str:
    return "v:" + json.dumps(item, sort_keys=True, separators=(",", ":"))


def _walk(value: Any, schema: Schema, path: Path, out: dict[Path, Any]) -> None:
    if isinstance(value, dict) and value:
        if _is_map(schema):
            out[path] = NODE
        for key, child in value.items():
            _walk(child, _child(schema, key), (*path, f"f:{key}"), out)
        return
    kind, keys = _list_type(schema)
    if isinstance(value, list) and value and kind in ("map", "set"):
        items = schema.get("items") if schema else None
        for item in value:
            if kind == "set" or not isinstance(item, dict):
                out[(*path, value_key(item))] = item
                continue
            at = (*path, item_key(item, keys))
            out[at] = NODE
            for key, child in item.items():
                _walk(child, _child(items, key), (*at, f"f:{key}"), out)
        return
    out[path] = value


def fields(obj: Obj, schema: Schema, *, scope: str) -> dict[Path, Any]:
    """Every member of ``obj`` in ``scope`` (``main``: all but status where status is a subresource,
    ``all``, or ``status``), each with its value (``NODE`` for a map or list item)."""
    out: dict[Path, Any] = {}
    for key, value in obj.items():
        if key in ("apiVersion", "kind") or (scope == "main" and key == "status") or (
                scope == "status" and key != "status"):
            continue
        if key == "metadata" and isinstance(value, dict):
            meta = {k: v for k, v in value.items() if k not in _SERVER_METADATA}
            if meta:
                _walk(meta, METADATA_SCHEMA, ("f:metadata",), out)
            continue
        _walk(value, _child(schema, key), (f"f:{key}",), out)
    return out


def to_fields_v1(paths: Iterable[Path]) -> Obj:
    members = set(paths)
    tree: Obj = {}
    for path in sorted(members):
        node = tree
        for element in path:
            node = node.setdefault(element, {})

    def render(node: Obj, path: Path) -> Obj:
        out: Obj = {}
        if node and path in members:
            out["."] = {}
        for element in sorted(node):
            out[element] = render(node[element], (*path, element))
        return out

    return render(tree, ())


def from_fields_v1(tree: Any, path: Path = ()) -> set[Path]:
    out: set[Path] = set()
    if not isinstance(tree, dict):
        return out
    if not tree and path:
        out.add(path)
    for element, child in tree.items():
        if element == ".":
            out.add(path)
        else:
            out |= from_fields_v1(child, (*path, element))
    return out


@dataclasses.dataclass
class Entry:
    manager: str
    operation: str  # Apply or Update
    api_version: str
    time: str
    members: set[Path]
    subresource: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.manager, self.operation, self.subresource)

    def encode(self) -> Obj:
        out: Obj = {"manager": self.manager, "operation": self.operation, "apiVersion": self.api_version,
                    "time": self.time, "fieldsType": "FieldsV1", "fieldsV1": to_fields_v1(self.members)}
        if self.subresource:
            out["subresource"] = self.subresource
        return out


def decode(raw: Any) -> list[Entry]:
    if not isinstance(raw, list):
        return []
    out = []
    for item in raw:
        if isinstance(item, dict) and item.get("manager") is not None:
            out.append(Entry(str(item["manager"]), str(item.get("operation") or "Update"),
                             str(item.get("apiVersion") or ""), str(item.get("time") or ""),
                             from_fields_v1(item.get("fieldsV1") or {}), str(item.get("subresource") or "")))
    return out


def _store(obj: Obj, entries: list[Entry]) -> None:
    kept = [e for e in entries if e.members]
    # As the API server orders them: appliers first, then by time and name.
    kept.sort(key=lambda e: (e.operation != "Apply", e.time, e.manager))
    meta = obj.setdefault("metadata", {})
    if kept:
        meta["managedFields"] = [e.encode() for e in kept]
    else:
        meta.pop("managedFields", None)


def _scope(subresource: str, status_subresource: bool) -> str:
    if subresource == "status":
        return "status"
    return "main" if status_subresource else "all"


@dataclasses.dataclass(frozen=True)
class Writer:
    """Who writes, and to what: the manager, the resource's apiVersion and schema, the subresource."""

    manager: str
    api_version: str
    schema: Schema
    status_subresource: bool
    subresource: str = ""

    @property
    def scope(self) -> str:
        return _scope(self.subresource, self.status_subresource)


def on_create(obj: Obj, writer: Writer, now: str) -> None:
    members = set(fields(obj, writer.schema, scope=writer.scope))
    entries = [Entry(writer.manager, "Update", writer.api_version, now, members, writer.subresource)]
    _store(obj, entries)


def _base(old: Obj, new: Obj) -> list[Entry]:
    """The entries an update starts from: the live ones, unless the request set its own (a client may
    rewrite managedFields, as kubectl does when it moves an object to server-side apply; ``[{}]``
    clears them)."""
    live = (old.get("metadata") or {}).get("managedFields")
    sent = (new.get("metadata") or {}).get("managedFields")
    if sent == [{}]:
        return []
    if isinstance(sent, list) and sent and sent != live:
        return decode(sent)
    return decode(live)


def on_update(old: Obj, new: Obj, writer: Writer, now: str) -> None:
    entries = _base(old, new)
    before = fields(old, writer.schema, scope=writer.scope)
    after = fields(new, writer.schema, scope=writer.scope)
    changed = {p for p, v in after.items() if before.get(p, _MISSING) != v}
    touched = changed | (before.keys() - after.keys())
    mine = next((e for e in entries if e.key == (writer.manager, "Update", writer.subresource)), None)
    for entry in entries:
        if entry is not mine and entry.members & touched:
            entry.members -= touched
    if changed:
        if mine is None:
            mine = Entry(writer.manager, "Update", writer.api_version, now, set(), writer.subresource)
            entries.append(mine)
        mine.members = (mine.members - touched) | changed
        mine.time, mine.api_version = now, writer.api_version
    elif mine is not None and mine.members & touched:
        mine.members -= touched
    _store(new, entries)


def merge(live: Any, applied: Any, schema: Schema) -> Any:
    """``applied`` merged into ``live``: objects key by key, lists as their list type says."""
    if isinstance(live, dict) and isinstance(applied, dict):
        out = dict(live)
        for key, value in applied.items():
            out[key] = merge(live[key], value, _child(schema, key)) if key in live else copy.deepcopy(value)
        return out
    kind, keys = _list_type(schema)
    if isinstance(live, list) and isinstance(applied, list) and kind in ("map", "set"):
        out_list = list(live)
        for item in applied:
            if kind == "set" or not isinstance(item, dict):
                if item not in out_list:
                    out_list.append(copy.deepcopy(item))
                continue
            at = item_key(item, keys)
            index = next((i for i, x in enumerate(out_list) if isinstance(x, dict) and item_key(x, keys) == at), None)
            items = schema.get("items") if schema else None
            if index is None:
                out_list.append(copy.deepcopy(item))
            else:
                out_list[index] = merge(out_list[index], item, items)
        return out_list
    return copy.deepcopy(applied)


def _remove(obj: Any, path: Path) -> None:
    """Remove the member at ``path`` from ``obj`` (nothing when it is not there)."""
    node = obj
    for element in path[:-1]:
        node = _step(node, element)
        if node is None:
            return
    last = path[-1]
    if isinstance(node, dict) and last.startswith("f:"):
        node.pop(last[2:], None)
    elif isinstance(node, list):
        node[:] = [x for x in node if _element_of(x, last) != last]


def _drop_emptied(obj: Any, path: Path, others: set[Path]) -> None:
    """Remove the objects a removal left empty, up to the first one someone still owns, so that defaults
    apply again to what nobody sets any more."""
    while path and path[0] != "f:metadata" and path not in others:
        node: Any = obj
        for element in path:
            node = _step(node, element)
        if node != {}:
            return
        _remove(obj, path)
        path = path[:-1]


def _element_of(item: Any, element: str) -> str:
    if element.startswith("v:"):
        return value_key(item)
    if element.startswith("k:") and isinstance(item, dict):
        return item_key(item, list(json.loads(element[2:])))
    return ""


def _step(node: Any, element: str) -> Any:
    if isinstance(node, dict) and element.startswith("f:"):
        return node.get(element[2:])
    if isinstance(node, list):
        return next((x for x in node if _element_of(x, element) == element), None)
    return None


def apply(live: Obj | None, applied: Obj, writer: Writer, now: str, *, force: bool) -> Obj:
    """The object after ``writer`` applies ``applied`` (a whole intent) to ``live`` (None: create)."""
    entries = decode((live or {}).get("metadata", {}).get("managedFields"))
    mine_key = (writer.manager, "Apply", writer.subresource)
    intent = fields(applied, writer.schema, scope=writer.scope)
    current = fields(live, writer.schema, scope=writer.scope) if live else {}
    conflicts: list[tuple[Entry, Path]] = []
    for entry in entries:
        if entry.key == mine_key:
            continue
        for path in sorted(entry.members & intent.keys()):
            if intent[path] is not NODE and current.get(path, _MISSING) != intent[path]:
                conflicts.append((entry, path))
    if conflicts and not force:
        raise _conflict_error(conflicts)
    for entry, path in conflicts:
        entry.members.discard(path)
    mine = next((e for e in entries if e.key == mine_key), None)
    merged = merge(live or {}, applied, writer.schema) if live else copy.deepcopy(applied)
    others = set().union(*(e.members for e in entries if e is not mine))
    if mine is not None:
        for path in sorted(mine.members - intent.keys() - others, key=len, reverse=True):
            if not any(o[:len(path)] == path for o in others):
                _remove(merged, path)
                _drop_emptied(merged, path[:-1], others)
    if mine is None:
        mine = Entry(writer.manager, "Apply", writer.api_version, now, set(), writer.subresource)
        entries.append(mine)
    if mine.members != set(intent):
        mine.members, mine.time = set(intent), now
    mine.api_version = writer.api_version
    _store(merged, entries)
    return merged


def _dotted(path: Path) -> str:
    out = ""
    for element in path:
        if element.startswith("f:"):
            out += "." + element[2:]
        else:
            out += f"[{element[2:]}]" if element.startswith("k:") else f"[={element[2:]}]"
    return out


def _conflict_error(conflicts: list[tuple[Entry, Path]]) -> ApiError:
    causes = [{"reason": "FieldManagerConflict",
               "message": f'conflict with "{e.manager}"' + (f' using {e.api_version}' if e.api_version else ""),
               "field": _dotted(p)} for e, p in conflicts]
    lines = "\n".join(f"- {c['message']}: {c['field']}" for c in causes)
    count = f"{len(causes)} conflict" + ("s" if len(causes) > 1 else "")
    return ApiError(409, "Conflict", f"Apply failed with {count}:\n{lines}", causes=causes)
