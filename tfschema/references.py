"""References inferred from argument names: ``team_id`` takes a ``github_team``'s identifier, so it gets
``teamIdRef`` and ``teamIdSelector`` without any config.

An argument (a string, or a list or set of strings) is named for a resource of the same provider that is
a kind too when its name is

* ``<resource>_id`` or ``<resource>_ids`` (``_uuid``, ``_uuids`` alike): that resource's external name, as
  upjet's references copy it when their config names no extractor;
* ``<resource>_<attribute>``, where the resource has that attribute and it could identify it (its
  ``name``, or one the provider computes: ``team_slug``, ``group_object_id``): that attribute of its
  observed state, as upjet's reference injector extracts ``github_team.x.slug``;
* ``<resource>`` itself at the resource's top (``repository``, ``database``; ``ssh_keys`` for a list):
  its external name;
* an identifier exactly one kind computes and takes from nobody (``client_id``: an
  ``azuread_application``'s, which a service principal takes): that attribute.

A number (or a list or set of numbers) is named for a resource only as ``<resource>_id`` or ``_ids``
(``droplet_id``, ``selected_repository_ids``): it takes the one numeric identifier the resource computes
(``github_repository``'s ``repo_id``), else its external name, which the runtime converts to a number as
upjet's resolvers do (``digitalocean_droplet``'s ID).

``<resource>`` is looked for beside the argument's own resource first (``cluster_id`` of
``digitalocean_database_user`` is a ``digitalocean_database_cluster``, of
``digitalocean_kubernetes_node_pool`` a ``digitalocean_kubernetes_cluster``; an identifier also below it:
``catalog_id`` of ``azuread_access_package`` is an ``azuread_access_package_catalog``), then at the
provider's top (``droplet_id``: ``digitalocean_droplet``); a required argument may qualify the name
(``base_repository``, ``child_agent_uuid``), and a required bare name, ``<name>_id`` or
``<name>_<attribute>`` may be the end of one kind's name (``environment``: ``github_repository_environment``;
``principal_id``, ``principal_object_id``: ``azuread_service_principal``). A kind's name ends with its head
noun unless a preposition comes first: ``azuread_application_from_template`` is no ``template``.

Last, a top-level ``<...>_id`` that no name resolves takes the kind its description says it is the ID of:
"The object ID of the service principal representing the resource" (the words after "ID of the", as long as
they are words of kinds' names, are one kind's name or the end of one), and the identifier the description
names, where that kind computes it (its ``object_id``), else its external name. Such an identifier is
often of several kinds (a principal: a user, a group or a service principal) and the reference takes one.

Nothing is inferred for an argument of a block named like a resource (a container image's ``tag``), nor for
a resource's reference to itself.

Names are a guess: each provider's figures (how many, and how many upjet's own configs have otherwise)
are measured by ``benchmarks.upjet_parity``. A reference the config declares for the same argument wins;
``Resource.not_references`` leaves arguments out, and ``Provider.infer_references=False`` turns inference
off for the whole provider.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from tfconfig import Provider, Reference, lower_camel

# Suffixes that name a resource's identifier, and whether the argument then holds several.
_IDENTIFIERS = {("id",): False, ("ids",): True, ("uuid",): False, ("uuids",): True}
_STRING_LIST = (["list", "string"], ["set", "string"])
_NUMBER_LIST = (["list", "number"], ["set", "number"])
_PREPOSITIONS = frozenset({"as", "at", "by", "for", "from", "in", "into", "of", "on", "to", "with"})


@dataclasses.dataclass(frozen=True)
class _Argument:
    path: str  # dotted, from the resource's top
    name: str
    many: bool  # a list or set of strings (else a string)
    required: bool
    siblings: frozenset[str]  # the names beside it, for field-name clashes
    number: bool = False  # a number (or numbers): only an identifier's name can name a kind
    description: str = ""

    @property
    def top(self) -> bool:
        return "." not in self.path


def infer(provider: Provider, resources: Mapping[str, Mapping[str, Any]],
          included: Iterable[str]) -> dict[str, dict[str, Reference]]:
    """Each included resource's inferred references (argument path → reference), less those the config
    declares or opts out of; empty when the provider infers none."""
    if not provider.infer_references:
        return {}
    index = _Index(provider.resource_prefix, resources, frozenset(included))
    out: dict[str, dict[str, Reference]] = {}
    for tf_type in sorted(index.kinds):
        found = dict(_references(provider, index, tf_type))
        if found:
            out[tf_type] = found
    return out


class _Index:
    """The included kinds, looked up by the end of their names and by the identifiers they compute."""

    def __init__(self, prefix: str, resources: Mapping[str, Mapping[str, Any]], kinds: frozenset[str]) -> None:
        self.prefix = prefix
        self.resources = resources
        self.kinds = kinds
        self.ending: dict[str, list[str]] = {}
        self.computing: dict[str, list[str]] = {}
        self.vocabulary: set[str] = set()
        for kind in sorted(kinds):
            words = kind[len(prefix):].split("_")
            self.vocabulary.update(words)
            for i in range(1, len(words)):
                # A kind's name ends with its head noun, unless a preposition comes first:
                # ``application_from_template`` is an application, no template.
                if not _PREPOSITIONS & set(words[i - 1:]):
                    self.ending.setdefault("_".join(words[i:]), []).append(kind)
            for name, attr in _attributes(resources[kind]).items():
                if isinstance(attr, Mapping) and attr.get("computed") and not attr.get("optional"):
                    self.computing.setdefault(name, []).append(kind)

    def attribute(self, kind: str, name: str) -> Mapping[str, Any] | None:
        attr = _attributes(self.resources[kind]).get(name)
        return attr if isinstance(attr, Mapping) else None


def _references(provider: Provider, index: _Index, tf_type: str) -> Iterator[tuple[str, Reference]]:
    res = provider.resolve(tf_type)
    config = provider.resources.get(tf_type)
    skip = {"id", *res.removed_parameters, *res.sensitive, *(config.not_references if config else ())}
    if res.external_name.identifier_argument:
        skip.add(res.external_name.identifier_argument)
    for arg in _arguments(_block(index.resources[tf_type])):
        if arg.path in skip or arg.path in res.references or res.local_files.reads_local_file(f"{tf_type}.{arg.path}"):
            continue
        ref = _target(index, tf_type, arg)
        if ref is not None and not _clashes(arg):
            yield arg.path, ref


def _block(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    block = raw.get("block")
    return block if isinstance(block, Mapping) else {}


def _attributes(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    attrs = _block(raw).get("attributes")
    return attrs if isinstance(attrs, Mapping) else {}


def _arguments(block: Mapping[str, Any], prefix: str = "") -> Iterator[_Argument]:
    """The string (and string list) arguments of a block and of the list, set and single blocks in it."""
    attrs = block.get("attributes") or {}
    blocks = block.get("block_types") or {}
    names = frozenset((*attrs, *blocks))
    for name, attr in sorted(attrs.items()):
        if not isinstance(attr, Mapping) or attr.get("sensitive") or not (attr.get("required") or attr.get("optional")):
            continue
        if attr.get("type") == "string" or attr.get("type") in _STRING_LIST:
            yield _Argument(f"{prefix}{name}", name, attr.get("type") != "string", bool(attr.get("required")), names,
                            description=str(attr.get("description") or ""))
        elif attr.get("type") == "number" or attr.get("type") in _NUMBER_LIST:
            yield _Argument(f"{prefix}{name}", name, attr.get("type") != "number", bool(attr.get("required")), names,
                            number=True)
    for name, nested in sorted(blocks.items()):
        if isinstance(nested, Mapping) and nested.get("nesting_mode") in ("list", "set", "single", "group"):
            yield from _arguments(nested.get("block") or {}, f"{prefix}{name}.")


def _target(index: _Index, tf_type: str, arg: _Argument) -> Reference | None:
    """The resource ``arg`` is named for, and what to copy from it; None when it is named for none."""
    words = arg.name.split("_")
    # The longest resource name first: ``group_object_id`` is a group's object_id before a group_object's id.
    for cut in range(len(words), 0, -1):
        stem, rest = words[:cut], tuple(words[cut:])
        if rest in _IDENTIFIERS:
            to = _named(index, tf_type, stem, qualified=True, below=True) if _IDENTIFIERS[rest] == arg.many else None
            if to is not None:
                return _numeric(index, to) if arg.number else Reference(to)
        elif arg.number:
            continue
        elif not rest and arg.top:
            # Only a required bare name may be qualified, or the end of a kind's name: an optional
            # ``default_branch`` or ``age_group`` is no branch's or group's.
            if arg.many:
                stem = [*stem[:-1], stem[-1].removesuffix("s")] if stem[-1].endswith("s") else []
            to = _named(index, tf_type, stem, qualified=arg.required) if stem else None
            if to is None and arg.required and not arg.many:
                to = _one(index.ending.get("_".join(stem), []), tf_type)
            if to is not None:
                return Reference(to)
        elif rest and not arg.many:
            to = _named(index, tf_type, stem, qualified=arg.required)
            if to is None and arg.required:
                to = _one(index.ending.get("_".join(stem), []), tf_type)
            attribute = "_".join(rest)
            if to is not None and _identifying(index.attribute(to, attribute), attribute):
                return Reference(to, attribute)
    if arg.number:
        return None
    return _computed_by_one(index, tf_type, arg) or _ending(index, tf_type, arg) or _described(index, tf_type, arg)


def _ending(index: _Index, tf_type: str, arg: _Argument) -> Reference | None:
    """A required ``<stem>_id`` where the stem is the end of one kind's name (``principal_id``: the
    ``azuread_service_principal``)."""
    words = arg.name.split("_")
    if arg.many or not arg.required or len(words) < 2 or words[-1] != "id":
        return None
    to = _one(index.ending.get("_".join(words[:-1]), []), tf_type)
    return _described_attribute(index, to, arg) if to is not None else None


def _described(index: _Index, tf_type: str, arg: _Argument) -> Reference | None:
    """A top-level ``<...>_id`` whose description says it is the ID of a kind: "The object ID of the service
    principal representing the resource" (the words that follow, as long as they are words of kinds'
    names, are one kind's name or the end of one)."""
    words = arg.name.split("_")
    if arg.many or not arg.top or len(words) < 2 or words[-1] != "id" or not arg.description:
        return None
    text = re.findall(r"[a-z0-9]+|[^a-z0-9\s]", arg.description.lower())
    for i in range(len(text) - 2):
        if text[i] not in ("id", "identifier") or text[i + 1] != "of" or text[i + 2] not in ("the", "a", "an"):
            continue
        run: list[str] = []
        for word in text[i + 3:]:
            if word not in index.vocabulary:
                break
            run.append(word)
        name = "_".join(run)
        exact = f"{index.prefix}{name}"
        to = exact if exact in index.kinds and exact != tf_type else _one(index.ending.get(name, []), tf_type)
        if run and to is not None:
            return _described_attribute(index, to, arg)
    return None


def _described_attribute(index: _Index, to: str, arg: _Argument) -> Reference:
    """A reference to ``to`` found without its attribute's name: the identifier the argument's description
    names, where ``to`` computes it ("The object ID of the member principal": its ``object_id``), else its
    external name."""
    text = " ".join(re.findall(r"[a-z0-9]+", arg.description.lower()))
    named = [name for name, attr in sorted(_attributes(index.resources[to]).items())
             if isinstance(attr, Mapping) and attr.get("computed") and not attr.get("optional")
             and name.endswith("_id") and f" {name.replace('_', ' ')} " in f" {text} "]
    return Reference(to, named[0]) if len(named) == 1 else Reference(to)


def _numeric(index: _Index, to: str) -> Reference:
    """A number argument's reference: the target's one numeric identifier the provider computes
    (``github_repository``'s ``repo_id``, whose external name is its name), else its external name, which
    the runtime reads as a number (``digitalocean_droplet``'s ID)."""
    numbers = [name for name, attr in sorted(_attributes(index.resources[to]).items())
               if isinstance(attr, Mapping) and attr.get("type") == "number" and attr.get("computed")
               and not attr.get("optional") and name.endswith("_id")]
    return Reference(to, numbers[0]) if len(numbers) == 1 else Reference(to)


def _identifying(attr: Mapping[str, Any] | None, name: str) -> bool:
    """Whether an attribute could identify its resource: its ``name``, or one the provider computes
    (``slug``, ``object_id``), never a description the user writes (``display_name``)."""
    return attr is not None and (name == "name" or bool(attr.get("computed")))


def _computed_by_one(index: _Index, tf_type: str, arg: _Argument) -> Reference | None:
    """The one kind that computes an identifier of this name, with leading qualifier words dropped
    (``authorized_client_id``). Kinds below another that computes it too (``azuread_application_registration``
    below ``azuread_application``) give way to it."""
    words = arg.name.split("_")
    if arg.many or words[-1] != "id":
        return None
    for drop in range(len(words) - 1):
        name = "_".join(words[drop:])
        owners = [k for k in index.computing.get(name, []) if k != tf_type]
        heads = [k for k in owners if all(o == k or o.startswith(f"{k}_") for o in owners)]
        if len(heads) == 1:
            return Reference(heads[0], name)
        if owners:
            return None
    return None


def _named(index: _Index, tf_type: str, stem: list[str], *, qualified: bool, below: bool = False) -> str | None:
    """The kind ``stem`` names, seen from ``tf_type``: beside it first (and with ``below``, below it), then
    at the top; with leading qualifier words dropped when the whole stem names none and ``qualified``."""
    prefix = index.prefix
    own = tf_type[len(prefix):].split("_")
    for drop in range(len(stem) if qualified else 1):
        name = "_".join(stem[drop:])
        near = [f"{prefix}{'_'.join(own[:i])}_{name}" for i in range(len(own) if below else len(own) - 1, 0, -1)]
        for candidate in (*near, f"{prefix}{name}"):
            if candidate in index.kinds and candidate != tf_type:
                return candidate
    return None


def _one(kinds: list[str], tf_type: str) -> str | None:
    found = [k for k in kinds if k != tf_type]
    return found[0] if len(found) == 1 else None


def _clashes(arg: _Argument) -> bool:
    """Whether the reference's fields would take a name another argument has (in either naming)."""
    taken = {lower_camel(n) for n in arg.siblings if n != arg.name}
    bases = {lower_camel(arg.name), lower_camel(arg.name).removesuffix("s")}
    return any({f"{b}Ref", f"{b}Refs", f"{b}Selector"} & taken for b in bases)
