"""One resource schema + its resolved config → typed field trees, one per view.

The three views follow upjet:

* ``forProvider`` (PARAMETERS): required and optional arguments, minus ``id``, removed parameters
  and the argument the external name fills; sensitive arguments become ``<field>SecretRef``;
  referenced arguments get ``<field>Ref`` and ``<field>Selector``; injected fields (``region``)
  are added.
* ``initProvider`` (INIT): the same minus identifier fields and injected fields.
* ``atProvider`` (OBSERVATION): every non-sensitive attribute, computed ones included.

The CRD renderer and the pydantic renderer both read these trees, so they cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import keyword
from typing import Literal

from codegen import schema as s
from tfconfig import ResolvedResource, Timeouts, camel, identifier_from_provider, lower_camel


class View(enum.Enum):
    PARAMETERS = "Parameters"
    INIT = "InitParameters"
    OBSERVATION = "Observation"


PARAMETERS, INIT, OBSERVATION = View.PARAMETERS, View.INIT, View.OBSERVATION


class Role(enum.Enum):
    TF = "tf"  # a Terraform argument or attribute
    SECRET = "secret"  # <field>SecretRef: the value comes from a Secret
    REF = "ref"  # <field>Ref(s): the value comes from another managed resource
    SELECTOR = "selector"  # <field>Selector: picks that managed resource by labels
    PROVIDER = "provider"  # configures the provider, not the resource (region)


TF, SECRET, REF, SELECTOR, PROVIDER = Role.TF, Role.SECRET, Role.REF, Role.SELECTOR, Role.PROVIDER


@dataclasses.dataclass(frozen=True)
class Scalar:
    kind: Literal["string", "number", "boolean"]


@dataclasses.dataclass(frozen=True)
class Dynamic:
    """Terraform's dynamic pseudo-type: any JSON value."""


@dataclasses.dataclass(frozen=True)
class Special:
    """A fixed Crossplane type: SecretKeySelector, SecretReference, Reference or Selector."""

    name: Literal["SecretKeySelector", "SecretReference", "Reference", "Selector"]


@dataclasses.dataclass(frozen=True)
class Array:
    item: Node
    max_items: int = 0
    is_set: bool = False


@dataclasses.dataclass(frozen=True)
class Map:
    value: Node


@dataclasses.dataclass(frozen=True)
class Object:
    class_name: str
    fields: tuple[Field, ...]
    description: str = ""


Node = Scalar | Dynamic | Special | Array | Map | Object

_SCALARS: dict[str, Literal["string", "number", "boolean"]] = {
    "string": "string", "number": "number", "bool": "boolean",
}
# Names pydantic's BaseModel already uses; a field may not shadow them.
_RESERVED = frozenset({"copy", "dict", "json", "schema", "construct", "validate", "fields", "parse_obj",
                       "parse_raw", "parse_file", "from_orm", "update_forward_refs", "schema_json"})


@functools.cache
def py_name(tf_name: str) -> str:
    name = tf_name if tf_name.isidentifier() else "".join(c if c.isalnum() else "_" for c in tf_name)
    if keyword.iskeyword(name) or name in _RESERVED or name.startswith(("model_", "_")) or name[:1].isdigit():
        name = f"f_{name}" if name[:1].isdigit() or name.startswith("_") else f"{name}_"
    return name


@dataclasses.dataclass(frozen=True)
class Field:
    tf_name: str
    json_name: str
    py_name: str
    node: Node
    role: Role
    description: str = ""
    required: bool = False


@dataclasses.dataclass(frozen=True)
class Views:
    parameters: Object
    init: Object
    observation: Object
    # JSON names of top-level forProvider fields that must be set (in forProvider or initProvider,
    # or only forProvider when ``init`` is False), for the CRD's CEL rules.
    required: tuple[tuple[str, bool], ...]


class _Builder:
    def __init__(self, res: ResolvedResource) -> None:
        self.res = res
        en = res.external_name
        self.skip_params = {"id", *res.removed_parameters}
        if en.identifier_argument:
            self.skip_params.add(en.identifier_argument)
        self.identifiers = {*en.identifier_fields, *(f.name for f in res.injected)}

    def class_name(self, path: tuple[str, ...], view: View) -> str:
        return self.res.kind + (camel("_".join(path)) if path else "") + view.value

    def type_node(self, t: s.TypeExpr, path: tuple[str, ...], view: View) -> Node:
        if isinstance(t, str):
            return Dynamic() if t == "dynamic" else Scalar(_SCALARS[t])
        if isinstance(t, s.Collection):
            inner = self.type_node(t.element, path, view)
            return Map(inner) if t.kind == "map" else Array(inner, is_set=t.kind == "set")
        fields = tuple(Field(tf_name=name, json_name=lower_camel(name), py_name=py_name(name),
                             node=self.type_node(sub, (*path, name), view), role=TF)
                       for name, sub in t.attributes)
        return Object(self.class_name(path, view), fields)

    def nest(self, obj: Object, mode: s.NestingMode, max_items: int) -> Node:
        if mode in ("single", "group"):
            return obj
        if mode == "map":
            return Map(obj)
        return Array(obj, max_items=max_items, is_set=mode == "set")

    def attribute_fields(self, attr: s.Attribute, path: tuple[str, ...], view: View) -> list[Field]:
        dotted = ".".join((*path, attr.name))
        sensitive = attr.sensitive or dotted in self.res.sensitive
        json_name = lower_camel(attr.name)
        top = not path
        if view is OBSERVATION:
            if sensitive:
                return []
            node = self.node_for(attr, (*path, attr.name), view)
            return [] if node is None else [Field(attr.name, json_name, py_name(attr.name), node, TF,
                                                  attr.description)]
        if not attr.is_parameter or (top and attr.name in self.skip_params):
            return []
        if view is INIT and top and attr.name in self.identifiers:
            return []
        if sensitive:
            is_map = isinstance(attr.type, s.Collection) and attr.type.kind == "map"
            special = Special("SecretReference" if is_map else "SecretKeySelector")
            desc = f"Secret holding {attr.name}. {attr.description}".strip()
            return [Field(attr.name, json_name + "SecretRef", py_name(attr.name) + "_secret_ref", special,
                          SECRET, desc, attr.required)]
        node = self.node_for(attr, (*path, attr.name), view)
        if node is None:
            return []
        fields = [Field(attr.name, json_name, py_name(attr.name), node, TF, attr.description, attr.required)]
        ref = self.res.references.get(dotted)
        if ref is not None:
            many = isinstance(node, Array)
            stem = json_name[:-1] if many and json_name.endswith("s") else json_name
            py_stem = py_name(attr.name)
            ref_node: Node = Array(Special("Reference")) if many else Special("Reference")
            fields.append(Field(attr.name, stem + ("Refs" if many else "Ref"), py_stem + "_ref", ref_node,
                                REF, f"References to {ref.to} to populate {attr.name}."))
            fields.append(Field(attr.name, stem + "Selector", py_stem + "_selector", Special("Selector"),
                                SELECTOR, f"Selects a {ref.to} to populate {attr.name}."))
        return fields

    def node_for(self, attr: s.Attribute, path: tuple[str, ...], view: View) -> Node | None:
        if attr.nested is not None:
            inner = s.Block(attributes=attr.nested.attributes)
            obj = self.object(inner, path, view)
            if not obj.fields:
                return None
            return self.nest(obj, attr.nested.nesting_mode, attr.nested.max_items)
        assert attr.type is not None
        return self.type_node(attr.type, path, view)

    def object(self, block: s.Block, path: tuple[str, ...], view: View) -> Object:
        fields: list[Field] = []
        for attr in block.attributes:
            fields.extend(self.attribute_fields(attr, path, view))
        for bt in block.block_types:
            if not path and bt.name in self.res.removed_blocks:
                continue
            if view is INIT and not path and bt.name in self.identifiers:
                continue
            obj = self.object(bt.block, (*path, bt.name), view)
            if not obj.fields:
                continue
            fields.append(Field(bt.name, lower_camel(bt.name), py_name(bt.name),
                                self.nest(obj, bt.nesting_mode, bt.max_items), TF,
                                bt.block.description, required=bt.min_items > 0))
        if not path and view is PARAMETERS:
            # A resource whose schema already has the argument keeps it: the runtime reads the
            # provider setting from the same forProvider field either way.
            own = {f.tf_name for f in fields}
            for inj in (i for i in self.res.injected if i.name not in own):
                fields.append(Field(inj.name, lower_camel(inj.name), py_name(inj.name), Scalar("string"),
                                    PROVIDER, inj.description, inj.required))
        fields.sort(key=lambda f: f.json_name)
        self.check_unique(fields, path, view)
        return Object(self.class_name(path, view), tuple(fields), block.description)

    def check_unique(self, fields: list[Field], path: tuple[str, ...], view: View) -> None:
        seen: dict[str, str] = {}
        for f in fields:
            for key in (f.json_name, f.py_name):
                if key in seen and seen[key] != f.tf_name + f.role.value:
                    where = ".".join(path) or "<root>"
                    raise ValueError(f"{self.res.tf_type}: {view.value} {where}: two fields map to {key!r}")
                seen[key] = f.tf_name + f.role.value


def build(resource: s.ResourceSchema, res: ResolvedResource) -> Views:
    b = _Builder(res)
    params = b.object(resource.block, (), PARAMETERS)
    required: list[tuple[str, bool]] = []
    for f in params.fields:
        if not f.required or f.role in (REF, SELECTOR):
            continue
        if f.role is TF and f.tf_name in res.references:
            continue
        required.append((f.json_name, f.role is not PROVIDER and f.tf_name not in b.identifiers))
    return Views(
        parameters=params,
        init=b.object(resource.block, (), INIT),
        observation=b.object(resource.block, (), OBSERVATION),
        required=tuple(required),
    )


def provider_configuration(block: s.Block, kind: str, credentials: tuple[str, ...]) -> Object:
    """The ProviderConfig's ``spec.configuration``: the provider block's arguments, less credentials."""
    shell = ResolvedResource(tf_type=kind, kind=kind, short_group="", group="", version="", plural="",
                             external_name=identifier_from_provider(), references={}, sensitive=(),
                             late_init_ignore=(), injected=(), removed_parameters=credentials,
                             removed_blocks=(), timeouts=Timeouts(), example=None)
    return _Builder(shell).object(block, (), PARAMETERS)
