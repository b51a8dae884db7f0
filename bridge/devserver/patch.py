"""JSON merge patch (RFC 7386) and JSON patch (RFC 6902).

Strategic merge patch, which core types accept, is applied as a merge patch: the controllers and
tests here never rely on its list-merge keys.
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
