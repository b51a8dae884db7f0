"""Descriptions of a provider's resources and their fields, from the provider's own documentation.

The plugin's schema describes almost nothing (the aws provider: 468 of 80,769 attributes, mostly
timeouts), while its registry pages describe nearly every argument. ``tfbridge schema docs`` reads
those pages (:mod:`tfschema.registrydocs`), matches each entry to a path of the schema, and keeps, per
resource, its description and one text per described path: ``docs.json.gz`` beside the schema,
written byte-reproducibly. Only paths the schema has are kept, and only each entry's first paragraph,
cut at :data:`~tfschema.registrydocs.LIMIT` characters: the provider's words, condensed, as upjet
ships them in its CRDs.

Matching: an entry names a field (``device_name``) in a block context taken from the page's
headings and sentences (``ebs_block_device``), which are not always the schema's names. Each schema
path with that leaf name is scored by how many of its enclosing blocks the context names, innermost
first; the best-scored paths take the text. A context that names none of them still places the
entry when only one path has that leaf name. An argument's text wins over an attribute's for the
same path, and a better-matched entry over a worse one.

:func:`describe` puts the texts into a kind's field trees for the generator: the schema's own
description wins where it has one, a Secret reference keeps its "Secret holding ..." lead with the
text after it, and references, selectors and injected fields keep the generator's words. The
runtime never reads this file: descriptions change no conversion, so they are no part of a kind's
schema digest.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from tfconfig import Provider
from tfschema import catalogue, registrydocs
from tfschema import fields as f
from tfschema import schema as s

DOCS_FILE = "docs.json.gz"
FORMAT = 1
ANY = "*."  # a key's mark for "every path ending with"


@dataclasses.dataclass(frozen=True)
class ResourceDocs:
    """A resource's description and its fields' texts: from the argument sections, and from the
    attribute sections for paths no argument entry describes. A key is a dotted Terraform path
    (``ebs_block_device.device_name``), or ``*.`` and a path's ending (``*.field_to_match.method``:
    every path ending so, see :func:`compacted`). A field's text is its path's own, else that of the
    longest ending it has a key for."""

    description: str = ""
    arguments: Mapping[str, str] = dataclasses.field(default_factory=dict)
    attributes: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def _get(self, key: str) -> str:
        return self.arguments.get(key) or self.attributes.get(key) or ""

    def text(self, path: str) -> str:
        found = self._get(path)
        parts = path.split(".")
        for k in range(len(parts)):
            if found:
                break
            found = self._get(ANY + ".".join(parts[k:]))
        return found


@dataclasses.dataclass(frozen=True)
class Docs:
    source: str
    resources: Mapping[str, ResourceDocs]

    def resource(self, tf_type: str) -> ResourceDocs:
        return self.resources.get(tf_type) or ResourceDocs()


# -- matching a page to a schema ---------------------------------------------------------------------


def schema_paths(block: s.Block, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every path of a block: its attributes (the attributes of nested attributes and of object types
    too) and blocks, depth first."""
    for attr in block.attributes:
        yield (*prefix, attr.name)
        if attr.nested is not None:
            yield from schema_paths(s.Block(attributes=attr.nested.attributes), (*prefix, attr.name))
        elif attr.type is not None:
            yield from _type_paths(attr.type, (*prefix, attr.name))
    for bt in block.block_types:
        yield (*prefix, bt.name)
        yield from schema_paths(bt.block, (*prefix, bt.name))


def _type_paths(t: s.TypeExpr, prefix: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    while isinstance(t, s.Collection):
        t = t.element
    if isinstance(t, s.ObjectType):
        for name, sub in t.attributes:
            yield (*prefix, name)
            yield from _type_paths(sub, (*prefix, name))


_EXACT = 1000


def _score(context: tuple[str, ...], parents: tuple[str, ...]) -> int:
    """How well a context (block names only, outermost first) places an entry at a path with these
    parents: :data:`_EXACT` when it names them all, else 1 for naming the innermost block plus one per
    outer block it names in order (headings skip levels and repeat a block described elsewhere), 0
    when it does not name the innermost one."""
    if context == parents:
        return _EXACT
    if not context or not parents or context[-1] != parents[-1]:
        return 0
    score, i = 1, len(parents) - 2
    for name in reversed(context[:-1]):
        while i >= 0 and parents[i] != name:
            i -= 1
        if i < 0:
            break
        score += 1
        i -= 1
    return score


def _name_parts(name: str) -> tuple[str, ...]:
    """``subnet_mapping.*.outpost_id``, ``rule[0].action`` → the names alone."""
    return tuple(p for p in re.split(r"[.\[\]]", name) if p and p != "*" and not p.isdigit())


def _matches(entries: tuple[registrydocs.Entry, ...], by_leaf: Mapping[str, list[tuple[str, ...]]],
             blocks: frozenset[str]) -> dict[tuple[str, ...], str]:
    """Each path's text, from the entry that places it best (the first of equals). An entry whose
    context names no block of the resource (a heading's "Nested Fields") places a name only when one
    path of the schema has it."""
    best: dict[tuple[str, ...], tuple[int, str]] = {}
    for entry in entries:
        parts = _name_parts(entry.name)
        candidates = by_leaf.get(parts[-1], []) if parts else []
        if not candidates:
            continue
        written = [(*c, *parts[:-1]) for c in entry.contexts]
        named = [tuple(n for n in c if n in blocks) for c in written]
        placed = [n for n, c in zip(named, written, strict=True) if n or not c]
        scored = [(max((_score(c, path[:-1]) for c in placed), default=0), path) for path in candidates]
        if all(score == 0 for score, _ in scored) and len(candidates) > 1:
            continue
        for score, path in scored:
            if (score > 0 or len(candidates) == 1) and (path not in best or best[path][0] < score):
                best[path] = (score, entry.text)
    return {path: text for path, (_, text) in best.items()}


def resource_docs(page: registrydocs.Page, resource: s.ResourceSchema,
                  inherited: tuple[registrydocs.Page, ...] = ()) -> ResourceDocs:
    """``page``'s texts placed on ``resource``'s paths; then the arguments of the pages it says it
    shares its arguments with, for paths it leaves undescribed."""
    by_leaf: dict[str, list[tuple[str, ...]]] = {}
    for path in schema_paths(resource.block):
        by_leaf.setdefault(path[-1], []).append(path)
    # The names that enclose others: what a context may usefully name.
    blocks = frozenset(p for paths in by_leaf.values() for path in paths for p in path[:-1])
    arguments = _matches(page.arguments, by_leaf, blocks)
    for other in inherited:
        arguments = {**_matches(other.arguments, by_leaf, blocks), **arguments}
    attributes = {p: t for p, t in _matches(page.attributes, by_leaf, blocks).items() if p not in arguments}
    return ResourceDocs(page.description, {".".join(p): t for p, t in sorted(arguments.items())},
                        {".".join(p): t for p, t in sorted(attributes.items())})


def service(tf_type: str) -> str:
    """The service a type belongs to, by its name: ``aws_opsworks_php_app_layer`` → ``aws_opsworks``."""
    return "_".join(tf_type.split("_")[:2])


# A path inside blocks shared by two resources of a service is taken for the same field when its last
# this many names agree (``message_group.message.custom_payload.value``), or when the whole path does.
SHARED_SUFFIX = 3


def _shared_blocks(out: dict[str, ResourceDocs], doc: s.Document) -> dict[str, ResourceDocs]:
    """Paths inside blocks a page leaves undescribed, described by another page of the same service
    for the same block (the opsworks layers share ``cloudwatch_configuration``, documented once on the
    custom layer's page; a Lex slot's prompts are an intent's): the whole path alike, or its last
    :data:`SHARED_SUFFIX` names. A block's fields only, never a top-level argument, whose meaning is
    the resource's own."""
    whole: dict[str, dict[str, str]] = {}  # service → dotted path → text
    endings: dict[str, dict[tuple[str, ...], str]] = {}  # service → a path's last names → text
    for tf_type, rd in sorted(out.items()):
        for path, text in sorted(rd.arguments.items()):
            parts = tuple(path.split("."))
            if len(parts) > 1:
                whole.setdefault(service(tf_type), {}).setdefault(path, text)
            if len(parts) > SHARED_SUFFIX:
                endings.setdefault(service(tf_type), {}).setdefault(parts[-SHARED_SUFFIX:], text)
    filled: dict[str, ResourceDocs] = {}
    for tf_type, rd in out.items():
        same_path, same_ending = whole.get(service(tf_type), {}), endings.get(service(tf_type), {})
        extra: dict[str, str] = {}
        for p in schema_paths(doc.parse_resource(tf_type).block):
            path = ".".join(p)
            if len(p) < 2 or rd.text(path):
                continue
            text = same_path.get(path) or (same_ending.get(p[-SHARED_SUFFIX:], "") if len(p) >= SHARED_SUFFIX else "")
            if text:
                extra[path] = text
        filled[tf_type] = dataclasses.replace(rd, arguments=dict(sorted({**rd.arguments, **extra}.items()))) \
            if extra else rd
    return filled


# A top-level argument described in the very same words on this many pages is a provider-wide
# convention (the aws provider's ``tags``: "A map of tags to assign to the resource. ..."), which
# holds for a page that leaves the argument undescribed.
CONVENTION = 100


def _conventions(out: Mapping[str, ResourceDocs]) -> dict[str, str]:
    counts: dict[tuple[str, str], int] = {}
    for rd in out.values():
        for path, text in rd.arguments.items():
            if "." not in path:
                counts[(path, text)] = counts.get((path, text), 0) + 1
    chosen: dict[str, tuple[int, str]] = {}
    for (path, text), n in sorted(counts.items()):
        if n >= CONVENTION and n > chosen.get(path, (0, ""))[0]:
            chosen[path] = (n, text)
    return {path: text for path, (_, text) in chosen.items()}


def _with_conventions(out: dict[str, ResourceDocs], doc: s.Document) -> dict[str, ResourceDocs]:
    conventions = _conventions(out)
    filled: dict[str, ResourceDocs] = {}
    for tf_type, rd in out.items():
        names = {a.name for a in doc.parse_resource(tf_type).block.attributes}
        extra = {n: t for n, t in conventions.items() if n in names and not rd.text(n)}
        filled[tf_type] = dataclasses.replace(rd, arguments=dict(sorted({**rd.arguments, **extra}.items()))) \
            if extra else rd
    return filled


def compacted(rd: ResourceDocs, paths: list[tuple[str, ...]]) -> ResourceDocs:
    """``rd`` (keyed by whole paths) keyed by the shortest ending (``*.``) that holds one text for
    every path of the schema ending with it, or by the whole path where none does; so that
    :meth:`ResourceDocs.text` finds the same text for every path and none for an undescribed one. A
    resource whose blocks nest and repeat (WAFv2's statements: 40,000 paths) keeps about one key per
    field of each block, not one per path."""
    texts: dict[tuple[str, ...], str] = {path: rd._get(".".join(path)) for path in paths}
    by_ending: dict[tuple[str, ...], set[str]] = {}
    count: dict[tuple[str, ...], int] = {}
    for path, text in texts.items():
        for k in range(len(path)):
            by_ending.setdefault(path[k:], set()).add(text)
            count[path[k:]] = count.get(path[k:], 0) + 1
    arguments: dict[str, str] = {}
    attributes: dict[str, str] = {}
    for path, text in texts.items():
        if not text:
            continue
        ending = next((path[k:] for k in range(len(path) - 1, -1, -1) if by_ending[path[k:]] == {text}), None)
        # A path no other path ends with is its own key (a VPC's ``cidr_block``).
        key = ".".join(path) if ending is None or (ending == path and count[path] == 1) else ANY + ".".join(ending)
        target = arguments if rd.arguments.get(".".join(path)) else attributes
        target[key] = text
    return ResourceDocs(rd.description, dict(sorted(arguments.items())), dict(sorted(attributes.items())))


def build(pages: Mapping[str, registrydocs.Page], doc: s.Document, source: str) -> Docs:
    """The descriptions of every resource of ``doc`` that has a page."""
    out: dict[str, ResourceDocs] = {}
    for tf_type in sorted(doc.resources):
        page = pages.get(tf_type)
        if page is None:
            out[tf_type] = ResourceDocs()  # the shared blocks and conventions may still describe some
            continue
        inherited = tuple(pages[t] for t in page.inherits if t in pages)
        out[tf_type] = resource_docs(page, doc.parse_resource(tf_type), inherited)
    described = _with_conventions(_shared_blocks(out, doc), doc)
    return Docs(source, {t: compacted(rd, list(schema_paths(doc.parse_resource(t).block)))
                         for t, rd in described.items() if rd.description or rd.arguments or rd.attributes})


# -- the file ---------------------------------------------------------------------------------------


def dumps(docs: Docs) -> bytes:
    """The file's bytes: sorted JSON, gzip without a timestamp, so a refresh of the same pages is the same bytes."""
    resources: dict[str, Any] = {}
    for tf_type, rd in sorted(docs.resources.items()):
        entry: dict[str, Any] = {}
        if rd.description:
            entry["description"] = rd.description
        if rd.arguments:
            entry["arguments"] = dict(rd.arguments)
        if rd.attributes:
            entry["attributes"] = dict(rd.attributes)
        resources[tf_type] = entry
    payload = json.dumps({"format": FORMAT, "source": docs.source, "resources": resources}, sort_keys=True,
                         separators=(",", ":"), ensure_ascii=False).encode()
    return gzip.compress(payload, compresslevel=9, mtime=0)


class DocsError(ValueError):
    """A descriptions file that cannot be read; the message names the file."""


def loads(data: bytes, origin: str = DOCS_FILE) -> Docs:
    try:
        raw = json.loads(gzip.decompress(data))
    except (OSError, EOFError, json.JSONDecodeError) as exc:
        raise DocsError(f"{origin}: cannot read: {exc}") from exc
    if not isinstance(raw, dict) or raw.get("format") != FORMAT or not isinstance(raw.get("resources"), dict):
        raise DocsError(f"{origin}: not a descriptions file of format {FORMAT}")
    resources: dict[str, ResourceDocs] = {}
    for tf_type, entry in raw["resources"].items():
        if not isinstance(entry, dict):
            raise DocsError(f"{origin}: resources.{tf_type}: expected an object")
        resources[tf_type] = ResourceDocs(str(entry.get("description") or ""), _texts(entry, "arguments"),
                                          _texts(entry, "attributes"))
    return Docs(str(raw.get("source") or ""), resources)


def _texts(entry: Mapping[str, Any], key: str) -> dict[str, str]:
    value = entry.get(key)
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def load(provider_dir: Path) -> Docs | None:
    """``provider_dir``'s descriptions; None when it has none."""
    path = provider_dir / DOCS_FILE
    if not path.is_file():
        return None
    return loads(path.read_bytes(), str(path))


# -- into field trees -------------------------------------------------------------------------------


def _field(fld: f.Field, path: tuple[str, ...], docs: ResourceDocs) -> f.Field:
    node = _node(fld.node, path, docs)
    text = docs.text(".".join(path))
    description = fld.description
    if text and fld.role is f.TF and not description:
        description = text
    elif text and fld.role is f.SECRET and description == f"Secret holding {fld.tf_name}.":
        description = f"{description} {text}"
    if node is fld.node and description == fld.description:
        return fld
    return dataclasses.replace(fld, node=node, description=description)


def _node(node: f.Node, path: tuple[str, ...], docs: ResourceDocs) -> f.Node:
    if isinstance(node, f.Object):
        described = tuple(_field(fld, (*path, fld.tf_name), docs) for fld in node.fields)
        return node if described == node.fields else dataclasses.replace(node, fields=described)
    if isinstance(node, f.Array):
        item = _node(node.item, path, docs)
        return node if item is node.item else dataclasses.replace(node, item=item)
    if isinstance(node, f.Map):
        value = _node(node.value, path, docs)
        return node if value is node.value else dataclasses.replace(node, value=value)
    return node


def describe(views: f.Views, docs: ResourceDocs) -> f.Views:
    """``views`` with the documentation's texts on every field they cover (the schema's own first)."""
    def obj(o: f.Object) -> f.Object:
        described = _node(o, (), docs)
        assert isinstance(described, f.Object)
        return described

    return dataclasses.replace(views, parameters=obj(views.parameters), init=obj(views.init),
                               observation=obj(views.observation))


# -- coverage ---------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Coverage:
    fields: int = 0
    described: int = 0

    def __add__(self, other: Coverage) -> Coverage:
        return Coverage(self.fields + other.fields, self.described + other.described)

    @property
    def share(self) -> float:
        return self.described / self.fields if self.fields else 1.0


def coverage(obj: f.Object) -> Coverage:
    """Fields of a tree (every depth) and how many carry a description."""
    total = Coverage()
    for fld in obj.fields:
        total += Coverage(1, 1 if fld.description else 0)
        node: f.Node = fld.node
        while isinstance(node, f.Array | f.Map):
            node = node.item if isinstance(node, f.Array) else node.value
        if isinstance(node, f.Object):
            total += coverage(node)
    return total


def catalogue_coverage(provider: Provider, doc: s.Document, docs: Docs | None) -> Coverage:
    """forProvider fields of every kind of the catalogue (one scope: both have the same fields), and
    how many carry a description with ``docs`` (none: the schema's and the generator's own alone)."""
    total = Coverage()
    for tf_type in catalogue.plan(provider, doc).included:
        try:
            views = f.build(doc.parse_resource(tf_type), f.rules(provider.resolve(tf_type)))
        except ValueError:
            continue  # the generator refuses it with its reason; nothing here to describe
        total += coverage((describe(views, docs.resource(tf_type)) if docs else views).parameters)
    return total


def crd_coverage(schema: Mapping[str, Any]) -> Coverage:
    """Properties of an OpenAPI schema (every depth: objects, array items, map values) and how many
    carry a description: what ``kubectl explain`` shows of a generated CRD."""
    total = Coverage()
    for prop in (schema.get("properties") or {}).values():
        total += Coverage(1, 1 if prop.get("description") else 0)
        total += _inner_coverage(prop)
    return total


def _inner_coverage(prop: Mapping[str, Any]) -> Coverage:
    out = crd_coverage(prop)
    for key in ("items", "additionalProperties"):
        inner = prop.get(key)
        if isinstance(inner, Mapping):
            out += _inner_coverage(inner)
    return out
