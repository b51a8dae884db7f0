"""The proposed new state, table-driven: attributes, every block nesting mode, sets matched by content."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.tfplugin import cty
from bridge.tfplugin.plan import ignore_changes, proposed_new
from bridge.tfplugin.schema import Attribute, Block, NestedBlock
from bridge.workspace import tfstate

S = cty.STRING
RULE = Block((Attribute("port", cty.NUMBER, required=True), Attribute("rule_id", S, computed=True)))
SCHEMA = Block(
    attributes=(
        Attribute("name", S, required=True),
        Attribute("tier", S, optional=True, computed=True),
        Attribute("note", S, optional=True),
        Attribute("arn", S, computed=True),
    ),
    blocks=(
        NestedBlock("single", "single", RULE),
        NestedBlock("listed", "list", RULE),
        NestedBlock("keyed", "map", RULE),
        NestedBlock("rules", "set", RULE),
    ),
)


def cfg(**values: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": "n", "tier": None, "note": None, "arn": None, "single": None, "listed": [],
                            "keyed": {}, "rules": []}
    return {**base, **values}


@pytest.mark.parametrize(("case", "prior", "config", "want"), [
    ("create: computed stays null for the provider to fill", None, cfg(), cfg()),
    ("config wins over prior", cfg(note="old"), cfg(note="new"), cfg(note="new")),
    ("optional, not computed: removed from config → null", cfg(note="old"), cfg(), cfg()),
    ("computed kept when config is silent", cfg(tier="gold", arn="a"), cfg(), cfg(tier="gold", arn="a")),
    ("optional+computed set in config wins", cfg(tier="gold"), cfg(tier="silver"), cfg(tier="silver")),
    ("single block keeps its computed member", cfg(single={"port": 1, "rule_id": "r1"}),
     cfg(single={"port": 2, "rule_id": None}), cfg(single={"port": 2, "rule_id": "r1"})),
    ("list blocks match by index", cfg(listed=[{"port": 1, "rule_id": "a"}, {"port": 2, "rule_id": "b"}]),
     cfg(listed=[{"port": 5, "rule_id": None}]), cfg(listed=[{"port": 5, "rule_id": "a"}])),
    ("map blocks match by key", cfg(keyed={"x": {"port": 1, "rule_id": "a"}}),
     cfg(keyed={"x": {"port": 1, "rule_id": None}, "y": {"port": 2, "rule_id": None}}),
     cfg(keyed={"x": {"port": 1, "rule_id": "a"}, "y": {"port": 2, "rule_id": None}})),
    ("set blocks match by content, not position",
     cfg(rules=[{"port": 80, "rule_id": "r80"}, {"port": 443, "rule_id": "r443"}]),
     cfg(rules=[{"port": 443, "rule_id": None}, {"port": 22, "rule_id": None}]),
     cfg(rules=[{"port": 443, "rule_id": "r443"}, {"port": 22, "rule_id": None}])),
    ("unknown config stays unknown", cfg(note="x"), cfg(note=cty.UNKNOWN), cfg(note=cty.UNKNOWN)),
])
def test_proposed_new(case: str, prior: Any, config: Any, want: Any) -> None:
    assert proposed_new(SCHEMA, prior, config) == want, case


def test_destroy_proposes_null() -> None:
    assert proposed_new(SCHEMA, cfg(), None) is None


def test_nested_attributes_of_protocol_6_follow_the_same_rules() -> None:
    inner = Block((Attribute("size", cty.NUMBER, optional=True), Attribute("id", S, computed=True)))
    block = Block((Attribute("disks", cty.Collection("list", inner.type()), optional=True, nested=inner,
                             nesting="list"),))
    prior = {"disks": [{"size": 1, "id": "d1"}]}
    assert proposed_new(block, prior, {"disks": [{"size": 2, "id": None}]}) == {"disks": [{"size": 2, "id": "d1"}]}


def test_ignore_changes_keeps_the_prior_value() -> None:
    assert ignore_changes(cfg(note="cloud"), cfg(note="spec"), ["note"]) == cfg(note="cloud")
    assert ignore_changes(None, cfg(note="spec"), ["note"]) == cfg(note="spec"), "at create the config counts"


# -- absent blocks, as Terraform core represents them ------------------------------------------------

GROUPED = Block(attributes=(Attribute("mode", S, optional=True),), blocks=(NestedBlock("inner", "list", RULE),))
WITH_GROUP = Block(attributes=SCHEMA.attributes, blocks=(*SCHEMA.blocks, NestedBlock("grouped", "group", GROUPED)))


def test_absent_blocks_are_empty_collections_and_single_blocks_null() -> None:
    absent = {"name": "n", "tier": None, "note": None, "arn": None, "single": None, "listed": None, "keyed": None,
              "rules": None, "grouped": None}
    assert WITH_GROUP.with_absent_blocks(absent) == {
        **absent, "listed": [], "keyed": {}, "rules": [],
        "grouped": {"mode": None, "inner": []},  # a group block is never null
    }


def test_absent_blocks_inside_present_blocks_are_filled_in() -> None:
    outer = Block(blocks=(NestedBlock("listed", "list", GROUPED), NestedBlock("one", "single", GROUPED),
                          NestedBlock("keyed", "map", GROUPED)))
    value = {"listed": [{"mode": "a", "inner": None}], "one": {"mode": "b", "inner": None},
             "keyed": {"k": {"mode": "c", "inner": None}}}
    assert outer.with_absent_blocks(value) == {"listed": [{"mode": "a", "inner": []}],
                                               "one": {"mode": "b", "inner": []},
                                               "keyed": {"k": {"mode": "c", "inner": []}}}


def test_unknown_and_present_blocks_are_left_as_they_are() -> None:
    value = cfg(listed=cty.UNKNOWN, rules=[{"port": 1, "rule_id": None}], single={"port": 2, "rule_id": None})
    assert SCHEMA.with_absent_blocks(value) == value
    assert SCHEMA.with_absent_blocks(None) is None, "a destroy's null object stays null"
    assert SCHEMA.with_absent_blocks(cty.UNKNOWN) is cty.UNKNOWN


def test_sensitive_paths_reach_into_nested_blocks_and_nested_attributes() -> None:
    secret = Block((Attribute("key", S, optional=True, sensitive=True), Attribute("url", S, required=True)))
    objects = cty.obj({"key": S, "url": S})
    schema = Block(
        attributes=(Attribute("password", S, optional=True, sensitive=True),
                    Attribute("one", objects, optional=True, nested=secret, nesting="single"),
                    Attribute("many", cty.Collection("list", objects), optional=True, nested=secret, nesting="list"),
                    Attribute("named", cty.Collection("map", objects), optional=True, nested=secret, nesting="map"),
                    Attribute("bag", cty.Collection("set", objects), optional=True, nested=secret, nesting="set")),
        blocks=(NestedBlock("listed", "list", secret),))
    value = {"password": "p", "one": {"key": "k", "url": "u"}, "many": [{"key": None, "url": "u"}, {"key": "k",
                                                                                                    "url": "u"}],
             "named": {"a": {"key": "k", "url": "u"}}, "bag": [{"key": "k", "url": "u"}],
             "listed": [{"key": "k", "url": "u"}]}
    paths = schema.sensitive_paths(value)
    assert paths == [("password",), ("one", "key"), ("many", 0, "key"), ("many", 1, "key"), ("named", "a", "key"),
                     ("listed", 0, "key")], "null or not, as terraform records them"
    assert isinstance(paths[4][1], tfstate.MapKey), "a map key is an index step in the state"
    assert schema.sensitive_paths({**value, "one": None, "many": None}) == [
        ("password",), ("named", "a", "key"), ("listed", 0, "key")], "nothing inside an object that is not there"
