"""The OpenAPI v2 document in protobuf, as kubectl asks for it
(``Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf``; it accepts no JSON there).

The message is gnostic's ``openapi.v2.Document``. Only what a Kubernetes document uses is encoded
(paths with their operations and parameters, definitions with their schemas and vendor extensions),
straight to the protobuf wire format: the field numbers below are the public ``OpenAPIv2.proto``'s.
Vendor extensions, defaults and enum values are ``Any`` messages carrying YAML, as gnostic writes them.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from typing import Any

import yaml

Obj = dict[str, Any]

# Schema fields by name: (field number, wire kind).
_SCHEMA_STRINGS = {"$ref": 1, "format": 2, "title": 3, "description": 4, "pattern": 13}
_SCHEMA_NUMBERS = {"multipleOf": 6, "maximum": 7, "minimum": 9}
_SCHEMA_INTEGERS = {"maxLength": 11, "minLength": 12, "maxItems": 14, "minItems": 15, "maxProperties": 17,
                    "minProperties": 18}
_SCHEMA_BOOLS = {"exclusiveMaximum": 8, "exclusiveMinimum": 10, "uniqueItems": 16, "readOnly": 27}
_OPERATIONS = {"get": 2, "put": 3, "post": 4, "delete": 5, "options": 6, "head": 7, "patch": 8}


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        bits = value & 0x7F
        value >>= 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _bytes(number: int, data: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def _string(number: int, text: str) -> bytes:
    return _bytes(number, text.encode()) if text else b""


def _bool(number: int, value: bool) -> bytes:
    return _varint(number << 3) + b"\x01" if value else b""


def _int(number: int, value: int) -> bytes:
    return _varint(number << 3) + _varint(int(value)) if value else b""


def _double(number: int, value: float) -> bytes:
    return _varint(number << 3 | 1) + struct.pack("<d", float(value)) if value else b""


def _any(value: Any) -> bytes:
    return _string(2, yaml.safe_dump(value, default_flow_style=False))  # Any.yaml


def _extensions(number: int, obj: Obj) -> bytes:
    return b"".join(_bytes(number, _string(1, k) + _bytes(2, _any(v)))  # NamedAny{name, value}
                    for k, v in obj.items() if k.startswith("x-"))


def _named(number: int, pairs: Iterable[tuple[str, bytes]]) -> bytes:
    return b"".join(_bytes(number, _string(1, name) + _bytes(2, value)) for name, value in pairs)


def schema(s: Obj) -> bytes:
    out = [_string(n, str(s[k])) for k, n in _SCHEMA_STRINGS.items() if k in s]
    out += [_double(n, s[k]) for k, n in _SCHEMA_NUMBERS.items() if k in s]
    out += [_int(n, s[k]) for k, n in _SCHEMA_INTEGERS.items() if k in s]
    out += [_bool(n, bool(s[k])) for k, n in _SCHEMA_BOOLS.items() if k in s]
    if "default" in s:
        out.append(_bytes(5, _any(s["default"])))
    out += [_string(19, name) for name in s.get("required") or ()]
    out += [_bytes(20, _any(value)) for value in s.get("enum") or ()]
    extra = s.get("additionalProperties")
    if isinstance(extra, dict):
        out.append(_bytes(21, _bytes(1, schema(extra))))
    elif isinstance(extra, bool):
        out.append(_bytes(21, _varint(2 << 3) + (b"\x01" if extra else b"\x00")))
    if "type" in s:
        types = s["type"] if isinstance(s["type"], list) else [s["type"]]
        out.append(_bytes(22, b"".join(_string(1, t) for t in types)))
    if isinstance(s.get("items"), dict):
        out.append(_bytes(23, _bytes(1, schema(s["items"]))))
    out += [_bytes(24, schema(x)) for x in s.get("allOf") or ()]
    if s.get("properties"):
        out.append(_bytes(25, _named(1, ((k, schema(v)) for k, v in s["properties"].items()))))
    out.append(_extensions(31, s))
    return b"".join(out)


def _parameter(p: Obj) -> bytes:
    if "$ref" in p:
        return _bytes(2, _string(1, p["$ref"]))  # ParametersItem.json_reference
    if p.get("in") == "body":
        body = (_string(1, p.get("description", "")) + _string(2, p["name"]) + _string(3, "body")
                + _bool(4, bool(p.get("required"))) + _bytes(5, schema(p.get("schema") or {})))
        return _bytes(1, _bytes(1, body))  # ParametersItem.parameter → Parameter.body_parameter
    where = p.get("in")
    if where == "path":  # PathParameterSubSchema
        sub = (_bool(1, bool(p.get("required"))) + _string(2, "path") + _string(3, p.get("description", ""))
               + _string(4, p["name"]) + _string(5, p.get("type", "")) + _bool(19, bool(p.get("uniqueItems"))))
        choice = 4
    else:  # QueryParameterSubSchema
        sub = (_bool(1, bool(p.get("required"))) + _string(2, "query") + _string(3, p.get("description", ""))
               + _string(4, p["name"]) + _string(6, p.get("type", "")) + _bool(20, bool(p.get("uniqueItems"))))
        choice = 3
    return _bytes(1, _bytes(2, _bytes(choice, sub)))  # Parameter.non_body_parameter → NonBodyParameter


def _operation(op: Obj) -> bytes:
    out = [_string(5, op.get("operationId", ""))]
    out += [_string(6, m) for m in op.get("produces") or ()]
    out += [_string(7, m) for m in op.get("consumes") or ()]
    out += [_bytes(8, _parameter(p)) for p in op.get("parameters") or ()]
    responses = b""
    for code, response in (op.get("responses") or {}).items():
        body = _string(1, response.get("description", ""))
        if isinstance(response.get("schema"), dict):
            body += _bytes(2, _bytes(1, schema(response["schema"])))  # SchemaItem.schema
        responses += _bytes(1, _string(1, code) + _bytes(2, _bytes(1, body)))  # NamedResponseValue → Response
    if responses:
        out.append(_bytes(9, responses))
    out.append(_extensions(13, op))
    return b"".join(out)


def _path_item(item: Obj) -> bytes:
    out = [_bytes(n, _operation(item[verb])) for verb, n in _OPERATIONS.items() if verb in item]
    out += [_bytes(9, _parameter(p)) for p in item.get("parameters") or ()]
    return b"".join(out)


def document(doc: Obj) -> bytes:
    """``doc`` (a v2 document as JSON would hold it) as an encoded ``openapi.v2.Document``."""
    info = doc.get("info") or {}
    out = [_string(1, doc.get("swagger", "2.0")),
           _bytes(2, _string(1, info.get("title", "")) + _string(2, info.get("version", "")))]
    out.append(_bytes(8, _named(2, ((path, _path_item(item)) for path, item in (doc.get("paths") or {}).items()))))
    out.append(_bytes(9, _named(1, ((name, schema(s)) for name, s in (doc.get("definitions") or {}).items()))))
    return b"".join(out)
