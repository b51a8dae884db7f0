"""An example manifest per kind: the config's own example, or one built from required fields."""

from __future__ import annotations

from typing import Any

from codegen import fields as f
from tfconfig import ResolvedResource, lower_camel

_SECRET = {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"}


def placeholder(node: f.Node) -> Any:
    if isinstance(node, f.Scalar):
        return {"string": "example", "number": 1, "boolean": True}[node.kind]
    if isinstance(node, f.Dynamic):
        return "example"
    if isinstance(node, f.Special):
        return {"SecretKeySelector": _SECRET, "SecretReference": {k: _SECRET[k] for k in ("name", "namespace")},
                "Reference": {"name": "example"}, "Selector": {"matchLabels": {"example": "true"}}}[node.name]
    if isinstance(node, f.Array):
        return [placeholder(node.item)]
    if isinstance(node, f.Map):
        return {"example": placeholder(node.value)}
    return required_values(node)


def required_values(obj: f.Object) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for fld in obj.fields:
        if fld.required and fld.role in (f.TF, f.SECRET, f.PROVIDER):
            out[fld.json_name] = placeholder(fld.node)
    return out


def manifest(res: ResolvedResource, views: f.Views) -> dict[str, Any]:
    if res.example is not None:
        name = res.example.name or f"example-{res.kind.lower()}"
        for_provider = dict(res.example.for_provider)
        labels = dict(res.example.labels)
    else:
        name = f"example-{res.kind.lower()}"
        for_provider = required_values(views.parameters)
        for inj in res.injected:
            if lower_camel(inj.name) in for_provider and inj.example:
                for_provider[lower_camel(inj.name)] = inj.example
        labels = {}
    metadata: dict[str, Any] = {"name": name}
    if labels:
        metadata["labels"] = labels
    spec: dict[str, Any] = {"forProvider": for_provider}
    if res.example is not None and res.example.connection_secret_namespace:
        spec["writeConnectionSecretToRef"] = {"name": name, "namespace": res.example.connection_secret_namespace}
    return {"apiVersion": res.api_version, "kind": res.kind, "metadata": metadata, "spec": spec}
