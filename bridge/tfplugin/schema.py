"""A provider's schema as the plugin protocol sends it, reduced to what values and plans need.

Read from the protobuf ``Schema`` messages (protocol 5 and 6: 6 adds nested attribute types),
held as frozen dataclasses, and turned into the cty type a resource's values have.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from bridge.tfplugin import cty
from bridge.workspace.tfstate import MapKey

# Schema.NestedBlock.NestingMode and Schema.Object.NestingMode numbers, as both protocols define them.
_BLOCK_NESTING = {0: "invalid", 1: "single", 2: "list", 3: "set", 4: "map", 5: "group"}
_OBJECT_NESTING = {0: "invalid", 1: "single", 2: "list", 3: "set", 4: "map"}


@dataclasses.dataclass(frozen=True)
class Attribute:
    name: str
    type: cty.Type
    required: bool = False
    optional: bool = False
    computed: bool = False
    sensitive: bool = False
    # Protocol 6 nested attributes: the object's own attributes, and how it nests.
    nested: Block | None = None
    nesting: str = ""
    # Write-only (terraform 1.11): configured, never stored; a plan must leave it null.
    write_only: bool = False


@dataclasses.dataclass(frozen=True)
class NestedBlock:
    name: str
    nesting: str  # single, group, list, set, map
    block: Block
    min_items: int = 0
    max_items: int = 0

    def type(self) -> cty.Type:
        return _nested_type(self.nesting, self.block.type())

    def with_absent(self, value: Any) -> Any:
        """This block's value with absence represented as Terraform core does (:meth:`Block.with_absent_blocks`)."""
        if value is cty.UNKNOWN:
            return value  # a planned block not known until apply stays so
        if self.nesting in ("list", "set"):
            items = value if isinstance(value, list) else []
            return [self.block.with_absent_blocks(v) for v in items]
        if self.nesting == "map":
            keyed = value if isinstance(value, dict) else {}
            return {k: self.block.with_absent_blocks(v) for k, v in keyed.items()}
        if self.nesting == "group" and value is None:
            return self.block.with_absent_blocks(dict.fromkeys(a.name for a in self.block.attributes))
        return self.block.with_absent_blocks(value)


@dataclasses.dataclass(frozen=True)
class Block:
    attributes: tuple[Attribute, ...] = ()
    blocks: tuple[NestedBlock, ...] = ()

    def type(self) -> cty.Object:
        fields: dict[str, cty.Type] = {a.name: a.type for a in self.attributes}
        for nb in self.blocks:
            fields[nb.name] = nb.type()
        return cty.obj(fields)

    def attribute(self, name: str) -> Attribute | None:
        return next((a for a in self.attributes if a.name == name), None)

    def with_absent_blocks(self, value: Any) -> Any:
        """``value`` (an object of this block, or null) with every absent nested block the way Terraform
        core represents it in configuration, prior and planned state: a list or set block as an empty
        list, a map block as an empty map, a group block as an object of nulls (a group is never null),
        a single block as null. Providers rely on it: the legacy SDK reads a null block as a value it
        does not expect, plans it as changed from the empty block it stored (a replacement, when the
        block forces one) or, in places, dereferences it and dies."""
        if not isinstance(value, dict):
            return value  # null (a destroy) or unknown: nothing inside to fill in
        out = dict(value)
        for nb in self.blocks:
            out[nb.name] = nb.with_absent(value.get(nb.name))
        return out

    def sensitive_paths(self, value: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
        """Paths of the sensitive attributes in ``value`` as terraform records them in a state
        (configschema's SensitivePaths): in an object that is there, every sensitive attribute, null or
        not, and those inside its nested blocks and protocol 6's nested attributes; for those inside a
        set's elements, the set's own path (cty keeps no mark on a set's element: ``SetVal`` moves an
        element's marks to the set, and the state records the set as sensitive)."""
        return self._paths(value, prefix, lambda a: a.sensitive, hoist=True)

    def write_only_paths(self, value: Any) -> list[tuple[str | int, ...]]:
        """Paths of the write-only attributes in ``value`` (configschema's WriteOnlyPaths, which "must
        exactly mirror the SensitivePaths method"), those inside a set's elements left out: a path
        into a set names its element by its whole value, which a path here cannot hold."""
        return self._paths(value, (), lambda a: a.write_only, hoist=False)

    def _paths(self, value: Any, prefix: tuple[str | int, ...], marked: Callable[[Attribute], bool], *,
               hoist: bool) -> list[tuple[str | int, ...]]:
        if not isinstance(value, dict):
            return []
        out: list[tuple[str | int, ...]] = []
        for a in self.attributes:
            if marked(a):
                out.append((*prefix, a.name))
            elif a.nested is not None:
                out += _nested_paths(a.nested, a.nesting, value.get(a.name), (*prefix, a.name), marked, hoist)
        for nb in self.blocks:
            out += _nested_paths(nb.block, nb.nesting, value.get(nb.name), (*prefix, nb.name), marked, hoist)
        return out


def _nested_paths(block: Block, nesting: str, inner: Any, prefix: tuple[str | int, ...],
                  marked: Callable[[Attribute], bool], hoist: bool) -> list[tuple[str | int, ...]]:
    """A nested block's or nested attribute's marked paths; inside a set's elements, the set itself
    (``hoist``) or nothing."""
    out: list[tuple[str | int, ...]] = []
    if nesting in ("single", "group"):
        out += block._paths(inner, prefix, marked, hoist=hoist)
    elif nesting == "list" and isinstance(inner, list):
        for i, item in enumerate(inner):
            out += block._paths(item, (*prefix, i), marked, hoist=hoist)
    elif nesting == "map" and isinstance(inner, dict):
        for k, item in inner.items():
            out += block._paths(item, (*prefix, MapKey(k)), marked, hoist=hoist)
    elif nesting == "set" and hoist and isinstance(inner, list) and any(
            block._paths(item, (), marked, hoist=hoist) for item in inner):
        out.append(prefix)
    return out


def _nested_type(nesting: str, element: cty.Type) -> cty.Type:
    if nesting in ("single", "group"):
        return element
    return cty.Collection(nesting, element)


@dataclasses.dataclass(frozen=True)
class Schema:
    version: int
    block: Block

    @functools.cached_property
    def type(self) -> cty.Object:
        # Asked for by every encode and decode of a value: built once per schema, not per call.
        return self.block.type()


def block_from_proto(msg: Any) -> Block:
    attributes = []
    for a in msg.attributes:
        nested = None
        nesting = ""
        if a.type:
            t = cty.parse_type(a.type)
        else:  # protocol 6: an attribute typed by nested attributes
            nested = Block(tuple(_nested_attribute(n) for n in a.nested_type.attributes))
            nesting = _OBJECT_NESTING[a.nested_type.nesting]
            t = _nested_type(nesting, nested.type())
        attributes.append(Attribute(a.name, t, a.required, a.optional, a.computed, a.sensitive, nested, nesting,
                                    _write_only(a)))
    blocks = tuple(NestedBlock(b.type_name, _BLOCK_NESTING[b.nesting], block_from_proto(b.block),
                               b.min_items, b.max_items) for b in msg.block_types)
    return Block(tuple(attributes), blocks)


def _nested_attribute(a: Any) -> Attribute:
    inner = block_from_proto(_AttributesOnly(a.nested_type.attributes)) if not a.type else None
    if inner is not None:
        nesting = _OBJECT_NESTING[a.nested_type.nesting]
        return Attribute(a.name, _nested_type(nesting, inner.type()), a.required, a.optional, a.computed,
                         a.sensitive, inner, nesting, _write_only(a))
    return Attribute(a.name, cty.parse_type(a.type), a.required, a.optional, a.computed, a.sensitive,
                     write_only=_write_only(a))


def _write_only(a: Any) -> bool:
    """An attribute's ``write_only`` (protocols 5.8 and 6.8; a provider built before has no such field)."""
    return bool(getattr(a, "write_only", False))


@dataclasses.dataclass(frozen=True)
class _AttributesOnly:
    attributes: Any
    block_types: tuple[()] = ()


def schema_from_proto(msg: Any) -> Schema:
    return Schema(int(msg.version), block_from_proto(msg.block))
