"""Parse ``terraform providers schema -json`` into frozen dataclasses.

Errors name the file and the JSON path, e.g. ``schema.json.gz: $.provider_schemas[...].
resource_schemas.aws_vpc.block.attributes.cidr_block.type: unknown type 'strnig'``.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
from collections.abc import Mapping
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


def parse(document: Any, source: str, *, origin: str = "<schema>") -> ProviderSchema:
    """Parse one provider's schemas out of a ``providers schema -json`` document."""
    p = _Parser(origin)
    root = p.obj(document, "$")
    schemas = p.obj(root.get("provider_schemas"), "$.provider_schemas")
    if source not in schemas:
        known = ", ".join(sorted(schemas)) or "none"
        raise p.fail("$.provider_schemas", f"no provider {source!r} (found: {known})")
    base = f"$.provider_schemas[{source!r}]"
    prov = p.obj(schemas[source], base)
    provider_block = p.block(p.obj(prov.get("provider", {"block": {}}), f"{base}.provider").get("block", {}),
                             f"{base}.provider.block")
    raw_resources = p.obj(prov.get("resource_schemas", {}), f"{base}.resource_schemas")
    resources: dict[str, ResourceSchema] = {}
    for name in sorted(raw_resources):
        rpath = f"{base}.resource_schemas.{name}"
        raw = p.obj(raw_resources[name], rpath)
        version = raw.get("version", 0)
        if not isinstance(version, int):
            raise p.fail(f"{rpath}.version", "expected an integer")
        resources[name] = ResourceSchema(name=name, version=version, block=p.block(raw.get("block"), f"{rpath}.block"))
    return ProviderSchema(source=source, provider=provider_block, resources=resources)


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


def write_document(document: Any, path: Path) -> None:
    """Write schema JSON compressed and byte-reproducibly (sorted keys, no gzip timestamp or name)."""
    payload = json.dumps(document, sort_keys=True, separators=(",", ":")).encode()
    path.write_bytes(gzip.compress(payload, compresslevel=9, mtime=0))
