"""Parse ``terraform providers schema -json`` into frozen dataclasses, all at once or one resource at a time.

Errors name the file and the JSON path, e.g. ``schema.json.gz: $.provider_schemas[...].
resource_schemas.aws_vpc.block.attributes.cidr_block.type: unknown type 'strnig'``.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

Primitive = Literal["string", "number", "bool", "dynamic"]
NestingMode = Literal["single", "group", "list", "set", "map"]
_PRIMITIVES = ("string", "number", "bool", "dynamic")
_NESTING = ("single", "group", "list", "set", "map")


class SchemaError(ValueError):
    """Malformed schema JSON; the message names the file and the JSON path."""


@dataclasses.dataclass(frozen=True)
class Collection:
    kind: Literal["list", "set", "map"]
    element: TypeExpr


@dataclasses.dataclass(frozen=True)
class ObjectType:
    attributes: tuple[tuple[str, TypeExpr], ...]


TypeExpr = str | Collection | ObjectType  # str is one of _PRIMITIVES


@dataclasses.dataclass(frozen=True)
class NestedAttributes:
    """Protocol-6 ``nested_type``: attributes nested like a block."""

    nesting_mode: NestingMode
    attributes: tuple[Attribute, ...]
    min_items: int = 0
    max_items: int = 0


@dataclasses.dataclass(frozen=True)
class Attribute:
    name: str
    type: TypeExpr | None
    description: str = ""
    required: bool = False
    optional: bool = False
    computed: bool = False
    sensitive: bool = False
    nested: NestedAttributes | None = None

    @property
    def is_parameter(self) -> bool:
        return self.required or self.optional


@dataclasses.dataclass(frozen=True)
class BlockType:
    name: str
    nesting_mode: NestingMode
    block: Block
    min_items: int = 0
    max_items: int = 0


@dataclasses.dataclass(frozen=True)
class Block:
    attributes: tuple[Attribute, ...] = ()
    block_types: tuple[BlockType, ...] = ()
    description: str = ""


@dataclasses.dataclass(frozen=True)
class ResourceSchema:
    name: str
    version: int
    block: Block


@dataclasses.dataclass(frozen=True)
class ProviderSchema:
    source: str
    provider: Block
    resources: Mapping[str, ResourceSchema]


class _Parser:
    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, path: str, message: str) -> SchemaError:
        return SchemaError(f"{self.origin}: {path}: {message}")

    def obj(self, value: Any, path: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"expected an object, got {type(value).__name__}")
        return value

    def type_expr(self, value: Any, path: str) -> TypeExpr:
        if isinstance(value, str):
            if value not in _PRIMITIVES:
                raise self.fail(path, f"unknown type {value!r}")
            return value
        if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str):
            head, arg = value
            if head in ("list", "set", "map"):
                return Collection(head, self.type_expr(arg, f"{path}[1]"))
            if head == "object":
                attrs = self.obj(arg, f"{path}[1]")
                return ObjectType(tuple((k, self.type_expr(attrs[k], f"{path}[1].{k}")) for k in sorted(attrs)))
        raise self.fail(path, f"unknown type {json.dumps(value)[:80]}")

    def flag(self, raw: Mapping[str, Any], key: str, path: str) -> bool:
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(f"{path}.{key}", "expected true or false")
        return value

    def count(self, raw: Mapping[str, Any], key: str, path: str) -> int:
        value = raw.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise self.fail(f"{path}.{key}", "expected a non-negative integer")
        return value

    def nesting(self, raw: Mapping[str, Any], path: str) -> NestingMode:
        mode = raw.get("nesting_mode")
        if mode not in _NESTING:
            raise self.fail(f"{path}.nesting_mode", f"unknown nesting mode {mode!r}")
        return mode  # type: ignore[no-any-return]

    def attribute(self, name: str, value: Any, path: str) -> Attribute:
        raw = self.obj(value, path)
        nested = None
        type_: TypeExpr | None = None
        if "nested_type" in raw:
            nraw = self.obj(raw["nested_type"], f"{path}.nested_type")
            attrs = self.obj(nraw.get("attributes", {}), f"{path}.nested_type.attributes")
            nested = NestedAttributes(
                nesting_mode=self.nesting(nraw, f"{path}.nested_type"),
                attributes=tuple(self.attribute(k, attrs[k], f"{path}.nested_type.attributes.{k}")
                                 for k in sorted(attrs)),
                min_items=self.count(nraw, "min_items", f"{path}.nested_type"),
                max_items=self.count(nraw, "max_items", f"{path}.nested_type"),
            )
        elif "type" in raw:
            type_ = self.type_expr(raw["type"], f"{path}.type")
        else:
            raise self.fail(path, "attribute has neither 'type' nor 'nested_type'")
        attr = Attribute(
            name=name, type=type_, nested=nested,
            description=str(raw.get("description", "")),
            required=self.flag(raw, "required", path), optional=self.flag(raw, "optional", path),
            computed=self.flag(raw, "computed", path), sensitive=self.flag(raw, "sensitive", path),
        )
        if not (attr.required or attr.optional or attr.computed):
            raise self.fail(path, "attribute is neither required, optional nor computed")
        return attr

    def block(self, value: Any, path: str) -> Block:
        raw = self.obj(value, path)
        attrs = self.obj(raw.get("attributes", {}), f"{path}.attributes")
        blocks = self.obj(raw.get("block_types", {}), f"{path}.block_types")
        block_types = []
        for k in sorted(blocks):
            bpath = f"{path}.block_types.{k}"
            braw = self.obj(blocks[k], bpath)
            if "block" not in braw:
                raise self.fail(bpath, "block type has no 'block'")
            block_types.append(BlockType(
                name=k, nesting_mode=self.nesting(braw, bpath), block=self.block(braw["block"], f"{bpath}.block"),
                min_items=self.count(braw, "min_items", bpath), max_items=self.count(braw, "max_items", bpath),
            ))
        return Block(
            attributes=tuple(self.attribute(k, attrs[k], f"{path}.attributes.{k}") for k in sorted(attrs)),
            block_types=tuple(block_types),
            description=str(raw.get("description", "")),
        )

    def resource(self, name: str, value: Any, path: str) -> ResourceSchema:
        raw = self.obj(value, path)
        version = raw.get("version", 0)
        if not isinstance(version, int):
            raise self.fail(f"{path}.version", "expected an integer")
        return ResourceSchema(name=name, version=version, block=self.block(raw.get("block"), f"{path}.block"))


@dataclasses.dataclass(frozen=True)
class Document:
    """One provider's part of a ``providers schema -json`` document, still as JSON."""

    source: str
    origin: str
    provider: Mapping[str, Any]  # the provider block
    resources: Mapping[str, Mapping[str, Any]]  # tf_type → {"version": …, "block": …}

    def path(self, tf_type: str) -> str:
        return f"$.provider_schemas[{self.source!r}].resource_schemas.{tf_type}"

    def parse_provider(self) -> Block:
        return _Parser(self.origin).block(self.provider, f"$.provider_schemas[{self.source!r}].provider.block")

    def parse_resource(self, tf_type: str) -> ResourceSchema:
        return _Parser(self.origin).resource(tf_type, self.resources[tf_type], self.path(tf_type))


def document(value: Any, source: str, *, origin: str = "<schema>") -> Document:
    """Find one provider's schemas in a ``providers schema -json`` document, without parsing them yet."""
    p = _Parser(origin)
    root = p.obj(value, "$")
    schemas = p.obj(root.get("provider_schemas"), "$.provider_schemas")
    if source not in schemas:
        known = ", ".join(sorted(schemas)) or "none"
        raise p.fail("$.provider_schemas", f"no provider {source!r} (found: {known})")
    base = f"$.provider_schemas[{source!r}]"
    prov = p.obj(schemas[source], base)
    provider = p.obj(p.obj(prov.get("provider", {"block": {}}), f"{base}.provider").get("block", {}),
                     f"{base}.provider.block")
    resources = p.obj(prov.get("resource_schemas", {}), f"{base}.resource_schemas")
    for name in resources:
        p.obj(resources[name], f"{base}.resource_schemas.{name}")
    return Document(source=source, origin=origin, provider=provider, resources=resources)


def parse(value: Any, source: str, *, origin: str = "<schema>") -> ProviderSchema:
    """Parse one provider's schemas out of a ``providers schema -json`` document."""
    doc = document(value, source, origin=origin)
    return ProviderSchema(source=source, provider=doc.parse_provider(),
                          resources={name: doc.parse_resource(name) for name in sorted(doc.resources)})


def compact(value: Any) -> bytes:
    """Canonical JSON of a schema part: the same bytes for the same schema, whoever computes them."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class Source:
    """The resource schemas one run needs, each parsed the first time it is asked for.

    The whole document is decoded once; what is kept is the canonical JSON of the resources asked
    for (about 8 KB each), so a run that uses a few kinds of a large provider holds a few schemas.
    """

    def __init__(self, doc: Document, keep: Iterable[str]) -> None:
        self.source = doc.source
        self.origin = doc.origin
        self._provider = compact(doc.provider)
        self._raw = {name: compact(doc.resources[name]) for name in sorted(set(keep))}
        self._parsed: dict[str, ResourceSchema] = {}
        self._lock = threading.Lock()

    def raw(self, tf_type: str) -> bytes:
        return self._raw[tf_type]

    def raw_provider(self) -> bytes:
        return self._provider

    def resource(self, tf_type: str) -> ResourceSchema:
        with self._lock:
            found = self._parsed.get(tf_type)
            if found is None:
                doc = Document(self.source, self.origin, {}, {tf_type: json.loads(self._raw[tf_type])})
                found = self._parsed[tf_type] = doc.parse_resource(tf_type)
            return found

    def provider(self) -> Block:
        return Document(self.source, self.origin, json.loads(self._provider), {}).parse_provider()


def read_document(path: Path) -> Any:
    """Read schema JSON, gzip-compressed when the name ends in ``.gz``."""
    try:
        data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        return json.loads(data)
    except FileNotFoundError as exc:
        raise SchemaError(f"{path}: no such schema file") from exc
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise SchemaError(f"{path}: cannot read: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise SchemaError(f"{path}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc


def load(path: Path, source: str) -> ProviderSchema:
    return parse(read_document(path), source, origin=str(path))


def load_document(path: Path, source: str) -> Document:
    return document(read_document(path), source, origin=str(path))


def write_document(document: Any, path: Path) -> None:
    """Write schema JSON compressed and byte-reproducibly (sorted keys, no gzip timestamp or name)."""
    payload = json.dumps(document, sort_keys=True, separators=(",", ":")).encode()
    path.write_bytes(gzip.compress(payload, compresslevel=9, mtime=0))
