"""Field trees → pydantic class specs for the ``zz_<kind>.py`` template (post-order: nested first)."""

from __future__ import annotations

import dataclasses

from codegen import fields as f

_SCALAR_TYPES = {"string": "str", "number": "Number", "boolean": "bool"}


@dataclasses.dataclass(frozen=True)
class FieldSpec:
    py_name: str
    type: str
    alias: str


@dataclasses.dataclass(frozen=True)
class ClassSpec:
    name: str
    fields: tuple[FieldSpec, ...]
    tf_fields: tuple[tuple[str, str], ...]
    tf_nested: tuple[tuple[str, str, tuple[str, ...]], ...]
    tf_secrets: tuple[tuple[str, str], ...]
    tf_provider: tuple[tuple[str, str], ...]
    tf_dynamic: tuple[str, ...]


class _Collector:
    def __init__(self) -> None:
        self.classes: list[ClassSpec] = []
        self.names: set[str] = set()

    def type_of(self, node: f.Node) -> tuple[str, str | None, tuple[str, ...]]:
        """(annotation, nested class or None, containers around it)."""
        if isinstance(node, f.Scalar):
            return _SCALAR_TYPES[node.kind], None, ()
        if isinstance(node, f.Dynamic):
            return "Any", None, ()
        if isinstance(node, f.Special):
            return node.name, None, ()
        if isinstance(node, f.Array):
            inner, cls, cont = self.type_of(node.item)
            return f"list[{inner}]", cls, ("list", *cont)
        if isinstance(node, f.Map):
            inner, cls, cont = self.type_of(node.value)
            return f"dict[str, {inner}]", cls, ("map", *cont)
        name = self.add(node)
        return name, name, ()

    def add(self, obj: f.Object) -> str:
        name = obj.class_name
        if name in self.names:
            return name
        specs, tf_fields, nested, secrets, provider, dynamic = [], [], [], [], [], []
        for fld in obj.fields:
            annotation, cls, containers = self.type_of(fld.node)
            specs.append(FieldSpec(fld.py_name, annotation, fld.json_name))
            if fld.role is f.TF:
                tf_fields.append((fld.py_name, fld.tf_name))
                if cls is not None:
                    nested.append((fld.py_name, cls, containers))
                if isinstance(fld.node, f.Dynamic):
                    dynamic.append(fld.py_name)
            elif fld.role is f.SECRET:
                secrets.append((fld.py_name, fld.tf_name))
            elif fld.role is f.PROVIDER:
                provider.append((fld.py_name, fld.tf_name))
        self.names.add(name)
        self.classes.append(ClassSpec(name, tuple(specs), tuple(tf_fields), tuple(nested), tuple(secrets),
                                      tuple(provider), tuple(dynamic)))
        return name


def class_specs(views: f.Views) -> list[ClassSpec]:
    c = _Collector()
    for obj in (views.parameters, views.init, views.observation):
        c.add(obj)
    return c.classes
