"""cty values: random schema-conforming values round-trip through msgpack and JSON."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.tfplugin import cty

NAMES = st.text(alphabet="abcdefghij_", min_size=1, max_size=6)
PRIMITIVES = st.sampled_from([cty.STRING, cty.NUMBER, cty.BOOL])


def types(depth: int = 3) -> st.SearchStrategy[cty.Type]:
    return st.recursive(
        st.one_of(PRIMITIVES, st.just(cty.DYNAMIC)),
        lambda inner: st.one_of(
            st.builds(cty.Collection, st.sampled_from(["list", "set", "map"]), inner),
            st.dictionaries(NAMES, inner, min_size=1, max_size=4).map(cty.obj),
            st.lists(inner, min_size=1, max_size=3).map(lambda ts: cty.Tuple(tuple(ts))),
        ),
        max_leaves=depth * 3,
    )


NUMBERS = st.one_of(st.integers(-(2**70), 2**70), st.floats(allow_nan=False, allow_infinity=False, width=64)
                    .filter(lambda f: not f.is_integer()))


@st.composite
def values(draw: st.DrawFn, t: cty.Type, unknowns: bool) -> Any:
    if draw(st.integers(0, 9)) == 0:
        return None
    if unknowns and draw(st.integers(0, 9)) == 0:
        return cty.UNKNOWN
    if isinstance(t, cty.DynamicType):
        inner = draw(types(2).filter(lambda x: not isinstance(x, cty.DynamicType)))
        return cty.Dynamic(inner, draw(values(inner, unknowns)))
    if isinstance(t, cty.Primitive):
        return draw({"string": st.text(max_size=8), "number": NUMBERS, "bool": st.booleans()}[t.name])
    if isinstance(t, cty.Collection):
        if t.kind == "map":
            return draw(st.dictionaries(st.text(max_size=4), values(t.element, unknowns), max_size=3))
        items = draw(st.lists(values(t.element, unknowns), max_size=3))
        if t.kind == "set":  # a set holds distinct elements
            unique: list[Any] = []
            for v in items:
                if not any(cty.equal(t.element, v, u) for u in unique):
                    unique.append(v)
            return unique
        return items
    if isinstance(t, cty.Tuple):
        return [draw(values(e, unknowns)) for e in t.elements]
    return {name: draw(values(at, unknowns)) for name, at in t.attributes}


@st.composite
def typed_values(draw: st.DrawFn, unknowns: bool) -> tuple[cty.Type, Any]:
    t = draw(types())
    return t, draw(values(t, unknowns))


@settings(max_examples=150, deadline=None)
@given(typed_values(unknowns=True))
def test_msgpack_round_trip(tv: tuple[cty.Type, Any]) -> None:
    t, value = tv
    assert cty.equal(t, cty.from_msgpack(t, cty.to_msgpack(t, value)), value) or _has_unknown(value)
    assert _same(cty.from_msgpack(t, cty.to_msgpack(t, value)), value)


@settings(max_examples=150, deadline=None)
@given(typed_values(unknowns=False))
def test_json_round_trip(tv: tuple[cty.Type, Any]) -> None:
    t, value = tv
    assert cty.equal(t, cty.from_json(t, cty.to_json(t, value)), value)


@given(types())
def test_type_notation_round_trip(t: cty.Type) -> None:
    assert cty.parse_type(cty.type_json(t)) == t


def _has_unknown(value: Any) -> bool:
    if value is cty.UNKNOWN:
        return True
    if isinstance(value, dict):
        return any(map(_has_unknown, value.values()))
    if isinstance(value, list):
        return any(map(_has_unknown, value))
    return isinstance(value, cty.Dynamic) and _has_unknown(value.value)


def _same(a: Any, b: Any) -> bool:
    """Structural identity, unknowns included (cty.equal says an unknown equals nothing)."""
    if a is cty.UNKNOWN or b is cty.UNKNOWN:
        return a is b
    if isinstance(a, cty.Dynamic) and isinstance(b, cty.Dynamic):
        return a.type == b.type and _same(a.value, b.value)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and type(a) is type(b)


@pytest.mark.parametrize(("t", "value", "wire"), [
    (cty.STRING, "x", "x"),
    (cty.NUMBER, 5, 5),
    (cty.NUMBER, 2**65, str(2**65)),  # beyond int64/uint64: cty sends a string
    (cty.Collection("set", cty.STRING), ["a", "b"], ["a", "b"]),
    (cty.obj({"a": cty.STRING, "b": cty.NUMBER}), {"a": "x"}, {"a": "x", "b": None}),  # every attribute present
    (cty.DYNAMIC, cty.Dynamic(cty.STRING, "v"), [b'"string"', "v"]),
    (cty.STRING, cty.UNKNOWN, msgpack.ExtType(0, b"")),
])
def test_wire_shapes(t: cty.Type, value: Any, wire: Any) -> None:
    assert msgpack.unpackb(cty.to_msgpack(t, value), raw=False) == wire


def test_refined_unknowns_read_as_unknown() -> None:
    refined = msgpack.packb(msgpack.ExtType(12, msgpack.packb({1: True})))
    assert cty.from_msgpack(cty.STRING, refined) is cty.UNKNOWN


@pytest.mark.parametrize(("t", "value", "path"), [
    (cty.obj({"a": cty.STRING}), {"a": 1, "b": 2}, "b"),
    (cty.obj({"tags": cty.Collection("map", cty.STRING)}), {"tags": ["x"]}, "tags"),
    (cty.obj({"n": cty.NUMBER}), {"n": "many"}, "n"),
    (cty.obj({"flag": cty.BOOL}), {"flag": "yes"}, "flag"),
])
def test_conform_names_the_offending_argument(t: cty.Type, value: Any, path: str) -> None:
    with pytest.raises(cty.CtyError) as err:
        cty.conform(t, value)
    assert err.value.path == path


@pytest.mark.parametrize(("t", "value", "want"), [
    (cty.NUMBER, "42", 42),
    (cty.STRING, 7, "7"),
    (cty.BOOL, "true", True),
    (cty.Collection("set", cty.STRING), ["a", "a", "b"], ["a", "b"]),
    (cty.obj({"b": cty.obj({"x": cty.STRING})}), {"b": [{"x": "1"}]}, {"b": {"x": "1"}}),
])
def test_conform_converts_like_terraform(t: cty.Type, value: Any, want: Any) -> None:
    assert cty.conform(t, value) == want


def test_sets_compare_without_order() -> None:
    t = cty.Collection("set", cty.obj({"a": cty.STRING}))
    assert cty.equal(t, [{"a": "1"}, {"a": "2"}], [{"a": "2"}, {"a": "1"}])
    assert not cty.equal(t, [{"a": "1"}], [{"a": "2"}])


def _go_string(raw: bytes) -> str:
    """``raw`` as Go's encoding/json writes a string holding those bytes: each step of
    ``utf8.DecodeRune`` (its table of first bytes and the ranges each allows next) that finds no valid
    sequence is one invalid byte, written as U+FFFD."""
    out, i = [], 0
    while i < len(raw):
        b = raw[i]
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        if 0xC2 <= b <= 0xDF:
            size, low, high = 2, 0x80, 0xBF
        elif 0xE0 <= b <= 0xEF:
            size, low, high = 3, {0xE0: 0xA0}.get(b, 0x80), {0xED: 0x9F}.get(b, 0xBF)
        elif 0xF0 <= b <= 0xF4:
            size, low, high = 4, {0xF0: 0x90}.get(b, 0x80), {0xF4: 0x8F}.get(b, 0xBF)
        else:
            size, low, high = 0, 0, 0
        tail = raw[i + 1:i + size]
        if size and len(tail) == size - 1 and low <= tail[0] <= high and all(0x80 <= c <= 0xBF for c in tail[1:]):
            out.append(raw[i:i + size].decode())
            i += size
        else:
            out.append("\ufffd")
            i += 1
    return "".join(out)


def _raw_string(raw: bytes) -> bytes:
    """A msgpack str holding ``raw`` as it is, as a provider (Go) sends a string with any bytes."""
    return bytes(msgpack.packb(raw, use_bin_type=False))


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        pytest.param(b"\x89PNG\r\n\x1a\n", "\ufffdPNG\r\n\x1a\n", id="APNGsSignature"),
        pytest.param(b"a\xe2\x82z", "a\ufffd\ufffdz", id="ATruncatedSequenceIsOnePerByte"),
        pytest.param(b"\xed\xa0\x80", "\ufffd\ufffd\ufffd", id="ASurrogateIsInvalid"),
        pytest.param(b"\xc0\xaf", "\ufffd\ufffd", id="AnOverlongSequenceIsInvalid"),
        pytest.param("h\u00e9 \u2603 \U0001f600".encode(), "h\u00e9 \u2603 \U0001f600", id="ValidUTF8IsKept"),
    ],
)
def test_a_string_of_raw_bytes_reads_as_terraform_writes_it(raw: bytes, want: str) -> None:
    t = cty.obj({"qr_code_png": cty.STRING, "tags": cty.Collection("map", cty.STRING)})
    wire = b"\x82" + _raw_string(b"qr_code_png") + _raw_string(raw) + _raw_string(b"tags") + b"\x81" + \
        _raw_string(raw) + _raw_string(raw)
    assert _go_string(raw) == want
    value = cty.from_msgpack(t, wire)
    assert value == {"qr_code_png": want, "tags": {want: want}}
    assert cty.to_json(t, value) == {"qr_code_png": want, "tags": {want: want}}


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=24))
def test_any_bytes_read_as_gos_json_encoder_writes_them(raw: bytes) -> None:
    assert cty.from_msgpack(cty.STRING, _raw_string(raw)) == _go_string(raw)


@pytest.mark.parametrize(("element", "values", "want"), [
    (cty.STRING, ["b", "a", None, "c"], ["a", "b", "c", None]),
    (cty.NUMBER, [10, 2, 1.5], [1.5, 2, 10]),
    (cty.BOOL, [True, False], [False, True]),
    (cty.obj({"n": cty.NUMBER, "s": cty.STRING}), [{"n": 22, "s": None}, {"n": 1, "s": "x"}, {"n": 22, "s": "a"}],
     # by set-hash text: <1;"x";> < <22;"a";> < <22;~;> (a null member writes ~, after any quote)
     [{"n": 1, "s": "x"}, {"n": 22, "s": "a"}, {"n": 22, "s": None}]),
    (cty.obj({"s": cty.STRING}), [{"s": cty.UNKNOWN}, cty.UNKNOWN, {"s": "a"}], [{"s": "a"}, {"s": cty.UNKNOWN},
                                                                                  cty.UNKNOWN]),
])
def test_set_elements_in_ctys_order(element: cty.Type, values: list[Any], want: list[Any]) -> None:
    assert cty.in_set_order(element, values) == want
