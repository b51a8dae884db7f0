"""initProvider merged into forProvider at any depth, and ignored on update at any depth (upjet's rule:
a deep merge where forProvider wins, and ``ignore_changes`` for every path only initProvider sets)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.tfplugin.plan import ignore_changes
from bridge.workspace.initprovider import init_only, merged, parse


@pytest.mark.parametrize(
    ("for_provider", "init", "want_merged", "want_ignored"),
    [
        pytest.param({"a": 1}, {"b": 2}, {"a": 1, "b": 2}, ("b",), id="TopLevelInitOnly"),
        pytest.param({"a": 1}, {"a": 2}, {"a": 1}, (), id="ForProviderWins"),
        pytest.param({"tags": {"env": "prod"}}, {"tags": {"team": "a"}}, {"tags": {"env": "prod", "team": "a"}},
                     ('tags["team"]',), id="MapKeysMerged"),
        pytest.param({"block": [{"x": 1}]}, {"block": [{"y": 2}]}, {"block": [{"x": 1, "y": 2}]},
                     ("block[0].y",), id="BlockElementMerged"),
        pytest.param({"block": [{"x": 1}]}, {"block": [{"y": 2}, {"z": 3}]}, {"block": [{"x": 1, "y": 2}]},
                     ("block[0].y", "block[1]"), id="ExtraInitElementsIgnoredNotAdded"),
        pytest.param({"cfg": [{"inner": [{"a": 1}]}]}, {"cfg": [{"inner": [{"b": 2}]}]},
                     {"cfg": [{"inner": [{"a": 1, "b": 2}]}]}, ("cfg[0].inner[0].b",), id="DeeplyNested"),
        pytest.param({}, {"block": [{"y": 2}]}, {"block": [{"y": 2}]}, ("block",), id="WholeBlockFromInit"),
        pytest.param({"tags": {}}, {"tags": {'a"b': "x", "${x}": "y", "ok key": "z"}},
                     {"tags": {'a"b': "x", "${x}": "y", "ok key": "z"}}, ('tags["ok key"]',),
                     id="KeysNoTraversalCarriesBehaveAsForProvider"),
        pytest.param({"a": None}, {"a": 5}, {"a": 5}, ("a",), id="NullForProviderIsUnset"),
    ],
)
def test_merge_and_ignore(for_provider: dict[str, Any], init: dict[str, Any], want_merged: dict[str, Any],
                          want_ignored: tuple[str, ...]) -> None:
    before = repr(for_provider)
    assert merged(for_provider, init) == want_merged
    assert init_only(for_provider, init) == want_ignored
    assert repr(for_provider) == before, "the spec is not changed"
    assert all(parse(text) is not None for text in want_ignored), "the direct executor reads each back"


def test_an_object_argument_is_traversed_by_name() -> None:
    assert init_only({"input": {"env": "p"}}, {"input": {"team": "a"}}, frozenset({"input"})) == ("input.team",)


@pytest.mark.parametrize("text", ["", "1a", 'a["x', "a..b", "a[x]", 'a["x"]b'])
def test_parse_refuses_what_traversal_never_writes(text: str) -> None:
    assert parse(text) is None


@pytest.mark.parametrize(
    ("prior", "config", "names", "want"),
    [
        pytest.param({"a": 1, "b": 2}, {"a": 1, "b": 3}, ["b"], {"a": 1, "b": 2}, id="TopLevel"),
        pytest.param({"tags": {"team": "old", "env": "p"}}, {"tags": {"team": "new", "env": "q"}}, ['tags["team"]'],
                     {"tags": {"team": "old", "env": "q"}}, id="MapKeyKeepsPrior"),
        pytest.param({"tags": {"env": "p"}}, {"tags": {"team": "new", "env": "p"}}, ['tags["team"]'],
                     {"tags": {"env": "p"}}, id="MapKeyThePriorLacksIsLeftOut"),
        pytest.param({"block": [{"x": 1, "y": 2}]}, {"block": [{"x": 5, "y": 9}]}, ["block[0].y"],
                     {"block": [{"x": 5, "y": 2}]}, id="BlockAttribute"),
        pytest.param({"block": []}, {"block": [{"y": 9}]}, ["block[0].y"], {"block": [{"y": 9}]},
                     id="NoPriorElementConfigStands"),
    ],
)
def test_direct_executor_ignores_at_any_depth(prior: dict[str, Any], config: dict[str, Any], names: list[str],
                                              want: dict[str, Any]) -> None:
    assert ignore_changes(prior, config, names) == want
