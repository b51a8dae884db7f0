"""Late initialisation inside blocks: an optional and computed argument the spec leaves unset is filled
from the cloud inside every block the spec has (list, single and embedded-object shapes), never over a
value the spec or its initProvider sets, never below a configured ignore path, and never by creating a
block the spec leaves out (its required members would be the cloud's, and another kind may manage it)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bridge.api import registry
from bridge.api.registry import Kind
from bridge.managed.reconciler import late_initialize
from tests.support import synthetic
from tfconfig import Resource, name_as_identifier
from tfschema import fields
from tfschema import schema as s


def _document() -> dict[str, Any]:
    doc = synthetic.document()
    block = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    inner = copy.deepcopy(block["block_types"]["list_b"]["block"])
    inner["attributes"]["mode"] = synthetic.attr("string", optional=True, computed=True)
    inner["block_types"] = {"deep": {"nesting_mode": "list", "block": {"attributes": {
        "level": synthetic.attr("number", optional=True, computed=True),
        "note": synthetic.attr("string", optional=True)}}}}
    for name in ("single_b", "list_b", "set_b"):
        block["block_types"][name] = {**block["block_types"][name], "block": copy.deepcopy(inner)}
    block["block_types"]["multi_b"] = {"nesting_mode": "list", "block": copy.deepcopy(inner)}
    return doc


def _kind(*, namespaced: bool, ignore: tuple[str, ...] = ()) -> Kind:
    """The cluster-scoped kind with blocks as lists, or the namespaced twin of a provider that shows
    blocks of at most one element as objects (upjet's v1beta2 and namespaced shape)."""
    resource = Resource(short_group="core", external_name=name_as_identifier(), late_init_ignore=ignore)
    package = registry.from_document(synthetic.provider(resources={"demo_thing": resource,
                                                                   "demo_network": Resource(short_group="network")},
                                                        namespaced=True,
                                                        embed_singletons=namespaced),
                                     s.document(_document(), synthetic.SOURCE))
    return package.by_type("demo_thing", namespaced=namespaced)


CLOUD = {
    "enabled": True,
    "list_b": [{"port": 1, "mode": "fast", "state": "up", "deep": [{"level": 3, "note": "cloud"}]}],
    "multi_b": [{"port": 1, "mode": "a", "deep": []}, {"port": 2, "mode": "b", "deep": [{"level": 0}]}],
    "set_b": [{"port": 5, "mode": "x"}],
    "single_b": {"port": 7, "mode": "slow"},
}


def test_candidates_are_optional_computed_leaves_of_list_and_single_blocks() -> None:
    kind = _kind(namespaced=False)
    assert kind.converter.late_init_nested == (
        "list_b.deep.level", "list_b.mode", "multi_b.deep.level", "multi_b.mode", "single_b.deep.level",
        "single_b.mode"), "never into a set: its elements are in the cloud's order, not the spec's"


@pytest.mark.parametrize(
    ("namespaced", "ignore", "for_provider", "init_provider", "filled"),
    [
        pytest.param(False, (), {}, {}, {"enabled": True}, id="TopLevelOnlyWhenNoBlock"),
        pytest.param(False, (), {"listB": [{"port": 1}]}, {},
                     {"enabled": True, "listB": [{"port": 1, "mode": "fast"}]}, id="ListBlockFilled"),
        pytest.param(False, (), {"listB": [{"port": 1, "deep": [{}]}]}, {},
                     {"enabled": True, "listB": [{"port": 1, "mode": "fast", "deep": [{"level": 3}]}]},
                     id="BlockInBlockFilled"),
        pytest.param(True, (), {"listB": {"port": 1}}, {},
                     {"enabled": True, "listB": {"port": 1, "mode": "fast"}}, id="EmbeddedObjectFilled"),
        pytest.param(True, (), {"listB": {"port": 1, "deep": [{"note": "mine"}]}}, {},
                     {"enabled": True, "listB": {"port": 1, "mode": "fast", "deep": [{"note": "mine", "level": 3}]}},
                     id="EmbeddedObjectDeepList"),
        pytest.param(False, (), {"singleB": {"port": 7}}, {},
                     {"enabled": True, "singleB": {"port": 7, "mode": "slow"}}, id="SingleBlockFilled"),
        pytest.param(False, (), {"listB": [{"port": 1, "mode": "mine"}], "enabled": False}, {},
                     {"enabled": False, "listB": [{"port": 1, "mode": "mine"}]},
                     id="UserValuesNeverOverwritten"),
        pytest.param(False, (), {"multiB": [{"port": 1}, {"port": 2}]}, {},
                     {"enabled": True, "multiB": [{"port": 1, "mode": "a"}, {"port": 2, "mode": "b"}]},
                     id="ListFilledByIndexZeroValuesSkipped"),
        pytest.param(False, (), {"multiB": [{"port": 1}]}, {},
                     {"enabled": True, "multiB": [{"port": 1}]}, id="ListLengthsDifferNotEntered"),
        pytest.param(False, (), {"setB": [{"port": 5}]}, {},
                     {"enabled": True, "setB": [{"port": 5}]}, id="SetNotEntered"),
        pytest.param(False, ("list_b[*].mode",), {"listB": [{"port": 1, "deep": [{}]}]}, {},
                     {"enabled": True, "listB": [{"port": 1, "deep": [{"level": 3}]}]}, id="IgnoredNestedPathSkipped"),
        pytest.param(True, ("list_b",), {"listB": {"port": 1}}, {},
                     {"enabled": True, "listB": {"port": 1}}, id="IgnoredBlockSkippedWhole"),
        pytest.param(False, ("list_b.deep",), {"listB": [{"port": 1, "deep": [{}]}]}, {},
                     {"enabled": True, "listB": [{"port": 1, "mode": "fast", "deep": [{}]}]}, id="IgnoredInnerBlock"),
        pytest.param(False, (), {"listB": [{"port": 1, "deep": [{}]}]}, {"listB": [{"mode": "init"}], "enabled": False},
                     {"listB": [{"port": 1, "deep": [{"level": 3}]}]}, id="InitProviderPathSkipped"),
        pytest.param(True, (), {"listB": {"port": 1}}, {"listB": {"mode": "init"}},
                     {"enabled": True, "listB": {"port": 1}}, id="InitProviderPathSkippedEmbedded"),
    ],
)
def test_late_initialize_nested(namespaced: bool, ignore: tuple[str, ...], for_provider: dict[str, Any],
                                init_provider: dict[str, Any], filled: dict[str, Any]) -> None:
    kind = _kind(namespaced=namespaced, ignore=ignore)
    values = kind.converter.late_init(CLOUD, for_provider, init_provider)
    obj = {"spec": {"forProvider": copy.deepcopy(for_provider), "initProvider": init_provider}}
    late_initialize(obj, values)
    assert obj["spec"]["forProvider"] == filled
    again = kind.converter.late_init(CLOUD, obj["spec"]["forProvider"], init_provider)
    assert not late_initialize(obj, again), "a filled spec has nothing left to fill"


@pytest.mark.parametrize(("path", "canonical"), [
    pytest.param("a", "a", id="TopLevel"),
    pytest.param("a.b.c", "a.b.c", id="Dotted"),
    pytest.param("a[*].b[*].c", "a.b.c", id="AnyElement"),
])
def test_ignore_path_syntax(path: str, canonical: str) -> None:
    assert fields.ignore_path(path) == canonical
    assert fields.ignored("a.b.c", (path,)) is canonical.startswith("a")
