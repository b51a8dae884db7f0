"""Check that a CRD schema is structural, as the API server requires of apiextensions.k8s.io/v1.

The rules (Kubernetes docs, "Specifying a structural schema"): every node has a ``type`` unless
it sets ``x-kubernetes-preserve-unknown-fields`` or ``x-kubernetes-int-or-string``; no node has both
``properties`` and ``additionalProperties``; ``items`` is one schema; no ``$ref``; metadata at the
root only restricts ``name`` and ``generateName``; and list-type/map-key extensions are well-formed.
"""

from __future__ import annotations

from typing import Any

_TYPES = {"object", "array", "string", "integer", "number", "boolean"}
_ALLOWED = {
    "type", "description", "properties", "additionalProperties", "items", "required", "enum", "default",
    "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
    "pattern", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "nullable",
    "title", "multipleOf", "example", "x-kubernetes-preserve-unknown-fields", "x-kubernetes-int-or-string",
    "x-kubernetes-embedded-resource", "x-kubernetes-list-type", "x-kubernetes-list-map-keys",
    "x-kubernetes-map-type", "x-kubernetes-validations", "allOf", "anyOf", "oneOf", "not",
}


def violations(schema: Any, path: str = "") -> list[str]:
    """Every structural-schema violation under ``schema``, each with its path; empty if structural."""
    out: list[str] = []
    _walk(schema, path or ".", out, root=True)
    return out


def _walk(node: Any, path: str, out: list[str], *, root: bool = False) -> None:
    if not isinstance(node, dict):
        out.append(f"{path}: a schema must be an object")
        return
    for key in node:
        if key == "$ref":
            out.append(f"{path}: $ref is not allowed")
        elif key not in _ALLOWED:
            out.append(f"{path}: unknown schema keyword {key!r}")
    free = node.get("x-kubernetes-preserve-unknown-fields") is True or node.get("x-kubernetes-int-or-string")
    typ = node.get("type")
    if typ is None and not free:
        out.append(f"{path}: type is missing")
    elif typ is not None and typ not in _TYPES:
        out.append(f"{path}: unknown type {typ!r}")
    if "properties" in node and "additionalProperties" in node:
        out.append(f"{path}: properties and additionalProperties are mutually exclusive")
    if ("properties" in node or "additionalProperties" in node) and typ not in (None, "object"):
        out.append(f"{path}: properties on a non-object")
    if typ == "array" and "items" not in node:
        out.append(f"{path}: an array needs items")
    if "items" in node:
        if typ != "array":
            out.append(f"{path}: items on a non-array")
        _walk(node["items"], f"{path}[*]", out)
    for name, sub in (node.get("properties") or {}).items():
        sub_path = f"{path}.{name}" if path != "." else f".{name}"
        if root and name == "metadata" and isinstance(sub, dict) and set(sub.get("properties", {})) - {
                "name", "generateName"}:
            out.append(f"{sub_path}: only name and generateName may be restricted in metadata")
        _walk(sub, sub_path, out)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        _walk(extra, f"{path}.*", out)
    elif extra is not None and extra is not True and extra is not False:
        out.append(f"{path}: additionalProperties must be a schema or a boolean")
    required = node.get("required")
    if required is not None:
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            out.append(f"{path}: required must be a list of names")
        elif "properties" in node and (missing := set(required) - set(node["properties"])):
            out.append(f"{path}: required names unknown properties {sorted(missing)}")
    list_type = node.get("x-kubernetes-list-type")
    if list_type is not None:
        if typ != "array":
            out.append(f"{path}: x-kubernetes-list-type on a non-array")
        elif list_type == "set" and (node["items"].get("type") in ("object", "array")):
            out.append(f"{path}: list-type set needs scalar items")
        elif list_type == "map":
            keys = node.get("x-kubernetes-list-map-keys") or []
            props = node["items"].get("properties", {})
            if not keys or any(k not in props for k in keys):
                out.append(f"{path}: list-type map needs list-map-keys that are item properties")


def crd_violations(crd: dict[str, Any]) -> list[str]:
    name = crd.get("metadata", {}).get("name", "<unnamed>")
    out: list[str] = []
    for version in crd.get("spec", {}).get("versions", []):
        schema = version.get("schema", {}).get("openAPIV3Schema")
        if schema is None:
            out.append(f"{name} {version.get('name')}: no openAPIV3Schema")
            continue
        out += [f"{name} {version.get('name')}: {v}" for v in violations(schema)]
    return out
