"""An example manifest per kind: the config's own example, or one built from the required fields.

A built example fills every required argument with a value of its type, and a required argument
that another kind's object provides (a configured reference) with a ``<field>Ref`` to that kind's
example, so the examples of a provider apply together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfconfig import ResolvedResource
from tfschema import fields as f

_SECRET = {"key": "example-key", "name": "example-secret", "namespace": "crossplane-system"}
_SCALARS: dict[str, Any] = {"string": "example", "number": 1, "boolean": True}


def name_of(res: ResolvedResource) -> str:
    """The object name of a kind's example."""
    if res.example is not None and res.example.name:
        return res.example.name
    return f"example-{res.kind.lower()}"


class _Builder:
    def __init__(self, res: ResolvedResource, example_name: Callable[[str], str]) -> None:
        self.res = res
        self.example_name = example_name
        self.injected = {i.name: i.example for i in res.injected if i.example}

    def placeholder(self, node: f.Node) -> Any:
        if isinstance(node, f.Scalar):
            return _SCALARS[node.kind]
        if isinstance(node, f.Dynamic):
            return "example"
        if isinstance(node, f.Special):
            # A namespaced kind's Secrets are its own namespace's: its references to them name none.
            secret = {k: v for k, v in _SECRET.items() if k != "namespace" or not self.res.namespaced}
            return {"SecretKeySelector": secret, "SecretReference": {k: secret[k] for k in secret if k != "key"},
                    "Reference": {"name": "example"}, "Selector": {"matchLabels": {"example": "true"}}}[node.name]
        if isinstance(node, f.Array):
            item = self.placeholder(node.item)
            return item if node.embedded else [item]
        if isinstance(node, f.Map):
            return {"example": self.placeholder(node.value)}
        return self.required_values(node, ())

    def required_values(self, obj: f.Object, path: tuple[str, ...]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        by_role = {(fl.tf_name, fl.role): fl for fl in obj.fields}
        for fld in obj.fields:
            if not fld.required or fld.role not in (f.TF, f.SECRET, f.PROVIDER):
                continue
            ref = by_role.get((fld.tf_name, f.REF))
            target = self.res.references.get(".".join((*path, fld.tf_name)))
            if ref is not None and target is not None:
                name = {"name": self.example_name(target.to)}
                out[ref.json_name] = [name] if isinstance(ref.node, f.Array) else name
            elif not path and fld.tf_name in self.injected and isinstance(fld.node, f.Scalar):
                out[fld.json_name] = self.injected[fld.tf_name]
            else:
                out[fld.json_name] = self.placeholder(fld.node)
        return out


def path_of(res: ResolvedResource) -> str:
    """Where a kind's example lives in the provider tree: a namespaced kind's beside its cluster twin's, as
    upjet's ``examples/<group>/namespaced/``."""
    scope = "namespaced/" if res.namespaced else ""
    return f"examples/{res.short_group}/{scope}{res.version}/{res.kind.lower()}.yaml"


def _own_namespace(value: Any) -> Any:
    """A written example, for a namespaced kind: its Secret references name no namespace (its Secrets are
    its own namespace's)."""
    if isinstance(value, dict):
        return {k: ({kk: vv for kk, vv in v.items() if kk != "namespace"}
                    if k.endswith("SecretRef") and isinstance(v, dict) else _own_namespace(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_own_namespace(v) for v in value]
    return value


def manifest(res: ResolvedResource, views: f.Views, example_name: Callable[[str], str]) -> dict[str, Any]:
    """``example_name`` gives the example object name of a referenced Terraform type. A namespaced kind's
    example names no namespace: it applies to the namespace kubectl is told, with what it references."""
    name = name_of(res)
    if res.example is not None:
        for_provider = _own_namespace(res.example.for_provider) if res.namespaced else dict(res.example.for_provider)
        labels = dict(res.example.labels)
    else:
        for_provider = _Builder(res, example_name).required_values(views.parameters, ())

        labels = {}
    metadata: dict[str, Any] = {"name": name}
    if labels:
        metadata["labels"] = labels
    spec: dict[str, Any] = {"forProvider": for_provider}
    if res.example is not None and res.example.connection_secret_namespace:
        spec["writeConnectionSecretToRef"] = {"name": name} if res.namespaced else {
            "name": name, "namespace": res.example.connection_secret_namespace}
    return {"apiVersion": res.api_version, "kind": res.kind, "metadata": metadata, "spec": spec}
