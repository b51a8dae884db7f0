import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tests.support import synthetic
from tfschema import schema as s


def with_change(path: list[str], value: Any) -> dict[str, Any]:
    doc = synthetic.document()
    node: Any = doc["provider_schemas"][synthetic.SOURCE]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


THING = ["resource_schemas", "demo_thing", "block"]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        pytest.param([*THING, "attributes", "size", "type"], "strnig",
                     "resource_schemas.demo_thing.block.attributes.size.type: unknown type 'strnig'", id="BadType"),
        pytest.param([*THING, "attributes", "size", "optional"], "yes",
                     "attributes.size.optional: expected true or false", id="BadFlag"),
        pytest.param([*THING, "block_types", "list_b", "nesting_mode"], "tree",
                     "block_types.list_b.nesting_mode: unknown nesting mode 'tree'", id="BadNesting"),
        pytest.param([*THING, "attributes", "size"], {"type": "number"},
                     "attributes.size: attribute is neither required, optional nor computed", id="NoFlags"),
        pytest.param([*THING, "block_types", "list_b", "max_items"], -1,
                     "block_types.list_b.max_items: expected a non-negative integer", id="BadCount"),
        pytest.param(["resource_schemas", "demo_thing"], [], "demo_thing: expected an object, got list",
                     id="NotAnObject"),
    ],
)
def test_parse_errors_name_the_json_path(path: list[str], value: Any, message: str) -> None:
    with pytest.raises(s.SchemaError) as err:
        s.parse(with_change(path, value), synthetic.SOURCE, origin="demo.json")
    assert str(err.value).startswith("demo.json: $.provider_schemas[")
    assert message in str(err.value)


def test_unknown_provider_source_lists_known_ones() -> None:
    with pytest.raises(s.SchemaError, match=r"no provider 'x/y' \(found: registry\.terraform\.io/example/demo\)"):
        s.parse(synthetic.document(), "x/y")


def test_malformed_json_names_file_and_position(tmp_path: Path) -> None:
    bad = tmp_path / "schema.json"
    bad.write_text('{"format_version": "1.0",\n "provider_schemas": {,}}')
    with pytest.raises(s.SchemaError, match=r"schema.json: malformed JSON at line 2 column"):
        s.load(bad, synthetic.SOURCE)


def test_compressed_document_is_reproducible(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    s.write_document(synthetic.document(), a)
    s.write_document(json.loads(json.dumps(synthetic.document())), b)
    assert a.read_bytes() == b.read_bytes()
    assert json.loads(gzip.decompress(a.read_bytes())) == synthetic.document()
    assert s.load(a, synthetic.SOURCE).resources["demo_thing"].version == 2


def test_parses_protocol6_nested_attributes() -> None:
    doc = synthetic.document()
    block = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_network"]["block"]
    block["attributes"]["rules"] = {"optional": True, "nested_type": {"nesting_mode": "list", "attributes": {
        "port": synthetic.attr("number", required=True)}}}
    parsed = s.parse(doc, synthetic.SOURCE)
    rules = next(a for a in parsed.resources["demo_network"].block.attributes if a.name == "rules")
    assert rules.nested is not None and rules.nested.nesting_mode == "list"
    assert [a.name for a in rules.nested.attributes] == ["port"]


def test_a_source_keeps_only_what_it_was_asked_for_and_parses_it_on_first_use() -> None:
    doc = s.document(synthetic.document(), synthetic.SOURCE)
    source = s.Source(doc, ["demo_network"])
    assert source.raw("demo_network") == s.compact(doc.resources["demo_network"])
    with pytest.raises(KeyError):
        source.raw("demo_thing")
    network = source.resource("demo_network")
    assert source.resource("demo_network") is network, "parsed once"
    assert network == s.parse(synthetic.document(), synthetic.SOURCE).resources["demo_network"]
    assert {a.name for a in source.provider().attributes} == {"endpoint", "api_key"}


def test_compact_json_does_not_depend_on_key_order() -> None:
    assert s.compact({"b": 1, "a": [{"y": 2, "x": 1}]}) == s.compact({"a": [{"x": 1, "y": 2}], "b": 1})
