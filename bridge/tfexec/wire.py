"""Protocol Buffers' wire format, read field by field without decoding what the fields hold.

The front (:mod:`bridge.tfexec.front`) narrows a provider's schema by copying the encoded entries it
keeps: decoding a schema of thousands of types into messages only to encode a few again would cost more
than terraform spends on the run it serves.
"""

from __future__ import annotations

from collections.abc import Iterator

_VARINT, _FIXED64, _LENGTH, _FIXED32 = 0, 1, 2, 5


def _varint(data: memoryview, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data):
            raise ValueError("a varint runs past the end of its message")
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, i
        shift += 7


def fields(data: bytes | memoryview) -> Iterator[tuple[int, memoryview, memoryview | None]]:
    """Each field of ``data`` in order: its number, its whole encoding (tag included), and its payload when
    it is length-delimited (a message, a string, a map entry, packed numbers)."""
    view = memoryview(data)
    i = 0
    while i < len(view):
        start = i
        tag, i = _varint(view, i)
        payload = None
        kind = tag & 7
        if kind == _VARINT:
            _, i = _varint(view, i)
        elif kind == _FIXED64:
            i += 8
        elif kind == _FIXED32:
            i += 4
        elif kind == _LENGTH:
            length, i = _varint(view, i)
            payload = view[i:i + length]
            i += length
        else:
            raise ValueError(f"field {tag >> 3} has wire type {kind}, which no current message uses")
        if i > len(view):
            raise ValueError(f"field {tag >> 3} runs past the end of its message")
        yield tag >> 3, view[start:i], payload


def string_field(message: memoryview, number: int) -> str:
    """The string field ``number`` of an encoded message ("" when absent), e.g. a map entry's key (1)."""
    for found, _, payload in fields(message):
        if found == number and payload is not None:
            return bytes(payload).decode()
    return ""
