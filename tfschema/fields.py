"""One resource schema + the rules its config sets → typed field trees, one per view.

The three views follow upjet:

* ``forProvider`` (PARAMETERS): required and optional arguments, minus ``id``, removed parameters,
  arguments that read local files and the argument the external name fills; sensitive arguments
  become ``<field>SecretRef``; referenced arguments get ``<field>Ref`` and ``<field>Selector``;
  injected fields (``region``) are added.
* ``initProvider`` (INIT): the same minus identifier fields and injected fields.
* ``atProvider`` (OBSERVATION): every non-sensitive attribute, computed ones included.

The generator renders these trees as CRDs; the runtime walks the very same trees to turn a spec
into Terraform arguments and a state into ``atProvider``, so the two cannot drift apart. What a
tree depends on in the config is exactly :class:`Rules`: its canonical form goes into the digest
that ties a served CRD to the runtime that reads it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from collections.abc import Mapping
from typing import Literal

from tfconfig import InjectedField, LocalFiles, Reference, ResolvedResource, lower_camel
from tfconfig.localfiles import candidate
from tfschema import schema as s

# What a reference's own stem must be: a field name in lower camel case.
_STEM = re.compile(r"[a-z][A-Za-z0-9]*")


def _named(ref: Reference) -> list[str]:
    """A reference's naming and prefix for a digest, only where set: a provider that sets neither keeps the
    digests it had."""
    return [*([f"stem={ref.stem}"] if ref.stem else []), *([f"prefix={ref.prefix}"] if ref.prefix else [])]


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
    # The argument again, under the name an earlier API version gave it: only in such a version's trees,
    # which conversion reads and writes (never the runtime, whose version has none).
    OLD_NAME = "old-name"
    # A switch of the runtime's own, no argument: true has it generate an argument's Secret (autoGeneratePassword).
    GENERATE = "generate"


TF, SECRET, REF, SELECTOR, PROVIDER, OLD_NAME, GENERATE = (Role.TF, Role.SECRET, Role.REF, Role.SELECTOR, Role.PROVIDER,
                                                           Role.OLD_NAME, Role.GENERATE)


@dataclasses.dataclass(frozen=True)
class Scalar:
    kind: Literal["string", "number", "boolean"]
    # An anchored regular expression a string must match; empty: any string.
    pattern: str = ""


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
    # A block of at most one element shown as that element itself (upjet's embedded object):
    # an object in the CRD, a one-element list for Terraform.
    embedded: bool = False


@dataclasses.dataclass(frozen=True)
class Map:
    value: Node


@dataclasses.dataclass(frozen=True)
class Object:
    fields: tuple[Field, ...]
    description: str = ""

    def by_json(self) -> dict[str, Field]:
        return {f.json_name: f for f in self.fields}


Node = Scalar | Dynamic | Special | Array | Map | Object

_SCALARS: dict[str, Literal["string", "number", "boolean"]] = {
    "string": "string", "number": "number", "bool": "boolean",
}


@dataclasses.dataclass(frozen=True)
class Field:
    tf_name: str
    json_name: str
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


@dataclasses.dataclass(frozen=True)
class Rules:
    """Everything of a resource's config that its field trees depend on, and nothing else."""

    tf_type: str
    skip_params: frozenset[str]
    identifiers: frozenset[str]
    sensitive: frozenset[str]
    references: Mapping[str, Reference]
    injected: tuple[InjectedField, ...]
    removed_blocks: frozenset[str]
    local_files: LocalFiles
    embed_singletons: bool
    singular_list_refs: bool = True
    # Argument path → the JSON name an earlier API version gave its field, served beside the field's own.
    old_names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # The argument a new object may leave out (its name fills it): optional in the CRD.
    name_argument: str = ""
    # The argument the external name fills, served in forProvider all the same (optional, never in initProvider).
    identifier_in_spec: str = ""
    # Sensitive argument → the boolean forProvider field that has the runtime generate its Secret.
    generated_secrets: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def canonical(self) -> str:
        """A stable text of these rules, for digests. A rule newer than the digests appears only where it
        is in effect, so that a provider that does not use it keeps the digests it had."""
        upjet_list_refs = {} if self.singular_list_refs else {"upjet_list_refs": True}
        old_names = {"old_names": dict(sorted(self.old_names.items()))} if self.old_names else {}
        named = {"name_argument": self.name_argument} if self.name_argument else {}
        served = {"identifier_in_spec": self.identifier_in_spec} if self.identifier_in_spec else {}
        generated = ({"generated_secrets": dict(sorted(self.generated_secrets.items()))}
                     if self.generated_secrets else {})
        return json.dumps({**upjet_list_refs, **old_names, **named, **served, **generated,
            "tf_type": self.tf_type, "skip_params": sorted(self.skip_params),
            "identifiers": sorted(self.identifiers), "sensitive": sorted(self.sensitive),
            "references": {k: [v.to, v.extract, *_named(v)] for k, v in sorted(self.references.items())},
            "injected": [i.canonical() for i in self.injected],
            "removed_blocks": sorted(self.removed_blocks),
            "local_files": {"exceptions": dict(sorted(self.local_files.exceptions.items())),
                            "also": sorted(self.local_files.also)},
            "embed_singletons": self.embed_singletons,
        }, sort_keys=True, separators=(",", ":"))


def rules(res: ResolvedResource, version: str | None = None) -> Rules:
    """The rules of ``res``'s field trees at ``version`` (default: the version its objects are stored at)."""
    at = res.at(version or res.version)
    en = res.external_name
    skip = {"id", *res.removed_parameters}
    if en.identifier_argument and not res.identifier_in_spec:
        skip.add(en.identifier_argument)
    served = (res.identifier_in_spec,) if res.identifier_in_spec else ()
    return Rules(
        tf_type=res.tf_type, skip_params=frozenset(skip),
        identifiers=frozenset({*en.identifier_fields, *(i.name for i in res.injected), *served}),
        sensitive=frozenset(res.sensitive), references=dict(res.references), injected=res.injected,
        removed_blocks=frozenset(res.removed_blocks), local_files=res.local_files,
        embed_singletons=at.embed_singletons, singular_list_refs=res.singular_list_refs,
        old_names=dict(at.old_names), name_argument=res.name_argument, identifier_in_spec=res.identifier_in_spec,
        generated_secrets=dict(res.generated_secrets),
    )


def path_like(t: s.TypeExpr | None) -> bool:
    """Whether a value of this type could name files: a string, or a list or set of strings."""
    return t == "string" or (isinstance(t, s.Collection) and t.kind != "map" and t.element == "string")


class _Builder:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.patterns = {i.name: i.pattern for i in rules.injected if i.pattern}

    def type_node(self, t: s.TypeExpr) -> Node:
        if isinstance(t, str):
            return Dynamic() if t == "dynamic" else Scalar(_SCALARS[t])
        if isinstance(t, s.Collection):
            inner = self.type_node(t.element)
            return Map(inner) if t.kind == "map" else Array(inner, is_set=t.kind == "set")
        return Object(tuple(Field(name, lower_camel(name), self.type_node(sub), TF) for name, sub in t.attributes))

    def nest(self, obj: Object, mode: s.NestingMode, max_items: int, *, block: bool) -> Node:
        if mode in ("single", "group"):
            return obj
        if mode == "map":
            return Map(obj)
        embedded = block and max_items == 1 and self.rules.embed_singletons
        return Array(obj, max_items=max_items, is_set=mode == "set", embedded=embedded)

    def local_file(self, attr: s.Attribute, path: tuple[str, ...]) -> bool:
        if not (path_like(attr.type) and (candidate(attr.name) or self.rules.local_files.also)):
            return False
        return self.rules.local_files.reads_local_file(".".join((self.rules.tf_type, *path)))

    def attribute_fields(self, attr: s.Attribute, path: tuple[str, ...], view: View) -> list[Field] | None:
        """The fields of one attribute; None when it is a required argument that can never be set."""
        dotted = ".".join((*path, attr.name))
        sensitive = attr.sensitive or dotted in self.rules.sensitive
        json_name = lower_camel(attr.name)
        top = not path
        if view is OBSERVATION:
            if sensitive:
                return []
            node = self.node_for(attr, (*path, attr.name), view)
            return [] if node is None else [Field(attr.name, json_name, node, TF, attr.description),
                                            *self.old_name(dotted, node)]
        if not attr.is_parameter or (top and attr.name in self.rules.skip_params):
            return []
        if self.local_file(attr, (*path, attr.name)):
            return None if attr.required else []
        if view is INIT and top and attr.name in self.rules.identifiers:
            return []
        if sensitive:
            kind = attr.type.kind if isinstance(attr.type, s.Collection) else ""
            # A map from every key of one Secret; a list or set, one Secret key per element (as upjet's
            # ``[]SecretKeySelector``); anything else, one Secret key.
            secret: Node = Special("SecretReference") if kind == "map" else (
                Array(Special("SecretKeySelector")) if kind in ("list", "set") else Special("SecretKeySelector"))
            desc = f"Secret holding {attr.name}. {attr.description}".strip()
            return [Field(attr.name, json_name + "SecretRef", secret, SECRET, desc, attr.required)]
        node = self.node_for(attr, (*path, attr.name), view)
        if node is None:
            return []
        if top and isinstance(node, Scalar) and attr.name in self.patterns:
            node = dataclasses.replace(node, pattern=self.patterns[attr.name])
        fields = [Field(attr.name, json_name, node, TF, attr.description, attr.required),
                  *self.old_name(dotted, node)]
        ref = self.rules.references.get(dotted)
        if ref is not None:
            many = isinstance(node, Array)
            stem = ref.stem or (json_name[:-1] if many and json_name.endswith("s") and self.rules.singular_list_refs
                                else json_name)
            if not _STEM.fullmatch(stem):
                raise ValueError(f"resources[{self.rules.tf_type!r}].references[{dotted!r}].stem: {stem!r} is no "
                                 f"field name (a lower camel case word)")
            ref_node: Node = Array(Special("Reference")) if many else Special("Reference")
            fields.append(Field(attr.name, stem + ("Refs" if many else "Ref"), ref_node,
                                REF, f"References to {ref.to} to populate {attr.name}."))
            fields.append(Field(attr.name, stem + "Selector", Special("Selector"),
                                SELECTOR, f"Selects a {ref.to} to populate {attr.name}."))
        return fields

    def old_name(self, dotted: str, node: Node) -> list[Field]:
        """The field under the name an earlier version gave it, where this version serves that name too."""
        name = self.rules.old_names.get(dotted)
        if name is None:
            return []
        tf_name = dotted.rpartition(".")[2]
        return [Field(tf_name, name, node, OLD_NAME, f"{lower_camel(tf_name)} by the name this version gave it "
                                                         f"before it was renamed: set either.")]

    def node_for(self, attr: s.Attribute, path: tuple[str, ...], view: View) -> Node | None:
        if attr.nested is not None:
            inner = s.Block(attributes=attr.nested.attributes)
            obj = self.object(inner, path, view)
            if obj is None or not obj.fields:
                return None
            return self.nest(obj, attr.nested.nesting_mode, attr.nested.max_items, block=False)
        assert attr.type is not None
        return self.type_node(attr.type)

    def object(self, block: s.Block, path: tuple[str, ...], view: View) -> Object | None:
        """The fields of a block; None when a required argument of it can never be set (so neither
        can the block)."""
        fields: list[Field] = []
        for attr in block.attributes:
            found = self.attribute_fields(attr, path, view)
            if found is None:
                return None
            fields.extend(found)
        for bt in block.block_types:
            if not path and (bt.name in self.rules.removed_blocks or bt.name in self.rules.skip_params):
                continue
            if view is INIT and not path and bt.name in self.rules.identifiers:
                continue
            obj = self.object(bt.block, (*path, bt.name), view)
            if obj is None and bt.min_items > 0:
                return None
            if obj is None or not obj.fields:
                continue
            node = self.nest(obj, bt.nesting_mode, bt.max_items, block=True)
            fields.append(Field(bt.name, lower_camel(bt.name), node, TF, bt.block.description,
                                required=bt.min_items > 0))
            fields += self.old_name(".".join((*path, bt.name)), node)
        if not path and view is PARAMETERS:
            # A resource whose schema already has the argument keeps it: the runtime reads the
            # provider setting from the same forProvider field either way.
            own = {f.tf_name for f in fields}
            for inj in (i for i in self.rules.injected if i.name not in own):
                described = inj.description
                if inj.default:
                    described += f" Left out, it is the ProviderConfig's configuration's, else {inj.default}."
                fields.append(Field(inj.name, lower_camel(inj.name), Scalar("string", inj.pattern),
                                    PROVIDER, described, inj.required))
            for argument, switch in sorted(self.rules.generated_secrets.items()):
                secret = f"{lower_camel(argument)}SecretRef"
                if secret not in {f.json_name for f in fields if f.role is SECRET}:
                    raise ValueError(f"{self.rules.tf_type}: generated_secrets: {argument!r} is no sensitive "
                                     f"top-level argument")
                fields.append(Field(switch, lower_camel(switch), Scalar("boolean"), GENERATE,
                                    f"If true, {argument} is generated once into the Secret key {secret} names "
                                    f"(created if missing), where that key is empty, and never generated again.",
                                    False))
        # An older name the block still uses for another field of its own (a route's observed instanceId)
        # stays that field's: the old name was served only where it was free.
        taken = {f.json_name for f in fields if f.role is not OLD_NAME}
        fields = [f for f in fields if f.role is not OLD_NAME or f.json_name not in taken]
        fields.sort(key=lambda f: f.json_name)
        self.check_unique(fields, path, view)
        return Object(tuple(fields), block.description)

    def check_unique(self, fields: list[Field], path: tuple[str, ...], view: View) -> None:
        seen: dict[str, str] = {}
        for f in fields:
            if f.json_name in seen and seen[f.json_name] != f.tf_name + f.role.value:
                where = ".".join(path) or "<root>"
                raise ValueError(f"{self.rules.tf_type}: {view.value} {where}: two fields map to {f.json_name!r}")
            seen[f.json_name] = f.tf_name + f.role.value


class Unusable(ValueError):
    """A required argument of the resource can never be set (it reads a local file)."""


def build(resource: s.ResourceSchema, rules: Rules) -> Views:
    b = _Builder(rules)
    params = b.object(resource.block, (), PARAMETERS)
    observation = b.object(resource.block, (), OBSERVATION)
    if params is None or observation is None:
        raise Unusable(f"{rules.tf_type}: a required argument reads a local file")
    init = init_of(params, rules)
    required: list[tuple[str, bool]] = []
    for f in params.fields:
        if not f.required or f.role in (REF, SELECTOR):
            continue
        if f.role is TF and f.tf_name in (*rules.references, rules.name_argument, rules.identifier_in_spec):
            continue
        required.append((f.json_name, f.role is not PROVIDER and f.tf_name not in rules.identifiers))
    return Views(parameters=params, init=init, observation=observation, required=tuple(required))


def init_of(params: Object, rules: Rules) -> Object:
    """initProvider differs from forProvider only at the top: no identifier fields, no provider settings."""
    return Object(tuple(f for f in params.fields if f.role is not PROVIDER and f.tf_name not in rules.identifiers),
                  params.description)


def parameters(resource: s.ResourceSchema, rules: Rules) -> Object:
    """forProvider alone (what a size estimate needs)."""
    params = _Builder(rules).object(resource.block, (), PARAMETERS)
    if params is None:
        raise Unusable(f"{rules.tf_type}: a required argument reads a local file")
    return params


def provider_rules(name: str, credentials: tuple[str, ...], injected: tuple[InjectedField, ...],
                   local_files: LocalFiles) -> Rules:
    """The rules of the provider block: its arguments less credentials, less local files; an injected
    field's pattern applies to the provider argument of the same name."""
    patterns = tuple(dataclasses.replace(i, required=False) for i in injected if i.pattern)
    return Rules(tf_type=name, skip_params=frozenset(credentials), identifiers=frozenset(), sensitive=frozenset(),
                 references={}, injected=patterns, removed_blocks=frozenset(), local_files=local_files.for_type(name),
                 embed_singletons=False)


def provider_configuration(block: s.Block, rules: Rules) -> Object:
    """The ProviderConfig's ``spec.configuration``: the provider block's arguments, less credentials."""
    b = _Builder(rules)
    obj = b.object(block, (), INIT)  # INIT: no injected fields are added, patterns still apply
    if obj is None:
        raise Unusable(f"{rules.tf_type}: a required provider argument reads a local file")
    return obj


@dataclasses.dataclass(frozen=True)
class ReferencePath:
    """Where a reference lives in ``spec.forProvider`` (CR form) and what it points at."""

    path: tuple[str, ...]  # JSON path of the value field, e.g. ("vpcId",)
    ref_field: str  # sibling field holding the Reference(s), e.g. "vpcIdRef"
    selector_field: str  # sibling field holding the Selector, e.g. "vpcIdSelector"
    many: bool
    target: Reference
    # The JSON type of the value (of each value, for a list): a number argument takes the referenced
    # identifier converted.
    scalar: str = "string"


def reference_paths(views: Views, rules: Rules) -> tuple[ReferencePath, ...]:
    """Each configured reference's place in the spec; a ValueError names a path that is no argument."""
    out = []
    for tf_path, ref in sorted(rules.references.items()):
        node: Node = views.parameters
        json_path: list[str] = []
        parts = tf_path.split(".")
        for i, part in enumerate(parts):
            while isinstance(node, Array | Map):
                node = node.item if isinstance(node, Array) else node.value
            if not isinstance(node, Object):
                raise ValueError(f"resources[{rules.tf_type!r}].references[{tf_path!r}]: not an argument path")
            by_role = {fl.role: fl for fl in node.fields if fl.tf_name == part}
            if TF not in by_role:
                raise ValueError(f"resources[{rules.tf_type!r}].references[{tf_path!r}]: "
                                 f"{part!r} is not an argument of {rules.tf_type}")
            json_path.append(by_role[TF].json_name)
            if i == len(parts) - 1:
                value = by_role[TF].node
                item = value.item if isinstance(value, Array) else value
                out.append(ReferencePath(path=tuple(json_path), ref_field=by_role[REF].json_name,
                                         selector_field=by_role[SELECTOR].json_name,
                                         many=isinstance(value, Array) and not value.embedded, target=ref,
                                         scalar=item.kind if isinstance(item, Scalar) else "string"))
            node = by_role[TF].node
    return tuple(out)


def late_init(resource: s.ResourceSchema, views: Views, ignore: tuple[str, ...]) -> tuple[str, ...]:
    """Top-level forProvider arguments that are optional and computed: what late-init may fill.

    Never an argument in ``ignore`` (the resource's own list and the arguments another kind manages
    exclusively), nor an optional+computed set of objects: that is Terraform's in-line rule set
    (a security group's ``ingress``, a route table's ``route``, a network ACL's ``egress``) whose
    members standalone resources manage one by one. Left unset it means "leave the members alone";
    copied from the cloud it would mean "exactly these", and this object would undo what the
    other kind adds or removes."""
    params = {f.tf_name for f in views.parameters.fields if f.role is TF}
    return tuple(sorted(a.name for a in resource.block.attributes if a.optional and a.computed
                        and a.name in params and not ignored(a.name, ignore) and not _rule_set(a.type)))


def ignore_path(path: str) -> str:
    """A late-init ignore path in its canonical form: dotted Terraform names, ``[*]`` (any element of
    a list or set block) dropped, so ``a.b[*].c`` and ``a.b.c`` are one path."""
    return path.replace("[*]", "")


def ignored(path: str, ignore: tuple[str, ...]) -> bool:
    """Whether ``path`` (dotted) is an ignore path or lies below one."""
    return any(path == i or path.startswith(f"{i}.") for i in map(ignore_path, ignore))


def late_init_nested(resource: s.ResourceSchema, views: Views, ignore: tuple[str, ...]) -> tuple[str, ...]:
    """Optional and computed arguments inside blocks (dotted Terraform paths, ``a.b.c``): what late-init
    may fill inside a block the spec has. Only through list and single blocks, whose elements the
    spec and the cloud hold in the same order; never into a set (its order is the cloud's), a map, or
    a block that is itself a late-init candidate (copied whole), nor below an ignore path."""
    out: list[str] = []

    def walk(block: s.Block, node: Object, prefix: str) -> None:
        params = {fl.tf_name: fl for fl in node.fields if fl.role is TF}
        if prefix:
            out.extend(f"{prefix}{a.name}" for a in block.attributes
                       if a.optional and a.computed and a.name in params and not _rule_set(a.type)
                       and not ignored(f"{prefix}{a.name}", ignore))
        for bt in block.block_types:
            path = f"{prefix}{bt.name}"
            field = params.get(bt.name)
            if field is None or bt.nesting_mode not in ("list", "single", "group") or ignored(path, ignore):
                continue
            item: Node = field.node
            while isinstance(item, Array):
                item = item.item
            if isinstance(item, Object):
                walk(bt.block, item, f"{path}.")

    walk(resource.block, views.parameters, "")
    return tuple(sorted(out))


def _rule_set(t: s.TypeExpr | None) -> bool:
    return isinstance(t, s.Collection) and t.kind == "set" and isinstance(t.element, s.ObjectType)


def has_timeouts(resource: s.ResourceSchema) -> bool:
    return any(bt.name == "timeouts" for bt in resource.block.block_types)


