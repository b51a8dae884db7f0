"""Spec ⇄ Terraform values, by walking a kind's field trees (:mod:`tfschema.fields`).

The CRD the generator renders and the conversion here read the same trees, so a spec the API
server admits converts, and a field the CRD does not have is refused here too (defence in depth
against a CRD that is not the one this runtime was built with).

* :meth:`ObjectConverter.to_terraform` checks a CR-form section (camelCase) and returns
  :class:`Arguments`: the Terraform arguments it sets (snake_case, nulls left out), where values
  come from Secrets (:class:`SecretPoint`, resolved by the executor, which alone may read Secrets),
  and the provider-block settings it carries (``region``). A bad value raises :class:`SpecError`
  naming every bad field: ``spec.forProvider.a.b[0].c: expected a string``.
* :meth:`ObjectConverter.from_terraform` turns Terraform values (a state's attributes) into CR
  form; names the tree does not know are ignored.
* :class:`Converter` holds a managed kind's three sections (forProvider, initProvider, atProvider)
  and what the executors ask of them (argument names, late-init candidates, the tags field).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from tfschema import fields as f
from tfschema.syntax import (
    DNS_LABEL,
    DNS_SUBDOMAIN,
    LABEL_NAME,
    LABEL_VALUE,
    MAX_LABEL,
    MAX_SUBDOMAIN,
    SECRET_KEY,
)

MAX_PROBLEMS = 10

_TYPE_NAMES = {"string": "a string", "number": "a number", "boolean": "true or false"}


class SpecError(ValueError):
    """A spec section that cannot be converted; ``problems`` has one ``<path>: <what>`` each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        shown = "; ".join(problems[:MAX_PROBLEMS])
        more = len(problems) - MAX_PROBLEMS
        super().__init__(shown + (f"; and {more} more" if more > 0 else ""))


@dataclasses.dataclass(frozen=True)
class SecretRef:
    namespace: str  # "": the object's own namespace (a namespaced kind's references name none)
    name: str
    key: str | None  # None: every key of the Secret, as a map


@dataclasses.dataclass(frozen=True)
class SecretPoint:
    """A Terraform argument whose value is read from a Secret."""

    path: tuple[str | int, ...]  # where the value goes among the Terraform arguments
    ref: SecretRef
    field: str  # the CR field that named the Secret, for messages


@dataclasses.dataclass(frozen=True)
class Arguments:
    terraform: dict[str, Any]
    secrets: tuple[SecretPoint, ...] = ()
    provider: dict[str, Any] = dataclasses.field(default_factory=dict)

    def resolved(self, value_of: Callable[[SecretPoint], Any]) -> dict[str, Any]:
        """The Terraform arguments with every secret value put in place (a copy; this stays as is)."""
        out = json.loads(json.dumps(self.terraform)) if self.secrets else dict(self.terraform)
        for point in self.secrets:
            holder: Any = out
            for step, following in zip(point.path[:-1], point.path[1:], strict=True):
                if isinstance(holder, dict) and step not in holder:
                    # A list of secret values is made here, one element per Secret key, in order.
                    holder[step] = [] if isinstance(following, int) else {}
                holder = holder[step]
            last = point.path[-1]
            if isinstance(last, int):
                holder.extend([None] * (last + 1 - len(holder)))
            holder[last] = value_of(point)
        return out


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _matches(pattern: str, value: str) -> bool:
    # fullmatch, not search: Python's ``$`` also matches before a final newline, where the API server's
    # (RE2) does not, and "us-east-1\n" must not pass here either.
    return _compiled(pattern).fullmatch(value) is not None


def _map_key(path: str, key: str) -> str:
    return f"{path}.{key}" if re.fullmatch(r"[A-Za-z0-9_-]+", key) else f"{path}[{json.dumps(key)}]"


def _kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


class _Walk:
    """One conversion's state: the problems found and the secret points met."""

    def __init__(self, provider_settings: frozenset[str], namespaced: bool = False) -> None:
        self.problems: list[str] = []
        self.secrets: list[SecretPoint] = []
        self.provider: dict[str, Any] = {}
        self.provider_settings = provider_settings
        # A namespaced kind's: Secrets are its own namespace's; references and selectors may name one.
        self.namespaced = namespaced

    def fail(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def expected(self, path: str, what: str, value: Any) -> None:
        self.fail(path, f"expected {what}, got {_kind_of(value)}")

    def string(self, value: Any, path: str, pattern: str = "", max_length: int = 0) -> bool:
        if not isinstance(value, str):
            self.expected(path, "a string", value)
            return False
        if max_length and len(value) > max_length:
            self.fail(path, f"longer than {max_length} characters")
            return False
        if pattern and not _matches(pattern, value):
            # The value itself is not repeated: messages end up in conditions, events and logs. A pattern
            # that lists the values it takes (every region of a provider) is named by its first few.
            shown = pattern if len(pattern) <= 120 else f"{pattern[:100]}…"
            self.fail(path, f"does not match {shown}")
            return False
        return True

    def obj(self, obj: f.Object, value: Any, path: str, tf_path: tuple[str | int, ...], *,
            top: bool = False) -> dict[str, Any] | None:
        if not isinstance(value, Mapping):
            self.expected(path, "an object", value)
            return None
        by_json = obj.by_json()
        out: dict[str, Any] = {}
        for key in sorted(value):
            item = value[key]
            where = f"{path}.{key}"
            field = by_json.get(key) if isinstance(key, str) else None
            if field is None:
                self.fail(where, "unknown field")
                continue
            if item is None:
                continue
            if field.role is f.TF:
                converted = self.node(field.node, item, where, (*tf_path, field.tf_name))
                if converted is not None:
                    out[field.tf_name] = converted
                    if top and field.tf_name in self.provider_settings:
                        self.provider[field.tf_name] = converted
            elif field.role is f.PROVIDER:
                assert isinstance(field.node, f.Scalar)
                if self.string(item, where, field.node.pattern) and item:
                    self.provider[field.tf_name] = item
            elif field.role is f.GENERATE:
                if not isinstance(item, bool):
                    self.expected(where, "a boolean", item)
            elif field.role is f.SECRET:
                if isinstance(field.node, f.Array):
                    # A list or set of sensitive strings: a Secret key per element, in the list's order.
                    if not isinstance(item, list):
                        self.expected(where, "a list", item)
                        continue
                    for i, element in enumerate(item):
                        ref = self.secret_ref(field.node.item, element, f"{where}[{i}]")
                        if ref is not None:
                            self.secrets.append(SecretPoint((*tf_path, field.tf_name, i), ref, f"{where}[{i}]"))
                    continue
                ref = self.secret_ref(field.node, item, where)
                if ref is not None:
                    self.secrets.append(SecretPoint((*tf_path, field.tf_name), ref, where))
            else:
                self.special_or_list(field.node, item, where)
        return out

    def node(self, node: f.Node, value: Any, path: str, tf_path: tuple[str | int, ...]) -> Any:
        if isinstance(node, f.Scalar):
            if node.kind == "string":
                return value if self.string(value, path, node.pattern) else None
            ok = isinstance(value, bool) if node.kind == "boolean" else (
                isinstance(value, int | float) and not isinstance(value, bool))
            if not ok:
                self.expected(path, _TYPE_NAMES[node.kind], value)
                return None
            return value
        if isinstance(node, f.Dynamic):
            return value
        if isinstance(node, f.Object):
            return self.obj(node, value, path, tf_path)
        if isinstance(node, f.Map):
            if not isinstance(value, Mapping):
                self.expected(path, "an object", value)
                return None
            return {k: v for k in sorted(value) if (v := self.node(node.value, value[k], _map_key(path, k),
                                                                   (*tf_path, k))) is not None}
        if isinstance(node, f.Array):
            if node.embedded:
                item = self.node(node.item, value, path, (*tf_path, 0))
                return None if item is None else [item]
            if not isinstance(value, list):
                self.expected(path, "a list", value)
                return None
            if node.max_items and len(value) > node.max_items:
                self.fail(path, f"at most {node.max_items} items, got {len(value)}")
                return None
            items = [self.node(node.item, v, f"{path}[{i}]", (*tf_path, i)) for i, v in enumerate(value)]
            return [v for v in items if v is not None]
        self.special_or_list(node, value, path)
        return None

    def special_or_list(self, node: f.Node, value: Any, path: str) -> None:
        if isinstance(node, f.Array):
            if not isinstance(value, list):
                self.expected(path, "a list", value)
                return
            for i, v in enumerate(value):
                self.special_or_list(node.item, v, f"{path}[{i}]")
            return
        assert isinstance(node, f.Special)
        if node.name == "Reference":
            self.reference(value, path)
        elif node.name == "Selector":
            self.selector(value, path)
        else:
            self.secret_ref(node, value, path)

    def fields_of(self, value: Any, path: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> bool:
        if not isinstance(value, Mapping):
            self.expected(path, "an object", value)
            return False
        ok = True
        for key in sorted(set(value) - set(allowed)):
            self.fail(f"{path}.{key}", "unknown field")
            ok = False
        for key in required:
            if value.get(key) is None:
                self.fail(f"{path}.{key}", "required")
                ok = False
        return ok

    def name(self, value: Any, path: str) -> bool:
        return self.string(value, path, DNS_SUBDOMAIN, MAX_SUBDOMAIN)

    def namespace(self, value: Any, path: str) -> bool:
        return self.string(value, path, DNS_LABEL, MAX_LABEL)

    def policy(self, value: Any, path: str) -> None:
        if value is None or not self.fields_of(value, path, ("resolution", "resolve"), ()):
            return
        for key, allowed in (("resolution", ("Required", "Optional")), ("resolve", ("Always", "IfNotPresent"))):
            if value.get(key) is not None and value[key] not in allowed:
                self.fail(f"{path}.{key}", f"must be one of {', '.join(allowed)}")

    def reference(self, value: Any, path: str) -> None:
        allowed = ("name", "namespace", "policy") if self.namespaced else ("name", "policy")
        if self.fields_of(value, path, allowed, ("name",)):
            self.name(value["name"], f"{path}.name")
            if value.get("namespace") is not None:
                self.namespace(value["namespace"], f"{path}.namespace")
            self.policy(value.get("policy"), f"{path}.policy")

    def selector(self, value: Any, path: str) -> None:
        allowed = ("matchControllerRef", "matchLabels", "policy") + (("namespace",) if self.namespaced else ())
        if not self.fields_of(value, path, allowed, ()):
            return
        if value.get("namespace") is not None:
            self.namespace(value["namespace"], f"{path}.namespace")
        if value.get("matchControllerRef") is not None and not isinstance(value["matchControllerRef"], bool):
            self.expected(f"{path}.matchControllerRef", "true or false", value["matchControllerRef"])
        labels = value.get("matchLabels")
        if labels is not None:
            if not isinstance(labels, Mapping):
                self.expected(f"{path}.matchLabels", "an object", labels)
            else:
                for key in sorted(labels):
                    if not label_key_ok(key):
                        self.fail(_map_key(f"{path}.matchLabels", str(key)), "not a valid label key")
                    else:
                        self.string(labels[key], _map_key(f"{path}.matchLabels", key), LABEL_VALUE, MAX_LABEL)
        self.policy(value.get("policy"), f"{path}.policy")

    def secret_ref(self, node: f.Node, value: Any, path: str) -> SecretRef | None:
        assert isinstance(node, f.Special)
        whole = node.name == "SecretReference"
        allowed: tuple[str, ...] = ("name",) if whole else ("key", "name")
        if not self.namespaced:
            allowed += ("namespace",)
        if not self.fields_of(value, path, allowed, allowed):
            return None
        ok = self.name(value["name"], f"{path}.name")
        if not self.namespaced:
            ok &= self.namespace(value["namespace"], f"{path}.namespace")
        if not whole:
            ok &= self.string(value["key"], f"{path}.key", SECRET_KEY, MAX_SUBDOMAIN)
        namespace = "" if self.namespaced else value["namespace"]
        return SecretRef(namespace, value["name"], None if whole else value["key"]) if ok else None


def label_key_ok(key: Any) -> bool:
    """A Kubernetes label key: an optional DNS-subdomain prefix and ``/``, then a name of at most 63."""
    if not isinstance(key, str):
        return False
    prefix, _, name = key.rpartition("/")
    if prefix and (len(prefix) > MAX_SUBDOMAIN or not _matches(DNS_SUBDOMAIN, prefix)):
        return False
    return 0 < len(name) <= MAX_LABEL and _matches(LABEL_NAME, name)


def _from_tf(node: f.Node, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(node, f.Object):
        if not isinstance(value, Mapping):
            return None
        out = {}
        for field in node.fields:
            if field.role is not f.TF:
                continue
            converted = _from_tf(field.node, value.get(field.tf_name))
            if converted is not None:
                out[field.json_name] = converted
        return out
    if isinstance(node, f.Array):
        if node.embedded:
            if isinstance(value, list):
                return _from_tf(node.item, value[0]) if value else None
            return _from_tf(node.item, value)
        if not isinstance(value, list):
            return None
        return [c for v in value if (c := _from_tf(node.item, v)) is not None]
    if isinstance(node, f.Map):
        if not isinstance(value, Mapping):
            return None
        return {k: c for k, v in value.items() if (c := _from_tf(node.value, v)) is not None}
    if isinstance(node, f.Dynamic) and isinstance(value, Mapping) and set(value) == {"value", "type"}:
        # Raw tfstate stores a dynamic value with its type.
        return value["value"]
    return value


class ObjectConverter:
    """One section of a spec (or of a ProviderConfig) against its field tree."""

    def __init__(self, obj: f.Object, *, provider_settings: frozenset[str] = frozenset(),
                 namespaced: bool = False) -> None:
        self.tree = obj
        self.provider_settings = provider_settings
        self.namespaced = namespaced

    def to_terraform(self, data: Mapping[str, Any], where: str) -> Arguments:
        """Check ``data`` (CR form) and convert it; raises :class:`SpecError`."""
        walk = _Walk(self.provider_settings, self.namespaced)
        out = walk.obj(self.tree, data or {}, where, (), top=True)
        if walk.problems:
            raise SpecError(walk.problems)
        return Arguments(terraform=out or {}, secrets=tuple(walk.secrets), provider=walk.provider)

    def from_terraform(self, values: Mapping[str, Any]) -> dict[str, Any]:
        return _from_tf(self.tree, values) or {}


class Converter:
    """A managed kind's spec and status sections, and what the executors need to know of them."""

    def __init__(self, views: f.Views, *, provider_settings: frozenset[str] = frozenset(),
                 late_init: tuple[str, ...] = (), late_init_nested: tuple[str, ...] = (),
                 namespaced: bool = False) -> None:
        # A provider setting the resource's schema has itself counts only as a string (a block of the
        # same name, as a resource's own ``region`` block may be, is a resource argument alone).
        settings = frozenset(fl.tf_name for fl in views.parameters.fields if fl.tf_name in provider_settings
                             and isinstance(fl.node, f.Scalar) and fl.node.kind == "string")
        self.for_provider = ObjectConverter(views.parameters, provider_settings=settings, namespaced=namespaced)
        self.init_provider = ObjectConverter(views.init, provider_settings=settings, namespaced=namespaced)
        self.at_provider = ObjectConverter(views.observation)
        self.late_init_arguments = late_init
        self.late_init_nested = late_init_nested
        params = views.parameters.fields
        # Top-level Terraform arguments a spec may set (whether or not this one does).
        self.argument_names = tuple(fl.tf_name for fl in params if fl.role is f.TF)
        # Top-level arguments holding a value read from a Secret, at any depth below.
        self.secret_arguments = tuple(sorted({fl.tf_name for fl in params if _holds_secret(fl)}))

    def observation(self, attributes: Mapping[str, Any]) -> dict[str, Any]:
        """status.atProvider from a state's attributes."""
        return self.at_provider.from_terraform(attributes)

    def late_init(self, attributes: Mapping[str, Any], for_provider: Mapping[str, Any] | None = None,
                  init_provider: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """CR form of the optional and computed arguments the cloud has set and the spec leaves unset
        (zero values left out, as upjet does): top-level ones whole, and those inside the blocks
        ``for_provider`` has, element by element. Nothing ``init_provider`` sets, at any depth: those
        paths Terraform ignores after create, and a copy in forProvider would stop that."""
        top = {tf: attributes.get(tf) for tf in self.late_init_arguments if not _zero(attributes.get(tf))}
        out = {k: v for k, v in self.for_provider.from_terraform(top).items()
               if k not in (for_provider or {}) and k not in (init_provider or {})}
        if self.late_init_nested and for_provider:
            nested = _late_inside(self.for_provider.tree, attributes, for_provider, init_provider or {},
                                  frozenset(self.late_init_nested), "")
            out.update(nested)
        return out

    def json_name(self, tf_name: str) -> str | None:
        """The forProvider field (CR form) of a top-level Terraform argument, if it has one."""
        for fl in self.for_provider.tree.fields:
            if fl.role is f.TF and fl.tf_name == tf_name:
                return fl.json_name
        return None


def _zero(value: Any) -> bool:
    return value is None or value in ("", [], {}, False, 0)


def _late_inside(tree: f.Object, cloud: Mapping[str, Any], spec: Mapping[str, Any], init: Any,
                 candidates: frozenset[str], prefix: str) -> dict[str, Any]:
    """What to fill into ``spec`` (CR form, an object of the field tree ``tree``) from ``cloud`` (its
    Terraform value): candidate leaves it leaves unset, inside blocks it has. A list comes back as
    one object per element (empty where nothing is filled), for a fill by index."""
    out: dict[str, Any] = {}
    init = init if isinstance(init, Mapping) else {}
    for field in tree.fields:
        if field.role is not f.TF:
            continue
        path = f"{prefix}{field.tf_name}"
        value, have = cloud.get(field.tf_name), spec.get(field.json_name)
        if path in candidates:
            if have is None and init.get(field.json_name) is None and not _zero(value):
                converted = _from_tf(field.node, value)
                if converted is not None:
                    out[field.json_name] = converted
            continue
        if have is None or not any(c.startswith(f"{path}.") for c in candidates):
            continue
        node, item_init = field.node, init.get(field.json_name)
        if isinstance(node, f.Array) and isinstance(node.item, f.Object):
            items = value if isinstance(value, list) else []
            if node.embedded:
                # One block shown as the object itself: the spec's object and the cloud's only element.
                if isinstance(have, Mapping) and len(items) == 1 and isinstance(items[0], Mapping):
                    filled = _late_inside(node.item, items[0], have, item_init, candidates, f"{path}.")
                    if filled:
                        out[field.json_name] = filled
                continue
            # Elements are matched by position, so only when the spec and the cloud hold as many.
            if not isinstance(have, list) or len(have) != len(items):
                continue
            inits = item_init if isinstance(item_init, list) else []
            per_item = [_late_inside(node.item, c, h, inits[i] if i < len(inits) else None, candidates, f"{path}.")
                        if isinstance(c, Mapping) and isinstance(h, Mapping) else {}
                        for i, (c, h) in enumerate(zip(items, have, strict=True))]
            if any(per_item):
                out[field.json_name] = per_item
        elif isinstance(node, f.Object) and isinstance(have, Mapping) and isinstance(value, Mapping):
            filled = _late_inside(node, value, have, item_init, candidates, f"{path}.")
            if filled:
                out[field.json_name] = filled
    return out


def _holds_secret(field: f.Field) -> bool:
    if field.role is f.SECRET:
        return True
    node = field.node
    while isinstance(node, f.Array | f.Map):
        node = node.item if isinstance(node, f.Array) else node.value
    return isinstance(node, f.Object) and any(_holds_secret(sub) for sub in node.fields)
