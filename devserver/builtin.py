"""The built-in kinds the server serves: their resource types, schemas and ``kubectl get`` columns.

Schemas are derived from the official client's models (``openapi_types``, ``attribute_map`` and the
property docstrings), so OpenAPI documents, pruning and field ownership describe the same fields a
client sends; a self-referencing type (a CRD's JSONSchemaProps) is cut off where it recurses.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from kubernetes import client as models

from devserver import tables
from devserver.tables import Column

Obj = dict[str, Any]
META_PREFIX = "io.k8s.apimachinery.pkg.apis.meta.v1"
_META_MODELS = {"V1ObjectMeta", "V1OwnerReference", "V1ManagedFieldsEntry", "V1ListMeta"}
_SCALARS: dict[str, Obj] = {
    "str": {"type": "string"}, "int": {"type": "integer", "format": "int64"}, "float": {"type": "number"},
    "bool": {"type": "boolean"}, "datetime": {"type": "string", "format": "date-time"},
    "date": {"type": "string", "format": "date"}, "object": {"x-kubernetes-preserve-unknown-fields": True},
}
_LIST = re.compile(r"^list\[(.+)\]$")
_DICT = re.compile(r"^dict\(str, (.+)\)$")
# List semantics the Go types declare (patch merge keys, list types); the client's models do not carry them.
_LIST_SEMANTICS: dict[tuple[str, str], Obj] = {
    ("V1ObjectMeta", "finalizers"): {"x-kubernetes-list-type": "set", "x-kubernetes-patch-strategy": "merge"},
    ("V1ObjectMeta", "ownerReferences"): {
        "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["uid"],
        "x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "uid"},
    ("V1ServiceAccount", "secrets"): {"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"},
}


def _description(model: type, attribute: str) -> str:
    doc = getattr(getattr(model, attribute, None), "__doc__", "") or ""
    parts = [p.strip() for p in doc.split("\n\n")]
    text = parts[1] if len(parts) > 2 else ""
    return re.sub(r"\s*# noqa: E501\s*$", "", text).strip()


def _kind_name(model_name: str) -> str:
    return re.sub(r"^(?:[A-Z][a-z]+)?V\d+(?:(?:alpha|beta)\d+)?", "", model_name)


@dataclasses.dataclass
class _Definitions:
    """Walks models into named definitions (for OpenAPI documents) and inline schemas (for the store)."""

    prefix: str
    named: dict[str, Obj] = dataclasses.field(default_factory=dict)

    def name_of(self, model_name: str) -> str:
        prefix = META_PREFIX if model_name in _META_MODELS else self.prefix
        return f"{prefix}.{_kind_name(model_name)}"

    def ref(self, type_name: str) -> Obj:
        if type_name in _SCALARS:
            return dict(_SCALARS[type_name])
        if m := _LIST.match(type_name):
            return {"type": "array", "items": self.ref(m.group(1))}
        if m := _DICT.match(type_name):
            return {"type": "object", "additionalProperties": self.ref(m.group(1))}
        name = self.name_of(type_name)
        if name not in self.named:
            self.named[name] = {}
            self.named[name] = self.model(getattr(models, type_name))
        return {"$ref": f"#/definitions/{name}"}

    def model(self, model: type) -> Obj:
        props: Obj = {}
        types: dict[str, str] = model.openapi_types  # type: ignore[attr-defined]
        attributes: dict[str, str] = model.attribute_map  # type: ignore[attr-defined]
        for attribute, type_name in sorted(types.items(), key=lambda kv: attributes[kv[0]]):
            field = attributes[attribute]
            schema = self.ref(type_name)
            schema.update(_LIST_SEMANTICS.get((model.__name__, field), {}))
            if description := _description(model, attribute):
                schema["description"] = description
            props[field] = schema
        return {"type": "object", "properties": props}


def inline(schema: Any, definitions: dict[str, Obj], seen: tuple[str, ...] = ()) -> Any:
    """``schema`` with every ``$ref`` replaced by its definition; a recursive one preserves unknown fields."""
    if isinstance(schema, list):
        return [inline(v, definitions, seen) for v in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[-1]
        if name in seen:
            return {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
        extra = {k: v for k, v in schema.items() if k != "$ref"}
        return {**inline(definitions[name], definitions, (*seen, name)), **extra}
    return {k: inline(v, definitions, seen) for k, v in schema.items()}


@dataclasses.dataclass(frozen=True)
class Builtin:
    group: str
    version: str
    plural: str
    kind: str
    namespaced: bool
    model: str
    prefix: str
    short_names: tuple[str, ...] = ()
    status_subresource: bool = False
    columns: tuple[Column, ...] = ()

    def definitions(self) -> tuple[str, dict[str, Obj]]:
        """(this kind's definition name, every definition it needs by name); shared, never to be changed."""
        return _model_definitions(self.prefix, self.model)


@functools.cache
def _model_definitions(prefix: str, model: str) -> tuple[str, dict[str, Obj]]:
    walker = _Definitions(prefix)
    walker.ref(model)
    return walker.name_of(model), walker.named


def meta_definitions() -> tuple[str, dict[str, Obj]]:
    """ObjectMeta and what it refers to, for the documents of custom resources."""
    return _model_definitions(META_PREFIX, "V1ObjectMeta")


def _age() -> Column:
    return Column("Age", "date", ".metadata.creationTimestamp", "CreationTimestamp of the object.")


def _size(field: str) -> Any:
    return lambda obj: len(obj.get(field) or {})


def _involved(obj: Obj) -> str:
    ref = obj.get("involvedObject") or {}
    return f"{str(ref.get('kind', '')).lower()}/{ref.get('name', '')}"


def _last_seen(obj: Obj) -> Any:
    return tables.age(obj.get("lastTimestamp") or obj.get("eventTime") or obj["metadata"].get("creationTimestamp"))


BUILTINS = (
    Builtin("", "v1", "namespaces", "Namespace", False, "V1Namespace", "io.k8s.api.core.v1", ("ns",),
            columns=(Column("Status", "string", ".status.phase", "The namespace's phase."), _age())),
    Builtin("", "v1", "secrets", "Secret", True, "V1Secret", "io.k8s.api.core.v1",
            columns=(Column("Type", "string", ".type", "The secret's type."),
                     Column("Data", "integer", "", "How many keys it holds.", cell=_size("data")), _age())),
    Builtin("", "v1", "configmaps", "ConfigMap", True, "V1ConfigMap", "io.k8s.api.core.v1", ("cm",),
            columns=(Column("Data", "integer", "", "How many keys it holds.", cell=_size("data")), _age())),
    Builtin("", "v1", "events", "Event", True, "CoreV1Event", "io.k8s.api.core.v1", ("ev",),
            columns=(Column("Last Seen", "string", "", "When it was last seen.", cell=_last_seen),
                     Column("Type", "string", ".type", "Normal or Warning."),
                     Column("Reason", "string", ".reason", "Why it happened."),
                     Column("Object", "string", "", "What it is about.", cell=_involved),
                     Column("Message", "string", ".message", "What happened."))),
    Builtin("", "v1", "serviceaccounts", "ServiceAccount", True, "V1ServiceAccount", "io.k8s.api.core.v1", ("sa",),
            columns=(Column("Secrets", "integer", "", "How many secrets it lists.", cell=_size("secrets")),
                     _age())),
    Builtin("coordination.k8s.io", "v1", "leases", "Lease", True, "V1Lease", "io.k8s.api.coordination.v1",
            columns=(Column("Holder", "string", ".spec.holderIdentity", "Who holds the lease."), _age())),
    Builtin("apiextensions.k8s.io", "v1", "customresourcedefinitions", "CustomResourceDefinition", False,
            "V1CustomResourceDefinition", "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1",
            ("crd", "crds"), status_subresource=True,
            columns=(Column("Created At", "string", ".metadata.creationTimestamp", "When it was created."),)),
)
