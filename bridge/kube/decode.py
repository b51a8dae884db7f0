"""JSON from the API server, decoded without deep recursion.

Python's JSON decoder, ``copy.deepcopy`` and pickle recurse once per nesting level and fail past
about a thousand, and a real API server stores objects nested far deeper when a schema lets
unknown fields through. An object nested deeper than :data:`MAX_DEPTH` is decoded with every
value below that depth replaced by :data:`TOO_DEEP`: the object still reaches its controller,
which refuses it with a condition, and nothing it touches can recurse out of bounds.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Levels of objects and arrays, counted from the top of a response (a list's items are two deeper).
MAX_DEPTH = 128
TOO_DEEP = "<tfbridge: nested too deep; cut>"

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
_BRACKETS = bytes.maketrans(b"[]{}", b"()()")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def nesting(data: bytes, limit: int = 1 << 30) -> int:
    """How deep the objects and arrays of a JSON document nest, without decoding it; counting stops
    past ``limit`` (a hostile document costs no more than ``limit`` linear passes)."""
    shape = _STRING.sub(b"", data).translate(_BRACKETS, _NOT_BRACKETS)
    depth = 0
    # Each pass removes the innermost level everywhere: a pass per level, each at C speed.
    while shape and depth <= limit:
        inner = shape.replace(b"()", b"")
        if inner == shape:  # unbalanced: json.loads will say what is wrong
            break
        shape, depth = inner, depth + 1
    return depth


def cut(data: bytes, max_depth: int = MAX_DEPTH) -> bytes:
    """``data`` with every object or array deeper than ``max_depth`` replaced by :data:`TOO_DEEP`."""
    out: list[bytes] = []
    last = depth = 0
    start = -1
    marker = json.dumps(TOO_DEEP).encode()
    for m in _TOKEN.finditer(data):
        c = data[m.start()]
        if c == 0x22:  # a string: brackets inside it are text
            continue
        if c in b"[{":
            depth += 1
            if depth == max_depth + 1:
                start = m.start()
        else:
            if depth == max_depth + 1 and start >= 0:
                out += [data[last:start], marker]
                last, start = m.end(), -1
            depth -= 1
    out.append(data[last:])
    return b"".join(out)


def loads(data: bytes | str) -> Any:
    """Decode a JSON document; what nests deeper than :data:`MAX_DEPTH` is cut (see :func:`cut`)."""
    raw = data.encode() if isinstance(data, str) else data
    # Cheap first: a document cannot nest deeper than it has brackets.
    if raw.count(b"{") + raw.count(b"[") > MAX_DEPTH and nesting(raw, MAX_DEPTH) > MAX_DEPTH:
        raw = cut(raw)
    return json.loads(raw)


def depth(value: Any, limit: int) -> int:
    """How deep ``value`` nests (dicts and lists), counted without recursion; stops at ``limit + 1``."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            if isinstance(node, str) and node == TOO_DEEP:
                return limit + 1
            continue
        level += 1
        if level > limit:
            return level
        deepest = max(deepest, level)
        stack.extend((child, level) for child in children)
    return deepest
