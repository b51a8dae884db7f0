"""The OpenAPI documents the server publishes: v2 (``/openapi/v2``) and v3 (``/openapi/v3`` and one
document per group-version), built from the installed CRDs and the built-in kinds.

kubectl reads them for ``kubectl explain``, to learn that the server validates fields itself (the
``fieldValidation`` parameter on each PATCH, which turns on server-side field validation), and to
choose a patch type (strategic merge is offered for built-in kinds only, as kube-apiserver does).
Each kind's schema carries ``x-kubernetes-group-version-kind``; ``metadata`` refers to ObjectMeta.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
from typing import Any

from devserver import builtin

Obj = dict[str, Any]
OBJECT_META = f"{builtin.META_PREFIX}.ObjectMeta"
_PATCH_TYPES = ["application/apply-patch+yaml", "application/json-patch+json", "application/merge-patch+json"]
_STRATEGIC = "application/strategic-merge-patch+json"
_QUERY = {
    "fieldValidation": "How the server treats unknown and duplicate fields: Ignore, Warn or Strict.",
    "fieldManager": "The name of the actor making the change, for field ownership.",
    "dryRun": "When present, changes are not persisted.",
}
_FORCE = "Apply only: take over the fields other managers own."


@dataclasses.dataclass(frozen=True)
class Kind:
    """One served kind, as the documents describe it."""

    group: str
    version: str
    plural: str
    kind: str
    namespaced: bool
    status_subresource: bool
    custom: bool
    definition: str  # this kind's definition name
    definitions: dict[str, Obj]  # every definition it needs (v2 form: ``#/definitions/`` references)

    @property
    def group_version(self) -> str:
        return f"apis/{self.group}/{self.version}" if self.group else f"api/{self.version}"

    @property
    def gvk(self) -> Obj:
        return {"group": self.group, "kind": self.kind, "version": self.version}


def _reversed_group(group: str) -> str:
    return ".".join(reversed(group.split(".")))


def custom_kind(group: str, version: str, plural: str, kind: str, namespaced: bool, status_subresource: bool,
                schema: Obj | None) -> Kind:
    name = f"{_reversed_group(group)}.{version}.{kind}"
    body: Obj = copy.deepcopy(schema) if schema else {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
    props: Obj = body.setdefault("properties", {})
    props["apiVersion"] = {"type": "string", "description": "APIVersion defines the versioned schema of this "
                                                            "representation of an object."}
    props["kind"] = {"type": "string", "description": "Kind is a string value representing the REST resource "
                                                      "this object represents."}
    props["metadata"] = {"$ref": f"#/definitions/{OBJECT_META}", "description": "Standard object's metadata."}
    meta_definitions = builtin.meta_definitions()[1]
    return Kind(group, version, plural, kind, namespaced, status_subresource, True, name,
                {name: body, **meta_definitions})


def builtin_kind(b: builtin.Builtin) -> Kind:
    name, definitions = b.definitions()
    return Kind(b.group, b.version, b.plural, b.kind, b.namespaced, b.status_subresource, False, name, definitions)


def _v3_refs(schema: Any) -> Any:
    """v2 ``#/definitions/X`` references become v3 ``#/components/schemas/X`` (wrapped in allOf where the
    reference has siblings, as kube-apiserver publishes them)."""
    if isinstance(schema, list):
        return [_v3_refs(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _v3_refs(v) for k, v in schema.items() if k != "$ref"}
    if "$ref" in schema:
        ref = str(schema["$ref"]).replace("#/definitions/", "#/components/schemas/")
        if out:
            out["allOf"] = [{"$ref": ref}]
        else:
            out["$ref"] = ref
    return out


def _v2_schema(schema: Any) -> Any:
    """v2 has no ``nullable``; everything else a structural schema holds is valid there."""
    if isinstance(schema, list):
        return [_v2_schema(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    return {k: _v2_schema(v) for k, v in schema.items() if k != "nullable"}


def _operation_id(verb: str, k: Kind, suffix: str = "") -> str:
    group = "".join(p.capitalize() for p in (k.group or "core").replace("-", ".").split("."))
    return f"{verb}{group}{k.version.capitalize()}{'Namespaced' if k.namespaced else ''}{k.kind}{suffix}"


def _operations(k: Kind, *, v3: bool) -> dict[str, Obj]:
    """Paths and operations: the collection, one object, and its status."""
    base = f"/{k.group_version}" + ("/namespaces/{namespace}" if k.namespaced else "") + f"/{k.plural}"
    ref = {"$ref": f"#/{'components/schemas' if v3 else 'definitions'}/{k.definition}"}
    patch_types = [*_PATCH_TYPES] if k.custom else [*_PATCH_TYPES, _STRATEGIC]

    def op(verb: str, action: str, *, body: bool, params: tuple[str, ...] = (), media: list[str] | None = None,
           suffix: str = "") -> Obj:
        query = [*params, *(("force",) if verb == "patch" else ())]
        out: Obj = {"operationId": _operation_id(verb, k, suffix), "x-kubernetes-action": action,
                    "x-kubernetes-group-version-kind": k.gvk}
        parameters = []
        for name in query:
            text = _FORCE if name == "force" else _QUERY[name]
            kind = "boolean" if name == "force" else "string"
            parameters.append({"name": name, "in": "query", "description": text, "uniqueItems": True,
                               **({"schema": {"type": kind}} if v3 else {"type": kind})})
        if v3:
            if body:
                out["requestBody"] = {"content": {m: {"schema": ref} for m in (media or ["application/json"])},
                                      "required": True}
            out["responses"] = {"200": {"description": "OK", "content": {"application/json": {"schema": ref}}}}
        else:
            if body:
                parameters.append({"name": "body", "in": "body", "required": True, "schema": ref})
            out["consumes"] = media or ["application/json"]
            out["produces"] = ["application/json", "application/yaml"]
            out["responses"] = {"200": {"description": "OK", "schema": ref}}
        out["parameters"] = parameters
        return out

    writes = ("dryRun", "fieldManager", "fieldValidation")
    item: Obj = {
        "get": op("read", "get", body=False),
        "put": op("replace", "put", body=True, params=writes),
        "patch": op("patch", "patch", body=True, params=writes, media=patch_types),
        "delete": op("delete", "delete", body=False, params=("dryRun",)),
    }
    paths: dict[str, Obj] = {
        base: {"get": op("list", "list", body=False), "post": op("create", "post", body=True, params=writes)},
        f"{base}/{{name}}": item,
    }
    if k.status_subresource:
        paths[f"{base}/{{name}}/status"] = {
            "get": op("read", "get", body=False, suffix="Status"),
            "put": op("replace", "put", body=True, params=writes, suffix="Status"),
            "patch": op("patch", "patch", body=True, params=writes, media=patch_types, suffix="Status"),
        }
    for path in paths:
        segments = [("namespace", "object name and auth scope, such as for teams and projects")] if k.namespaced \
            else []
        if "{name}" in path:
            segments.append(("name", f"name of the {k.kind}"))
        paths[path]["parameters"] = [
            {"name": n, "in": "path", "required": True, "description": d, "uniqueItems": True,
             **({"schema": {"type": "string"}} if v3 else {"type": "string"})} for n, d in segments]
    return paths


def _definitions(kinds: list[Kind]) -> dict[str, Obj]:
    out: dict[str, Obj] = {}
    for k in kinds:
        out.update(k.definitions)
    for k in kinds:
        out[k.definition] = {**out[k.definition], "x-kubernetes-group-version-kind": [k.gvk]}
    return dict(sorted(out.items()))


def v2(kinds: list[Kind], version: str) -> Obj:
    paths: Obj = {}
    for k in sorted(kinds, key=lambda k: (k.group, k.version, k.plural)):
        paths.update(_operations(k, v3=False))
    return {"swagger": "2.0", "info": {"title": "Kubernetes", "version": version}, "paths": paths,
            "definitions": {n: _v2_schema(s) for n, s in _definitions(kinds).items()}}


def v3(kinds: list[Kind], version: str) -> Obj:
    """One group-version's v3 document (``kinds`` all of that group-version)."""
    paths: Obj = {}
    for k in sorted(kinds, key=lambda k: k.plural):
        paths.update(_operations(k, v3=True))
    schemas = {n: _v3_refs(s) for n, s in _definitions(kinds).items()}
    return {"openapi": "3.0.0", "info": {"title": "Kubernetes", "version": version}, "paths": paths,
            "components": {"schemas": schemas}}


def encode(doc: Obj) -> bytes:
    return json.dumps(doc, separators=(",", ":"), sort_keys=True).encode()


def digest(data: bytes) -> str:
    return hashlib.sha512(data).hexdigest()[:64].upper()
