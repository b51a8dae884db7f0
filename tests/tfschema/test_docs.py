"""Descriptions matched to a schema's paths, stored compactly, and put into field trees."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import synthetic
from tfschema import docs as d
from tfschema import fields as f
from tfschema import registrydocs as r
from tfschema import schema as s

attr = synthetic.attr


def block(attributes: dict[str, Any], blocks: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"attributes": attributes,
            "block_types": {n: {"nesting_mode": "list", "block": b} for n, b in (blocks or {}).items()}}


def document(resources: dict[str, dict[str, Any]]) -> s.Document:
    raw = {"format_version": "1.0", "provider_schemas": {synthetic.SOURCE: {
        "provider": {"version": 0, "block": {}},
        "resource_schemas": {t: {"version": 0, "block": b} for t, b in resources.items()}}}}
    return s.document(raw, synthetic.SOURCE)


PORTED = block({"port": attr("number", optional=True)})
THING = block({"id": attr("string", computed=True), "name": attr("string", required=True),
               "arn": attr("string", computed=True),
               "rules": attr(["list", ["object", {"cidr": "string"}]], optional=True)},
              {"ingress": PORTED, "egress": PORTED,
               "route": block({"target": attr("string", optional=True)}, {"hop": PORTED})})

THING_PAGE = """# Resource: demo_thing

A thing.

## Argument Reference

* `name` - (Required) Name of the thing.
* `ingress` - (Optional) Inbound rules.
* `rules` - (Optional) In-line rules.
    * `cidr` - (Required) A CIDR block.

### `ingress`

* `port` - (Optional) Inbound port.

### Nested Fields

* `port` - (Optional) Ambiguous: this heading names no block.
* `target` - (Optional) Where a route goes: only one path has this name.

## Attribute Reference

* `arn` - ARN of the thing.
* `name` - Attribute words lose to the argument's.
"""


def thing_docs(page: str = THING_PAGE) -> d.ResourceDocs:
    parsed = r.parse_page(page)
    assert parsed is not None
    return d.resource_docs(parsed, document({"demo_thing": THING}).parse_resource("demo_thing"))


def test_entries_are_placed_on_the_schemas_paths() -> None:
    docs = thing_docs()
    assert docs.description == "A thing."
    assert docs.text("name") == "Name of the thing."
    assert docs.text("ingress.port") == "Inbound port."
    assert docs.text("rules.cidr") == "A CIDR block.", "object-typed attributes have paths too"
    assert docs.text("route.target") == "Where a route goes: only one path has this name."
    assert docs.text("arn") == "ARN of the thing." and "arn" in docs.attributes
    # A heading that names no block places nothing where a name is ambiguous.
    assert docs.text("egress.port") == "" and docs.text("route.hop.port") == ""


def test_pages_sharing_arguments_fill_what_a_page_leaves_out() -> None:
    spot = r.parse_page("# Resource: demo_spot\n\nSpot.\n\n## Argument Reference\n\nSupports all the same "
                        "arguments as [`demo_thing`](thing.html), and:\n\n* `price` - (Optional) A price.\n")
    thing = r.parse_page(THING_PAGE)
    assert spot is not None and thing is not None
    schema = document({"demo_spot": block({"name": attr("string", required=True),
                                           "price": attr("string", optional=True)})})
    docs = d.resource_docs(spot, schema.parse_resource("demo_spot"), (thing,))
    assert (docs.text("price"), docs.text("name")) == ("A price.", "Name of the thing.")


def test_blocks_shared_within_a_service_and_provider_wide_conventions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(d, "CONVENTION", 2)
    logs = block({"group": attr("string", optional=True)}, {"streams": block({"file": attr("string", optional=True)})})
    resources = {
        "demo_layer_custom": block({"tags": attr(["map", "string"], optional=True)}, {"logs": logs}),
        "demo_layer_php": block({"tags": attr(["map", "string"], optional=True),
                                 "file": attr("string", optional=True)}, {"logs": logs}),
        "demo_other": block({"tags": attr(["map", "string"], optional=True)}, {"logs": logs}),
        "demo_bare": block({"tags": attr(["map", "string"], optional=True)}),
    }
    tags = "* `tags` - (Optional) Tags of the resource.\n"
    pages = {
        "demo_layer_custom": r.parse_page("# Resource: demo_layer_custom\n\nCustom.\n\n## Argument Reference\n\n"
                                          + tags + "\n### logs\n\n* `group` - (Optional) Log group.\n\n"
                                          "#### streams\n\n* `file` - (Optional) Log file.\n"),
        "demo_layer_php": r.parse_page("# Resource: demo_layer_php\n\nPHP.\n\n## Argument Reference\n\n" + tags),
        "demo_other": r.parse_page("# Resource: demo_other\n\nOther.\n\n## Argument Reference\n\n"
                                   "* `tags` - (Optional) Other words.\n"),
    }
    built = d.build({t: p for t, p in pages.items() if p is not None}, document(resources), "test")
    php = built.resource("demo_layer_php")
    assert php.text("logs.group") == "Log group." and php.text("logs.streams.file") == "Log file."
    assert php.text("file") == "", "a top-level argument's meaning is its resource's own"
    assert built.resource("demo_other").text("logs.group") == "", "another service's blocks are its own"
    # Two pages say the same words for `tags`: the provider's convention, for a resource with no page too.
    assert built.resource("demo_bare").text("tags") == "Tags of the resource."
    assert built.resource("demo_other").text("tags") == "Other words."


NAMES = st.sampled_from(["a", "b", "c", "statement"])


@st.composite
def trees(draw: st.DrawFn, depth: int = 3) -> dict[str, Any]:
    names = draw(st.lists(NAMES, min_size=1, max_size=3, unique=True))
    children = {n: draw(trees(depth - 1)) for n in names} if depth > 1 and draw(st.booleans()) else {}
    leaves = draw(st.lists(st.sampled_from(["x", "y", "a"]), max_size=2, unique=True))
    return block({n: attr("string", optional=True) for n in leaves if n not in children}, children)


@settings(max_examples=150, deadline=None)
@given(tree=trees(), data=st.data())
def test_compacted_keys_give_every_path_its_own_text(tree: dict[str, Any], data: st.DataObject) -> None:
    paths = list(d.schema_paths(document({"demo_t": tree}).parse_resource("demo_t").block))
    texts = {".".join(p): data.draw(st.sampled_from(["", "one", "two"])) for p in paths}
    full = d.ResourceDocs("", {p: t for p, t in texts.items() if t})
    small = d.compacted(full, paths)
    assert {p: small.text(p) for p in texts} == texts
    assert len(small.arguments) <= len(full.arguments)


def test_repeated_blocks_compact_to_one_key_per_field() -> None:
    leaf = block({"name": attr("string", optional=True)})
    nested = block({}, {"statement": block({}, {"match": leaf, "statement": block({}, {"match": leaf})})})
    paths = list(d.schema_paths(document({"demo_t": nested}).parse_resource("demo_t").block))
    full = d.ResourceDocs("", {".".join(p): "Header name." for p in paths if p[-1] == "name"})
    assert len(full.arguments) == 2
    assert d.compacted(full, paths).arguments == {"*.name": "Header name."}


def test_the_file_is_reproducible_and_read_back() -> None:
    built = d.Docs("pages at v1", {"demo_thing": thing_docs()})
    data = d.dumps(built)
    assert data == d.dumps(d.loads(data)), "the same descriptions are the same bytes"
    assert gzip.decompress(data).startswith(b'{"format":1,')
    assert d.loads(data).resource("demo_thing").text("ingress.port") == "Inbound port."
    with pytest.raises(d.DocsError, match="not a descriptions file"):
        d.loads(gzip.compress(json.dumps({"format": 99}).encode()), "x.json.gz")
    with pytest.raises(d.DocsError, match=r"x\.json\.gz: cannot read"):
        d.loads(b"not gzip", "x.json.gz")


def test_describe_fills_only_what_the_schema_and_the_generator_leave_empty() -> None:
    doc = s.document(synthetic.document(), synthetic.SOURCE)
    provider = synthetic.provider()
    views = f.build(doc.parse_resource("demo_thing"), f.rules(provider.resolve("demo_thing")))
    texts = {"name": "Docs words for name.", "size": "Size.", "password": "The password.",
             "network_id": "Network.", "list_b.port": "A port.", "map_b.label": "A label.", "arn": "ARN."}
    described = d.describe(views, d.ResourceDocs("", texts))
    fields = described.parameters.by_json()
    observed = described.observation.by_json()
    assert observed["name"].description == "The thing's name.", "the schema's own description wins"
    assert fields["size"].description == observed["size"].description == "Size."
    assert fields["passwordSecretRef"].description == "Secret holding password. The password."
    assert fields["networkIdRef"].description == views.parameters.by_json()["networkIdRef"].description
    list_b = fields["listB"].node
    assert isinstance(list_b, f.Array) and isinstance(list_b.item, f.Object)
    assert list_b.item.by_json()["port"].description == "A port."
    map_b = fields["mapB"].node
    assert isinstance(map_b, f.Map) and isinstance(map_b.value, f.Object)
    assert map_b.value.by_json()["label"].description == "A label."
    assert observed["arn"].description == "ARN."
    before, after = d.coverage(views.parameters), d.coverage(described.parameters)
    assert before.fields == after.fields and after.described > before.described
