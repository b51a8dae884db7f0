"""Request bodies in Kubernetes protobuf (``application/vnd.kubernetes.protobuf``), for the built-in kinds
kubectl's typed generators create with it (``kubectl create namespace|secret|configmap|serviceaccount``).

The envelope is ``k8s\\0`` and a ``runtime.Unknown`` (1: TypeMeta{apiVersion, kind}, 2: the object's
bytes); the object is decoded by the field numbers of its message in ``k8s.io/api``'s generated protobuf,
for the fields those commands set. Answers are always JSON, which kubectl accepts. Any other kind, or a
body that is not this, is a 415 or a 400.
"""

from __future__ import annotations

import base64
from typing import Any

from devserver.errors import ApiError

Obj = dict[str, Any]
MEDIA_TYPE = "application/vnd.kubernetes.protobuf"
_MAGIC = b"k8s\x00"

# message → field number → (JSON name, kind). Kinds: str, bytes (base64 in JSON), int, bool, a map
# ("map:str" or "map:bytes"), a list of strings ("list:str"), or another message ("msg:Name", "list:msg:Name").
_MESSAGES: dict[str, dict[int, tuple[str, str]]] = {
    "ObjectMeta": {1: ("name", "str"), 2: ("generateName", "str"), 3: ("namespace", "str"),
                   11: ("labels", "map:str"), 12: ("annotations", "map:str"),
                   13: ("ownerReferences", "list:msg:OwnerReference"), 14: ("finalizers", "list:str")},
    "OwnerReference": {1: ("kind", "str"), 3: ("name", "str"), 4: ("uid", "str"), 5: ("apiVersion", "str"),
                       6: ("controller", "bool"), 7: ("blockOwnerDeletion", "bool")},
    "Namespace": {1: ("metadata", "msg:ObjectMeta"), 2: ("spec", "msg:NamespaceSpec")},
    "NamespaceSpec": {1: ("finalizers", "list:str")},
    "Secret": {1: ("metadata", "msg:ObjectMeta"), 2: ("data", "map:bytes"), 3: ("type", "str"),
               4: ("stringData", "map:str"), 5: ("immutable", "bool")},
    "ConfigMap": {1: ("metadata", "msg:ObjectMeta"), 2: ("data", "map:str"), 3: ("binaryData", "map:bytes"),
                  4: ("immutable", "bool")},
    "ServiceAccount": {1: ("metadata", "msg:ObjectMeta"), 2: ("secrets", "list:msg:ObjectReference"),
                       3: ("imagePullSecrets", "list:msg:LocalObjectReference"),
                       4: ("automountServiceAccountToken", "bool")},
    "ObjectReference": {1: ("kind", "str"), 2: ("namespace", "str"), 3: ("name", "str"), 4: ("uid", "str"),
                        5: ("apiVersion", "str"), 6: ("resourceVersion", "str"), 7: ("fieldPath", "str")},
    "LocalObjectReference": {1: ("name", "str")},
}
KINDS = frozenset({("v1", "Namespace"), ("v1", "Secret"), ("v1", "ConfigMap"), ("v1", "ServiceAccount")})


class _Malformed(ValueError):
    pass


def _varint(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data) or shift > 63:
            raise _Malformed("truncated varint")
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def _fields(data: bytes) -> list[tuple[int, int | bytes]]:
    out: list[tuple[int, int | bytes]] = []
    i = 0
    while i < len(data):
        key, i = _varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(data, i)
            out.append((number, value))
        elif wire == 2:
            size, i = _varint(data, i)
            if i + size > len(data):
                raise _Malformed("truncated field")
            out.append((number, data[i:i + size]))
            i += size
        elif wire in (1, 5):
            i += 8 if wire == 1 else 4  # fixed-width numbers: none of the fields decoded here
        else:
            raise _Malformed(f"wire type {wire}")
    return out


def _bytes(value: int | bytes) -> bytes:
    if not isinstance(value, bytes):
        raise _Malformed("expected a length-delimited field")
    return value


def _text(value: int | bytes) -> str:
    return _bytes(value).decode()


def _message(name: str, data: bytes) -> Obj:
    layout = _MESSAGES[name]
    out: Obj = {}
    for number, value in _fields(data):
        if number not in layout:
            continue  # what kubectl's generators never set (and the server sets itself)
        field, kind = layout[number]
        if kind == "str":
            out[field] = _text(value)
        elif kind == "bool":
            out[field] = bool(value)
        elif kind.startswith("map:"):
            entry = dict(_fields(_bytes(value)))
            key, item = _text(entry.get(1, b"")), _bytes(entry.get(2, b""))
            out.setdefault(field, {})[key] = base64.b64encode(item).decode() if kind == "map:bytes" else item.decode()
        elif kind == "list:str":
            out.setdefault(field, []).append(_text(value))
        elif kind.startswith("list:msg:"):
            out.setdefault(field, []).append(_message(kind[len("list:msg:"):], _bytes(value)))
        elif kind.startswith("msg:"):
            out[field] = _message(kind[len("msg:"):], _bytes(value))
    return out


def decode(body: bytes) -> Obj:
    """A protobuf request body as the JSON object it stands for."""
    try:
        if not body.startswith(_MAGIC):
            raise _Malformed("no k8s envelope")
        envelope = dict(_fields(body[len(_MAGIC):]))
        type_meta = dict(_fields(_bytes(envelope.get(1, b""))))
        api_version, kind = _text(type_meta.get(1, b"")), _text(type_meta.get(2, b""))
        if (api_version, kind) not in KINDS:
            raise ApiError(415, "UnsupportedMediaType", f"{MEDIA_TYPE} is accepted only for "
                                                        f"{', '.join(sorted(k for _, k in KINDS))}; send JSON")
        obj = _message(kind, _bytes(envelope.get(2, b"")))
    except (_Malformed, UnicodeDecodeError) as exc:
        raise ApiError(400, "BadRequest", f"cannot decode the protobuf body: {exc}") from exc
    return {"apiVersion": api_version, "kind": kind, **obj}
