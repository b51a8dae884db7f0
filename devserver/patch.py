"""JSON merge patch (RFC 7386), JSON patch (RFC 6902) and strategic merge patch.

Strategic merge patch is what built-in kinds accept besides the other two (custom resources refuse
it, as kube-apiserver does): a merge patch whose lists merge where the schema says so
(``x-kubernetes-patch-strategy: merge``, by ``x-kubernetes-patch-merge-key`` or, for scalars, by value)
and whose directives (``$patch: replace|delete``, ``$retainKeys``, ``$deleteFromPrimitiveList/<field>``,
``$setElementOrder/<field>``) say what a merge alone cannot. Simplified: ``$setElementOrder`` is
accepted and ignored, so merged list items keep the stored order, new ones last.
"""

from __future__ import annotations

import copy
from typing import Any


class PatchError(ValueError):
    pass


def merge(target: Any, patch: Any) -> Any:
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge(out.get(key), value)
    return out


def _pointer(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise PatchError(f"invalid JSON pointer {path!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def _walk(doc: Any, parts: list[str]) -> Any:
    for part in parts:
        if isinstance(doc, list):
            doc = doc[int(part)]
        elif isinstance(doc, dict) and part in doc:
            doc = doc[part]
        else:
            raise PatchError(f"path /{'/'.join(parts)} does not exist")
    return doc


def json_patch(doc: Any, ops: Any) -> Any:
    if not isinstance(ops, list):
        raise PatchError("a JSON patch is a list of operations")
    doc = copy.deepcopy(doc)
    for op in ops:
        kind, parts = op.get("op"), _pointer(op.get("path", ""))
        if kind == "test":
            if _walk(doc, parts) != op.get("value"):
                raise PatchError(f"test failed at {op.get('path')}")
            continue
        if kind in ("move", "copy"):
            src = _pointer(op.get("from", ""))
            value = copy.deepcopy(_walk(doc, src))
            if kind == "move":
                doc = json_patch(doc, [{"op": "remove", "path": op["from"]}])
            doc = json_patch(doc, [{"op": "add", "path": op["path"], "value": value}])
            continue
        if not parts:
            if kind in ("add", "replace"):
                doc = copy.deepcopy(op.get("value"))
                continue
            raise PatchError(f"cannot {kind} the whole document")
        parent = _walk(doc, parts[:-1])
        last = parts[-1]
        try:
            if kind == "add":
                if isinstance(parent, list):
                    parent.insert(len(parent) if last == "-" else int(last), copy.deepcopy(op.get("value")))
                else:
                    parent[last] = copy.deepcopy(op.get("value"))
            elif kind == "remove":
                del parent[int(last) if isinstance(parent, list) else last]
            elif kind == "replace":
                _walk(doc, parts)
                parent[int(last) if isinstance(parent, list) else last] = copy.deepcopy(op.get("value"))
            else:
                raise PatchError(f"unknown operation {kind!r}")
        except (KeyError, IndexError, ValueError) as exc:
            raise PatchError(f"{kind} {op.get('path')}: {exc}") from exc
    return doc


_DELETE = object()


def _child_schema(schema: dict[str, Any] | None, key: str) -> dict[str, Any] | None:
    if not schema:
        return None
    props = schema.get("properties") or {}
    if key in props:
        return dict(props[key])
    extra = schema.get("additionalProperties")
    return dict(extra) if isinstance(extra, dict) else None


def strategic(target: Any, patch: Any, schema: dict[str, Any] | None) -> Any:
    """``patch`` applied to ``target`` as a strategic merge patch under ``schema``."""
    out = _strategic_map(target, patch, schema)
    return {} if out is _DELETE else out


def _strategic_map(target: Any, patch: Any, schema: dict[str, Any] | None) -> Any:
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    directive = patch.get("$patch")
    if directive == "delete":
        return _DELETE
    base = dict(target) if isinstance(target, dict) and directive != "replace" else {}
    if directive not in (None, "replace", "merge"):
        raise PatchError(f"unknown patch directive {directive!r}")
    retain = patch.get("$retainKeys")
    if isinstance(retain, list):
        base = {k: v for k, v in base.items() if k in retain}
    for key, value in patch.items():
        if key in ("$patch", "$retainKeys") or key.startswith("$setElementOrder/"):
            continue
        if key.startswith("$deleteFromPrimitiveList/"):
            field = key.split("/", 1)[1]
            if isinstance(base.get(field), list) and isinstance(value, list):
                base[field] = [x for x in base[field] if x not in value]
            continue
        sub = _child_schema(schema, key)
        if value is None:
            base.pop(key, None)
        elif isinstance(value, list):
            base[key] = _strategic_list(base.get(key), value, sub)
        elif isinstance(value, dict):
            merged = _strategic_map(base.get(key), value, sub)
            if merged is _DELETE:
                base.pop(key, None)
            else:
                base[key] = merged
        else:
            base[key] = copy.deepcopy(value)
    return base


def _strategic_list(target: Any, patch: list[Any], schema: dict[str, Any] | None) -> list[Any]:
    strategy = str((schema or {}).get("x-kubernetes-patch-strategy") or "")
    if "merge" not in strategy.split(",") or not isinstance(target, list):
        return [x for x in copy.deepcopy(patch) if not (isinstance(x, dict) and x.get("$patch"))]
    if any(isinstance(x, dict) and x.get("$patch") == "replace" for x in patch):
        return [x for x in copy.deepcopy(patch) if not (isinstance(x, dict) and "$patch" in x)]
    key = (schema or {}).get("x-kubernetes-patch-merge-key")
    out = copy.deepcopy(target)
    items = (schema or {}).get("items")
    for item in patch:
        if not key or not isinstance(item, dict):
            if item not in out:
                out.append(copy.deepcopy(item))
            continue
        index = next((i for i, x in enumerate(out) if isinstance(x, dict) and x.get(key) == item.get(key)), None)
        if item.get("$patch") == "delete":
            if index is not None:
                del out[index]
            continue
        if index is None:
            out.append({k: v for k, v in copy.deepcopy(item).items() if k != "$patch"})
        else:
            out[index] = _strategic_map(out[index], item, items if isinstance(items, dict) else None)
    return out
