"""``Table`` responses (``Accept: application/json;as=Table;g=meta.k8s.io;v=v1``): what ``kubectl get`` prints.

A custom resource's columns are NAME and its CRD's ``additionalPrinterColumns`` (NAME and AGE when it
declares none), each cell found by the column's JSONPath as kube-apiserver evaluates printer columns:
the first result, a ``string`` column printed as text, a ``date`` column as an age (``5m``), other
types as their JSON value, and nothing when the path finds nothing. Built-in kinds get the columns
kubectl shows for them. Rows carry the object's metadata (``includeObject=Metadata``, the default),
the whole object (``Object``) or nothing (``None``).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from collections.abc import Callable
from typing import Any

Obj = dict[str, Any]
_NAME_COLUMN = {"name": "Name", "type": "string", "format": "name", "priority": 0,
                "description": "Name must be unique within a namespace."}
_AGE = {"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp",
        "description": "CreationTimestamp is the time the object was created."}


@dataclasses.dataclass(frozen=True)
class Column:
    name: str
    type: str
    json_path: str = ""
    description: str = ""
    priority: int = 0
    format: str = ""
    cell: Callable[[Obj], Any] | None = None  # built-in columns compute their cell

    def definition(self) -> Obj:
        return {"name": self.name, "type": self.type, "format": self.format, "description": self.description,
                "priority": self.priority}


def crd_columns(printer_columns: list[Obj] | None) -> list[Column]:
    declared = printer_columns if printer_columns else [_AGE]
    return [Column(str(c["name"]), str(c.get("type", "string")), str(c.get("jsonPath", "")),
                   str(c.get("description", "")), int(c.get("priority", 0)), str(c.get("format", "")))
            for c in declared]


# -- JSONPath: the subset printer columns use ------------------------------------------------------

_TOKEN = re.compile(
    r"""\.\.|\.((?:\\.|[^.\[\\])+)"""  # recursive descent, or .field (with \. escapes)
    r"""|\[\s*\?\(\s*@\.([\w.\\/-]+)\s*(==|!=)\s*(?:'([^']*)'|"([^"]*)"|([\w.-]+))\s*\)\s*\]"""  # [?(@.a=='b')]
    r"""|\[\s*(\*|-?\d+)\s*\]|\[\s*'([^']*)'\s*\]""")  # [*], [0], ['field']


def _tokens(path: str) -> list[tuple[str, Any]]:
    path = path.strip()
    if path.startswith("{") and path.endswith("}"):
        path = path[1:-1]
    if path.startswith("$"):
        path = path[1:]
    out: list[tuple[str, Any]] = []
    pos = 0
    while pos < len(path):
        m = _TOKEN.match(path, pos)
        if not m:
            raise ValueError(f"unsupported JSONPath {path!r} at {pos}")
        pos = m.end()
        if m.group(0) == "..":
            out.append(("recurse", None))
        elif m.group(1) is not None:
            out.append(("field", re.sub(r"\\(.)", r"\1", m.group(1))))
        elif m.group(2) is not None:
            literal = next((g for g in (m.group(4), m.group(5), m.group(6)) if g is not None), "")
            out.append(("filter", (m.group(2).replace("\\", "").split("."), m.group(3), literal)))
        elif m.group(7) is not None:
            out.append(("index", m.group(7)))
        else:
            out.append(("field", m.group(8)))
    return out


def _descend(values: list[Any], token: tuple[str, Any]) -> list[Any]:
    kind, arg = token
    out: list[Any] = []
    for value in values:
        if kind == "field":
            if isinstance(value, dict) and arg in value:
                out.append(value[arg])
            elif arg == "*" and isinstance(value, dict):
                out.extend(value.values())
        elif kind == "index" and isinstance(value, list):
            if arg == "*":
                out.extend(value)
            elif -len(value) <= int(arg) < len(value):
                out.append(value[int(arg)])
        elif kind == "index" and arg == "*" and isinstance(value, dict):
            out.extend(value.values())
        elif kind == "filter" and isinstance(value, list):
            fields, op, literal = arg
            for item in value:
                found: Any = item
                for f in fields:
                    found = found.get(f) if isinstance(found, dict) else None
                text = _text(found) if found is not None else None
                if (op == "==" and text == literal) or (op == "!=" and text is not None and text != literal):
                    out.append(item)
        elif kind == "recurse":
            out.extend(_everything(value))
    return out


def _everything(value: Any) -> list[Any]:
    out = [value]
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        out.extend(_everything(child))
    return out


def find(obj: Obj, path: str) -> list[Any]:
    values: list[Any] = [obj]
    for token in _tokens(path):
        values = _descend(values, token)
    return values


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def age(timestamp: Any, now: datetime.datetime | None = None) -> str | None:
    """A timestamp as kubectl's short age: 45s, 3m12s, 5h, 2d3h, 10d, 2y."""
    try:
        then = datetime.datetime.strptime(str(timestamp), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.UTC)
    except ValueError:
        return None
    seconds = int(((now or datetime.datetime.now(datetime.UTC)) - then).total_seconds())
    if seconds < 0:
        return "0s"
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if seconds < 120:
        return f"{seconds}s"
    if minutes < 10:
        return f"{minutes}m{seconds % 60}s" if seconds % 60 else f"{minutes}m"
    if minutes < 180:
        return f"{minutes}m"
    if hours < 8:
        return f"{hours}h{minutes % 60}m" if minutes % 60 else f"{hours}h"
    if hours < 48:
        return f"{hours}h"
    if hours < 24 * 8:
        return f"{days}d{hours % 24}h" if hours % 24 else f"{days}d"
    if days < 365 * 2:
        return f"{days}d"
    return f"{days // 365}y"


def cell(column: Column, obj: Obj) -> Any:
    if column.cell is not None:
        return column.cell(obj)
    try:
        results = find(obj, column.json_path)
    except ValueError:
        return None
    if not results or results[0] is None:
        return None
    value = results[0]
    if column.type == "date":
        return age(value)
    if column.type == "string":
        return _text(value)
    if column.type == "integer":
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    if column.type == "number":
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None
    if column.type == "boolean":
        return value if isinstance(value, bool) else None
    return value


def _partial(obj: Obj) -> Obj:
    return {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": obj.get("metadata", {})}


def row(columns: list[Column], obj: Obj, include: str) -> Obj:
    cells = [obj.get("metadata", {}).get("name", ""), *(cell(c, obj) for c in columns)]
    out: Obj = {"cells": cells}
    if include == "Object":
        out["object"] = obj
    elif include != "None":
        out["object"] = _partial(obj)
    return out


def table(columns: list[Column], objects: list[Obj], *, include: str, metadata: Obj,
          definitions: bool = True) -> Obj:
    return {"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": metadata,
            "columnDefinitions": [_NAME_COLUMN, *(c.definition() for c in columns)] if definitions else [],
            "rows": [row(columns, o, include) for o in objects]}


def wants_table(accept: str) -> bool:
    """Whether the client asked for a Table first (kubectl lists the Table forms before plain JSON)."""
    for part in accept.split(","):
        params = {p.split("=", 1)[0].strip(): p.split("=", 1)[1].strip() for p in part.split(";")[1:] if "=" in p}
        media = part.split(";")[0].strip()
        if params.get("as") == "Table" and params.get("g") == "meta.k8s.io" and params.get("v") in ("v1", "v1beta1"):
            return True
        if media in ("application/json", "*/*", "application/*"):
            return False
    return False
