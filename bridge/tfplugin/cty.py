"""Values with cty's semantics, the way Terraform providers exchange them.

A type is parsed from Terraform's JSON type notation (``"string"``, ``["list", "number"]``,
``["object", {...}, [optional...]]``, ``"dynamic"``). Values are plain Python: None for null,
str, int/float, bool, list (list, set and tuple), dict (map and object), :data:`UNKNOWN` for a
value not known until apply, and :class:`Dynamic` where the schema says ``dynamic``, because such
a value carries its own type on the wire.

Two encodings: msgpack (``DynamicValue.msgpack`` in the plugin protocol) and JSON (the
``attributes`` of a state file, and ``DynamicValue.json``). Both are driven by the type, never by
the value's Python shape: ``{"a": 1}`` is a map or an object depending on the schema.
"""

from __future__ import annotations

import codecs
import dataclasses
import json
import math
import zlib
from collections.abc import Mapping
from typing import Any

import msgpack


class _Unknown:
    _instance: _Unknown | None = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()
# cty writes an unknown as msgpack extension 0 (refined unknowns use 12); both read as UNKNOWN.
_UNKNOWN_EXT = 0
_REFINED_UNKNOWN_EXT = 12


class CtyError(ValueError):
    """A value does not conform to its type; ``path`` says where."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path or '(root)'}: {message}")
        self.path = path


# -- types ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Primitive:
    name: str  # string, number, bool


@dataclasses.dataclass(frozen=True)
class Collection:
    kind: str  # list, set, map
    element: Type


@dataclasses.dataclass(frozen=True)
class Object:
    attributes: tuple[tuple[str, Type], ...]
    optional: frozenset[str] = frozenset()

    @property
    def fields(self) -> dict[str, Type]:
        return dict(self.attributes)


@dataclasses.dataclass(frozen=True)
class Tuple:
    elements: tuple[Type, ...]


@dataclasses.dataclass(frozen=True)
class DynamicType:
    pass


Type = Primitive | Collection | Object | Tuple | DynamicType
STRING, NUMBER, BOOL, DYNAMIC = Primitive("string"), Primitive("number"), Primitive("bool"), DynamicType()


def obj(fields: Mapping[str, Type], optional: frozenset[str] = frozenset()) -> Object:
    return Object(tuple(sorted(fields.items())), optional)


@dataclasses.dataclass(frozen=True)
class Dynamic:
    """A value whose type the schema leaves open (``dynamic``): it travels with its type."""

    type: Type
    value: Any


def parse_type(spec: Any) -> Type:
    """Terraform's JSON type notation → a type."""
    if isinstance(spec, bytes | bytearray):
        spec = json.loads(spec)
    if spec in ("string", "number", "bool"):
        return Primitive(spec)
    if spec == "dynamic":
        return DYNAMIC
    if isinstance(spec, list) and spec:
        head = spec[0]
        if head in ("list", "set", "map") and len(spec) == 2:
            return Collection(head, parse_type(spec[1]))
        if head == "object" and len(spec) in (2, 3) and isinstance(spec[1], dict):
            optional = frozenset(spec[2]) if len(spec) == 3 else frozenset()
            return obj({k: parse_type(v) for k, v in spec[1].items()}, optional)
        if head == "tuple" and len(spec) == 2 and isinstance(spec[1], list):
            return Tuple(tuple(parse_type(t) for t in spec[1]))
    raise CtyError("", f"not a type: {spec!r}")


def type_json(t: Type) -> Any:
    """The JSON type notation of ``t`` (inverse of :func:`parse_type`)."""
    if isinstance(t, Primitive):
        return t.name
    if isinstance(t, DynamicType):
        return "dynamic"
    if isinstance(t, Collection):
        return [t.kind, type_json(t.element)]
    if isinstance(t, Tuple):
        return ["tuple", [type_json(e) for e in t.elements]]
    spec: list[Any] = ["object", {k: type_json(v) for k, v in t.attributes}]
    if t.optional:
        spec.append(sorted(t.optional))
    return spec


# -- msgpack ----------------------------------------------------------------------------------


def _number_out(value: Any, path: str) -> int | float | str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CtyError(path, f"expected a number, got {type(value).__name__}")
    if isinstance(value, float) and not math.isfinite(value):
        raise CtyError(path, "a number must be finite")
    if isinstance(value, int) and not -(2**63) <= value < 2**64:
        return str(value)  # cty sends numbers msgpack cannot hold exactly as strings
    return value


def _number_in(value: Any, path: str) -> int | float:
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return float(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CtyError(path, f"expected a number, got {type(value).__name__}")
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def _to_wire(t: Type, value: Any, path: str) -> Any:
    if value is None:
        return None
    if value is UNKNOWN:
        return msgpack.ExtType(_UNKNOWN_EXT, b"")
    if isinstance(t, DynamicType):
        if not isinstance(value, Dynamic):
            raise CtyError(path, "a dynamic value needs its type (Dynamic)")
        return [json.dumps(type_json(value.type), separators=(",", ":")).encode(),
                _to_wire(value.type, value.value, path)]
    if isinstance(t, Primitive):
        if t.name == "string":
            if not isinstance(value, str):
                raise CtyError(path, f"expected a string, got {type(value).__name__}")
            return value
        if t.name == "bool":
            if not isinstance(value, bool):
                raise CtyError(path, f"expected a bool, got {type(value).__name__}")
            return value
        return _number_out(value, path)
    if isinstance(t, Collection):
        if t.kind == "map":
            if not isinstance(value, Mapping):
                raise CtyError(path, f"expected a map, got {type(value).__name__}")
            return {k: _to_wire(t.element, v, f"{path}[{k!r}]") for k, v in sorted(value.items())}
        if not isinstance(value, list | tuple):
            raise CtyError(path, f"expected a {t.kind}, got {type(value).__name__}")
        return [_to_wire(t.element, v, f"{path}[{i}]") for i, v in enumerate(value)]
    if isinstance(t, Tuple):
        if not isinstance(value, list | tuple) or len(value) != len(t.elements):
            raise CtyError(path, f"expected a tuple of {len(t.elements)}")
        return [_to_wire(e, v, f"{path}[{i}]") for i, (e, v) in enumerate(zip(t.elements, value, strict=True))]
    if not isinstance(value, Mapping):
        raise CtyError(path, f"expected an object, got {type(value).__name__}")
    extra = set(value) - {k for k, _ in t.attributes}
    if extra:
        raise CtyError(path, f"unexpected attribute {sorted(extra)[0]!r}")
    return {k: _to_wire(at, value.get(k), f"{path}.{k}" if path else k) for k, at in t.attributes}


def _from_wire(t: Type, raw: Any, path: str) -> Any:
    if raw is None:
        return None
    if isinstance(raw, msgpack.ExtType):
        if raw.code in (_UNKNOWN_EXT, _REFINED_UNKNOWN_EXT):
            return UNKNOWN
        raise CtyError(path, f"unexpected msgpack extension {raw.code}")
    if isinstance(t, DynamicType):
        if not isinstance(raw, list) or len(raw) != 2:
            raise CtyError(path, "a dynamic value must be [type, value]")
        inner = parse_type(json.loads(raw[0]))
        return Dynamic(inner, _from_wire(inner, raw[1], path))
    if isinstance(t, Primitive):
        if t.name == "number":
            return _number_in(raw, path)
        if t.name == "string" and isinstance(raw, str):
            return raw
        if t.name == "bool" and isinstance(raw, bool):
            return raw
        raise CtyError(path, f"expected a {t.name}, got {type(raw).__name__}")
    if isinstance(t, Collection):
        if t.kind == "map":
            if not isinstance(raw, dict):
                raise CtyError(path, "expected a map")
            return {k: _from_wire(t.element, v, f"{path}[{k!r}]") for k, v in raw.items()}
        if not isinstance(raw, list):
            raise CtyError(path, f"expected a {t.kind}")
        return [_from_wire(t.element, v, f"{path}[{i}]") for i, v in enumerate(raw)]
    if isinstance(t, Tuple):
        if not isinstance(raw, list) or len(raw) != len(t.elements):
            raise CtyError(path, f"expected a tuple of {len(t.elements)}")
        return [_from_wire(e, v, f"{path}[{i}]") for i, (e, v) in enumerate(zip(t.elements, raw, strict=True))]
    if not isinstance(raw, dict):
        raise CtyError(path, "expected an object")
    return {k: _from_wire(at, raw.get(k), f"{path}.{k}" if path else k) for k, at in t.attributes}


def to_msgpack(t: Type, value: Any) -> bytes:
    return bytes(msgpack.packb(_to_wire(t, value, ""), use_bin_type=True))


def _invalid_utf8_as_go_writes_it(exc: UnicodeError) -> tuple[str, int]:
    """A string's bytes that are not UTF-8, each one U+FFFD.

    A cty string is a Go string, any bytes: a provider may return raw bytes in one (a virtual MFA
    device's ``qr_code_png`` is a PNG). Terraform keeps them as they are until
    it writes its state, whose JSON encoder replaces every byte of an invalid sequence with U+FFFD
    (Go's ``encoding/json``: ``utf8.DecodeRuneInString`` gives ``RuneError`` of size 1 for each).
    Python reports each maximal invalid subsequence once, so it is replaced byte for byte: the
    state this executor writes is the one terraform writes."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return "\ufffd" * (exc.end - exc.start), exc.end


_GO_STRING_ERRORS = "tfbridge-go-string"
codecs.register_error(_GO_STRING_ERRORS, _invalid_utf8_as_go_writes_it)


def from_msgpack(t: Type, data: bytes) -> Any:
    if not data:
        return None
    return _from_wire(t, msgpack.unpackb(data, raw=False, strict_map_key=False, unicode_errors=_GO_STRING_ERRORS),
                      "")


# -- JSON (state files) -----------------------------------------------------------------------


def _to_json(t: Type, value: Any, path: str) -> Any:
    if value is UNKNOWN:
        raise CtyError(path, "an unknown value cannot be stored")
    if value is None:
        return None
    if isinstance(t, DynamicType):
        if not isinstance(value, Dynamic):
            raise CtyError(path, "a dynamic value needs its type (Dynamic)")
        return {"value": _to_json(value.type, value.value, path), "type": type_json(value.type)}
    if isinstance(t, Primitive):
        return _number_out(value, path) if t.name == "number" and not isinstance(value, str) else value
    if isinstance(t, Collection):
        if t.kind == "map":
            return {k: _to_json(t.element, v, f"{path}[{k!r}]") for k, v in value.items()}
        return [_to_json(t.element, v, f"{path}[{i}]") for i, v in enumerate(value)]
    if isinstance(t, Tuple):
        return [_to_json(e, v, f"{path}[{i}]") for i, (e, v) in enumerate(zip(t.elements, value, strict=True))]
    return {k: _to_json(at, value.get(k), f"{path}.{k}" if path else k) for k, at in t.attributes}


def to_json(t: Type, value: Any) -> Any:
    """The JSON form cty writes (a state's ``attributes``): unknowns are refused."""
    return _to_json(t, value, "")


def from_json(t: Type, value: Any, path: str = "") -> Any:
    """Read the JSON form back, checking it against ``t``; missing object attributes are null."""
    if value is None:
        return None
    if isinstance(t, DynamicType):
        if not isinstance(value, dict) or "type" not in value:
            raise CtyError(path, "a dynamic value must be {value, type}")
        inner = parse_type(value["type"])
        return Dynamic(inner, from_json(inner, value.get("value"), path))
    return _from_wire(t, _json_wire(t, value, path), path)


def _json_wire(t: Type, value: Any, path: str) -> Any:
    """JSON → the wire shape, so one checker serves both encodings (dynamic values differ)."""
    if value is None:
        return None
    if isinstance(t, DynamicType):
        inner = parse_type(value["type"])
        return [json.dumps(value["type"]).encode(), _json_wire(inner, value.get("value"), path)]
    if isinstance(t, Collection):
        if t.kind == "map" and isinstance(value, dict):
            return {k: _json_wire(t.element, v, path) for k, v in value.items()}
        if isinstance(value, list):
            return [_json_wire(t.element, v, path) for v in value]
    if isinstance(t, Tuple) and isinstance(value, list):
        return [_json_wire(e, v, path) for e, v in zip(t.elements, value, strict=False)]
    if isinstance(t, Object) and isinstance(value, dict):
        unknown = set(value) - set(t.fields)
        if unknown:
            raise CtyError(path, f"unexpected attribute {sorted(unknown)[0]!r}")
        return {k: _json_wire(at, value.get(k), path) for k, at in t.attributes}
    return value


# -- comparison and conversion ------------------------------------------------------------------


def equal(t: Type, a: Any, b: Any) -> bool:
    """cty equality: sets ignore order; an unknown equals nothing known."""
    if a is UNKNOWN or b is UNKNOWN:
        return a is b
    if a is None or b is None:
        return a is None and b is None
    if isinstance(t, DynamicType):
        return isinstance(a, Dynamic) and isinstance(b, Dynamic) and a.type == b.type and equal(a.type, a.value,
                                                                                               b.value)
    if isinstance(t, Primitive):
        return bool(a == b)
    if isinstance(t, Collection):
        if t.kind == "map":
            return a.keys() == b.keys() and all(equal(t.element, a[k], b[k]) for k in a)
        if len(a) != len(b):
            return False
        if t.kind == "list":
            return all(equal(t.element, x, y) for x, y in zip(a, b, strict=True))
        remaining = list(b)
        for x in a:
            match = next((i for i, y in enumerate(remaining) if equal(t.element, x, y)), None)
            if match is None:
                return False
            remaining.pop(match)
        return True
    if isinstance(t, Tuple):
        return all(equal(e, x, y) for e, x, y in zip(t.elements, a, b, strict=True))
    return all(equal(at, a.get(k), b.get(k)) for k, at in t.attributes)


def in_set_order(element: Type, values: list[Any]) -> list[Any]:
    """A set's elements in the order cty iterates them (go-cty v1.16, terraform 1.11's: ``set.Values``
    sorted by ``setRules.Less``): known values before unknown ones before nulls; strings, numbers and
    bools by value; anything else by its set-hash bytes (``makeSetHashBytes``). Terraform correlates
    set elements in this order (ProposedNew's first match wins), so the order decides the match."""
    def key(v: Any) -> tuple[int, Any]:
        if v is None:
            return (2, b"")
        if v is UNKNOWN:
            return (1, b"")
        if isinstance(element, Primitive):
            return (0, v)
        return (0, _hash_bytes(element, v))

    # By hash bucket first (``sort.Ints(bucketIDs)``), which orders what Less cannot tell apart.
    return sorted(sorted(values, key=lambda v: zlib.crc32(_hash_bytes(element, v))), key=key)


def _hash_bytes(t: Type, value: Any) -> bytes:
    """``appendSetHashBytes``: a value's set-hash text, ordering what has no natural order."""
    if value is UNKNOWN:
        return b"?"
    if value is None:
        return b"~"
    if isinstance(value, Dynamic):
        return _hash_bytes(value.type, value.value)
    if isinstance(t, Primitive):
        if t.name == "bool":
            return b"T" if value else b"F"
        if t.name == "number":
            return format(value, ".10g").encode()  # big.Float's String(): 10 significant digits, %g
        return json.dumps(value, ensure_ascii=False).encode()  # Go's %q, for every printable string
    if isinstance(t, Collection):
        if t.kind == "map":
            return b"{" + b"".join(_hash_bytes(STRING, k) + b":" + _hash_bytes(t.element, value[k]) + b";"
                                   for k in sorted(value)) + b"}"
        items = in_set_order(t.element, list(value)) if t.kind == "set" else value
        return b"[" + b"".join(_hash_bytes(t.element, v) + b";" for v in items) + b"]"
    if isinstance(t, Tuple):
        return b"<" + b"".join(_hash_bytes(e, v) + b";" for e, v in zip(t.elements, value, strict=True)) + b">"
    if isinstance(t, Object):
        return b"<" + b"".join(_hash_bytes(at, value.get(k)) + b";" for k, at in t.attributes) + b">"
    return b"?"


def conform(t: Type, value: Any, path: str = "") -> Any:
    """A configuration value (from JSON) converted to ``t`` the way Terraform converts config:
    strings ↔ numbers and bools where exact, missing object attributes null. Errors name the path."""
    if value is None or value is UNKNOWN:
        return value
    if isinstance(t, DynamicType):
        return value if isinstance(value, Dynamic) else Dynamic(implied_type(value), value)
    if isinstance(t, Primitive):
        return _conform_primitive(t.name, value, path)
    if isinstance(t, Collection):
        if t.kind == "map":
            if not isinstance(value, Mapping):
                raise CtyError(path, f"expected a map, got {type(value).__name__}")
            return {k: conform(t.element, v, f"{path}.{k}") for k, v in value.items()}
        items = value if isinstance(value, list | tuple) else [value] if isinstance(value, Mapping) else None
        if items is None:
            raise CtyError(path, f"expected a {t.kind}, got {type(value).__name__}")
        out = [conform(t.element, v, f"{path}[{i}]") for i, v in enumerate(items)]
        if t.kind == "set":
            unique: list[Any] = []
            for v in out:
                if not any(equal(t.element, v, u) for u in unique):
                    unique.append(v)
            return unique
        return out
    if isinstance(t, Tuple):
        if not isinstance(value, list | tuple) or len(value) != len(t.elements):
            raise CtyError(path, f"expected a tuple of {len(t.elements)}")
        return [conform(e, v, f"{path}[{i}]") for i, (e, v) in enumerate(zip(t.elements, value, strict=True))]
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], Mapping):
        value = value[0]  # a single nested block written as a one-element list
    if not isinstance(value, Mapping):
        raise CtyError(path, f"expected an object, got {type(value).__name__}")
    unknown = set(value) - set(t.fields)
    if unknown:
        name = sorted(unknown)[0]
        raise CtyError(f"{path}.{name}" if path else name, "no such argument in the schema")
    return {k: conform(at, value.get(k), f"{path}.{k}" if path else k) for k, at in t.attributes}


def _conform_primitive(name: str, value: Any, path: str) -> Any:
    if name == "string":
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int | float):
            return str(value)
        if isinstance(value, str):
            return value
    elif name == "number":
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            try:
                return _number_in(value, path)
            except ValueError:
                pass
    elif name == "bool":
        if isinstance(value, bool):
            return value
        if value in ("true", "false"):
            return value == "true"
    raise CtyError(path, f"expected a {name}, got {value!r}")


def implied_type(value: Any) -> Type:
    """The type a plain JSON value implies (for dynamic attributes in configuration)."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int | float):
        return NUMBER
    if isinstance(value, str):
        return STRING
    if isinstance(value, list):
        return Tuple(tuple(implied_type(v) for v in value))
    if isinstance(value, Mapping):
        return obj({k: implied_type(v) for k, v in value.items()})
    raise CtyError("", f"no type for {value!r}")
