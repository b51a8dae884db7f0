"""Validation, pruning and defaulting of objects against a CRD's structural openAPIV3Schema.

What the API server does to a custom resource before storing it, in its order: prune unknown
fields, apply defaults, validate. Errors carry the field path, as the real server's 422 does:
``spec.forProvider.cidrBlock: Invalid value: 5: must be of type string``.
CEL rules (``x-kubernetes-validations``) are evaluated by :mod:`devserver.rules`.
"""

from __future__ import annotations

import copy
import re
from typing import Any

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "boolean": (bool,), "object": (dict,), "array": (list,),
    "integer": (int,), "number": (int, float),
}


def _type_ok(value: Any, typ: str) -> bool:
    if typ in ("integer", "number") and isinstance(value, bool):
        return False
    if typ == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _JSON_TYPES.get(typ, (object,)))


def prune(schema: dict[str, Any], value: Any, *, root: bool = False) -> Any:
    """Drop fields the schema does not know, unless it preserves unknown fields there.

    At the root, apiVersion, kind and metadata are the server's own and are never pruned.
    """
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        keep_unknown = extra is True or schema.get("x-kubernetes-preserve-unknown-fields") is True
        out = {}
        for k, v in value.items():
            if root and k in ("apiVersion", "kind", "metadata"):
                out[k] = v
            elif k in props:
                out[k] = prune(props[k], v)
            elif isinstance(extra, dict):
                out[k] = prune(extra, v)
            elif keep_unknown:
                out[k] = v
        return out
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [prune(schema["items"], v) for v in value]
    return value


def apply_defaults(schema: dict[str, Any], value: Any) -> Any:
    if isinstance(value, dict):
        out = dict(value)
        for name, sub in (schema.get("properties") or {}).items():
            if name not in out and "default" in sub:
                out[name] = copy.deepcopy(sub["default"])
            if name in out:
                out[name] = apply_defaults(sub, out[name])
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            for k in out:
                if k not in (schema.get("properties") or {}):
                    out[k] = apply_defaults(extra, out[k])
        return out
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [apply_defaults(schema["items"], v) for v in value]
    return value


def validate(schema: dict[str, Any], value: Any, path: str = "") -> list[str]:
    """Every violation, each as ``<field path>: <reason>``; empty when ``value`` is valid."""
    errors: list[str] = []
    _validate(schema, value, path, errors)
    return errors


def _at(path: str) -> str:
    return path or "<root>"


def _validate(schema: dict[str, Any], value: Any, path: str, errors: list[str]) -> None:
    if value is None:
        if not schema.get("nullable"):
            errors.append(f"{_at(path)}: Invalid value: null: must not be null")
        return
    typ = schema.get("type")
    if schema.get("x-kubernetes-int-or-string"):
        if not (isinstance(value, str) or _type_ok(value, "integer")):
            errors.append(f"{_at(path)}: Invalid value: {value!r}: must be an integer or a string")
        return
    if typ and not _type_ok(value, typ):
        errors.append(f"{_at(path)}: Invalid value: {_short(value)}: must be of type {typ}")
        return
    if "enum" in schema and value not in schema["enum"]:
        allowed = ", ".join(f'"{e}"' if isinstance(e, str) else str(e) for e in schema["enum"])
        errors.append(f"{_at(path)}: Unsupported value: {_short(value)}: supported values: {allowed}")
    if isinstance(value, str):
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append(f"{_at(path)}: Too long: may not be longer than {schema['maxLength']}")
        if "minLength" in schema and len(value) < schema["minLength"]:
            errors.append(f"{_at(path)}: Invalid value: must be at least {schema['minLength']} characters")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errors.append(f"{_at(path)}: Invalid value: {value!r}: should match '{schema['pattern']}'")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{_at(path)}: Invalid value: {value}: should be at least {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{_at(path)}: Invalid value: {value}: should be at most {schema['maximum']}")
    if isinstance(value, list):
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(f"{_at(path)}: Too many: {len(value)}: must have at most {schema['maxItems']} items")
        if "minItems" in schema and len(value) < schema["minItems"]:
            errors.append(f"{_at(path)}: Invalid value: must have at least {schema['minItems']} items")
        items = schema.get("items")
        if isinstance(items, dict):
            for i, item in enumerate(value):
                _validate(items, item, f"{path}[{i}]", errors)
        if schema.get("x-kubernetes-list-type") == "set" and len({repr(v) for v in value}) != len(value):
            errors.append(f"{_at(path)}: Duplicate value: a set may not hold duplicates")
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        for name in schema.get("required", []):
            if name not in value:
                errors.append(f"{_join(path, name)}: Required value")
        extra = schema.get("additionalProperties")
        for k, v in value.items():
            if k in props:
                _validate(props[k], v, _join(path, k), errors)
            elif isinstance(extra, dict):
                _validate(extra, v, _join(path, k), errors)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 60 else text[:57] + "..."


def admit(schema: dict[str, Any], obj: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Prune, default and validate, as the API server does on create and update."""
    pruned = prune(schema, obj, root=True)
    defaulted = apply_defaults(schema, pruned)
    return defaulted, validate(schema, defaulted)


def unknown_fields(schema: dict[str, Any], value: Any, path: str = "", *, root: bool = True) -> list[str]:
    """The fields pruning would drop, as dotted paths (what ``fieldValidation=Strict`` refuses)."""
    out: list[str] = []
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        keep_unknown = extra is True or schema.get("x-kubernetes-preserve-unknown-fields") is True
        for k, v in value.items():
            if root and k in ("apiVersion", "kind", "metadata"):
                continue
            at = _join(path, k)
            if k in props:
                out += unknown_fields(props[k], v, at, root=False)
            elif isinstance(extra, dict):
                out += unknown_fields(extra, v, at, root=False)
            elif not keep_unknown:
                out.append(at)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(value):
            out += unknown_fields(schema["items"], item, f"{path}[{i}]", root=False)
    return out
