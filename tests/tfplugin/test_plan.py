"""The proposed new state, table-driven: attributes, every block nesting mode, sets matched by content."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest

from bridge.api.errors import OperationFailed
from bridge.tfplugin import cty
from bridge.tfplugin.plan import (
    configuration,
    ignore_changes,
    plan_change,
    plan_errors,
    proposed_new,
    replace_paths,
    valid_prior_from_config,
)
from bridge.tfplugin.provider import Planned
from bridge.tfplugin.schema import Attribute, Block, NestedBlock, Schema
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
     cfg(rules=[{"port": 22, "rule_id": None}, {"port": 443, "rule_id": "r443"}])),  # in cty's order
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
                     ("bag",), ("listed", 0, "key")], "null or not, as terraform records them; a set as a whole"
    assert isinstance(paths[4][1], tfstate.MapKey), "a map key is an index step in the state"
    assert schema.sensitive_paths({**value, "one": None, "many": None, "bag": []}) == [
        ("password",), ("named", "a", "key"), ("listed", 0, "key")], "nothing inside an object that is not there"
    assert schema.write_only_paths(value) == [], "no attribute here is write-only"


# -- terraform core's rules, case by case (internal/plans/objchange, node_resource_abstract_instance.go) ----

N = cty.NUMBER
DISK = Block((Attribute("size", N, optional=True), Attribute("kind", S, optional=True, computed=True),
              Attribute("id", S, computed=True)))
NESTED = Block((
    Attribute("one", DISK.type(), optional=True, computed=True, nested=DISK, nesting="single"),
    Attribute("disks", cty.Collection("set", DISK.type()), optional=True, nested=DISK, nesting="set"),
))


@pytest.mark.parametrize(("case", "prior", "config", "want"), [
    ("an optional+computed nested attribute whose prior holds a configured member was configured: null now",
     {"one": {"size": 1, "kind": "k", "id": "i"}, "disks": None}, {"one": None, "disks": None},
     {"one": None, "disks": None}),
    ("one whose prior holds computed members only was computed: the prior stays",
     {"one": {"size": None, "kind": "k", "id": "i"}, "disks": None}, {"one": None, "disks": None},
     {"one": {"size": None, "kind": "k", "id": "i"}, "disks": None}),
    ("a nested set element takes the computed members of the prior element it could come from",
     {"one": None, "disks": [{"size": 2, "kind": "ssd", "id": "d2"}, {"size": 1, "kind": "hdd", "id": "d1"}]},
     {"one": None, "disks": [{"size": 1, "kind": None, "id": None}]},
     {"one": None, "disks": [{"size": 1, "kind": "hdd", "id": "d1"}]}),
    ("a configured optional+computed member must agree for the element to match",
     {"one": None, "disks": [{"size": 1, "kind": "hdd", "id": "d1"}]},
     {"one": None, "disks": [{"size": 1, "kind": "ssd", "id": None}]},
     {"one": None, "disks": [{"size": 1, "kind": "ssd", "id": None}]}),
])
def test_proposed_new_nested_attributes(case: str, prior: Any, config: Any, want: Any) -> None:
    assert proposed_new(NESTED, prior, config) == want, case


INNER = Block((Attribute("v", S, optional=True),))
OUTER = Block(attributes=(Attribute("port", N, optional=True), Attribute("rule_id", S, computed=True)),
              blocks=(NestedBlock("inner", "list", INNER), NestedBlock("tagged", "set", INNER)))


@pytest.mark.parametrize(("case", "prior", "config", "valid"), [
    ("equal", {"port": 1, "rule_id": None, "inner": [], "tagged": []},
     {"port": 1, "rule_id": None, "inner": [], "tagged": []}, True),
    ("a computed member the configuration leaves null may differ",
     {"port": 1, "rule_id": "r", "inner": [], "tagged": []}, {"port": 1, "rule_id": None, "inner": [], "tagged": []},
     True),
    ("a configured member may not", {"port": 2, "rule_id": "r", "inner": [], "tagged": []},
     {"port": 1, "rule_id": None, "inner": [], "tagged": []}, False),
    ("a nested list block with more configured elements than the prior's still matches (terraform walks the prior)",
     {"port": 1, "rule_id": None, "inner": [{"v": "a"}], "tagged": []},
     {"port": 1, "rule_id": None, "inner": [{"v": "a"}, {"v": "b"}], "tagged": []}, True),
    ("one with fewer does not", {"port": 1, "rule_id": None, "inner": [{"v": "a"}, {"v": "b"}], "tagged": []},
     {"port": 1, "rule_id": None, "inner": [{"v": "a"}], "tagged": []}, False),
    ("a nested set must be equal", {"port": 1, "rule_id": None, "inner": [], "tagged": [{"v": "a"}]},
     {"port": 1, "rule_id": None, "inner": [], "tagged": [{"v": "b"}]}, False),
])
def test_valid_prior_from_config(case: str, prior: Any, config: Any, valid: bool) -> None:
    assert valid_prior_from_config(OUTER, prior, config) is valid, case


def test_map_blocks_take_a_new_key_as_configured_and_group_blocks_are_never_null() -> None:
    keyed = Block(blocks=(NestedBlock("keyed", "map", RULE),))
    fresh = {"keyed": {"y": {"port": 1, "rule_id": None}}}
    assert proposed_new(keyed, {"keyed": {"x": {"port": 1, "rule_id": "a"}}}, fresh) == fresh
    grouped = Block(blocks=(NestedBlock("g", "group", RULE),))
    assert proposed_new(grouped, {"g": {"port": 1, "rule_id": "a"}}, {"g": None}) == {"g": {"port": 1, "rule_id": "a"}}


TYPED = cty.obj({"name": S, "tags": cty.Collection("map", S), "ids": cty.Collection("set", S),
                 "rule": cty.Collection("list", cty.obj({"port": N})), "secret": S})


@pytest.mark.parametrize(("case", "prior", "planned", "paths", "want"), [
    ("an unchanged path forces nothing", {"name": "a"}, {"name": "a"}, [("name",)], ()),
    ("a changed one does", {"name": "a"}, {"name": "b"}, [("name",)], (("name",),)),
    ("an unknown one does", {"name": "a"}, {"name": cty.UNKNOWN}, [("name",)], (("name",),)),
    ("a set in another order is the same set", {"ids": ["a", "b"]}, {"ids": ["b", "a"]}, [("ids",)], ()),
    ("a map key the prior lacks reads as null there", {"tags": {}}, {"tags": {"k": "v"}}, [("tags", "k")],
     (("tags", "k"),)),
    ("a list element past the prior's end too", {"rule": []}, {"rule": [{"port": 1}]}, [("rule", 0, "port")],
     (("rule", 0, "port"),)),
    ("a write-only path forces it, its values unseen", {"secret": None}, {"secret": None}, [("secret",)],
     (("secret",),)),
])
def test_replace_paths(case: str, prior: Any, planned: Any, paths: list[tuple[str | int, ...]],
                       want: tuple[tuple[str | int, ...], ...]) -> None:
    full = dict.fromkeys(TYPED.fields)
    assert replace_paths(TYPED, {**full, **prior}, {**full, **planned}, paths, [("secret",)]) == want, case
    assert replace_paths(TYPED, None, {**full, **planned}, paths) == (), "a create replaces nothing"


def test_a_replace_path_neither_side_has_is_the_providers_bug() -> None:
    full = dict.fromkeys(TYPED.fields)
    with pytest.raises(OperationFailed, match="requires replacement"):
        replace_paths(TYPED, {**full, "rule": []}, {**full, "rule": []}, [("rule", 0, "port")])


@pytest.mark.parametrize(("case", "prior", "config", "planned", "errors"), [
    ("the configuration's values", None, cfg(note="n"), cfg(note="n", arn=cty.UNKNOWN), []),
    ("a computed value where the configuration is null", None, cfg(), cfg(tier="gold", arn="a"), []),
    ("the prior value where both have one (the provider says they are equivalent)", cfg(note="A"), cfg(note="a"),
     cfg(note="A"), []),
    ("a value the configuration did not set", None, cfg(), cfg(note="x"),
     ["note: planned value 'x' for a non-computed"]),
    ("a value the configuration set otherwise", None, cfg(tier="gold"), cfg(tier="silver"),
     ["tier: planned value 'silver' does not match config value 'gold'"]),
    ("a list block's count", None, cfg(listed=[{"port": 1, "rule_id": None}]), cfg(),
     ["listed: block count in plan (0) disagrees with count in config (1)"]),
    ("a block member within", None, cfg(single={"port": 1, "rule_id": None}), cfg(single={"port": 2, "rule_id": None}),
     ["single.port: planned value 2 does not match config value 1"]),
])
def test_plan_errors(case: str, prior: Any, config: Any, planned: Any, errors: list[str]) -> None:
    found = plan_errors(SCHEMA, prior, config, planned)
    assert len(found) == len(errors) and all(f.startswith(e) for f, e in zip(found, errors, strict=True)), \
        (case, found)


@pytest.mark.parametrize(("case", "prior", "config", "paths", "want"), [
    ("a map key the prior has takes its value", {"tags": {"team": "a", "x": "1"}}, {"tags": {"team": "b", "x": "2"}},
     ['tags["team"]'], {"tags": {"team": "a", "x": "2"}}),
    ("a map key the prior lacks is removed", {"tags": {"x": "1"}}, {"tags": {"team": "b", "x": "1"}},
     ['tags["team"]'], {"tags": {"x": "1"}}),
    ("a null map gains the prior's key", {"tags": {"team": "a"}}, {"tags": None}, ['tags["team"]'],
     {"tags": {"team": "a"}}),
    ("and stays null when the prior has none", {"tags": {}}, {"tags": None}, ['tags["team"]'], {"tags": None}),
    ("a whole attribute", {"name": "cloud"}, {"name": "spec"}, ["name"], {"name": "cloud"}),
    ("a list element's member", {"rule": [{"port": 1}]}, {"rule": [{"port": 2}]}, ["rule[0].port"],
     {"rule": [{"port": 1}]}),
    ("a path past the configuration's end is left alone", {"rule": [{"port": 1}]}, {"rule": []}, ["rule[0].port"],
     {"rule": []}),
])
def test_ignore_changes_as_terraform_applies_them(case: str, prior: Any, config: Any, paths: list[str],
                                                   want: Any) -> None:
    assert ignore_changes(prior, config, paths) == want, case


# -- plan_change, against a provider that answers as told ----------------------------------------------


@dataclasses.dataclass
class Told:
    """A provider whose plan is ``answer(prior, proposed, config)``; it records its calls."""

    answer: Callable[[Any, Any, Any], Planned]
    calls: list[tuple[Any, Any, Any]] = dataclasses.field(default_factory=list)

    def schema(self, tf_type: str) -> Schema:
        return Schema(0, SCHEMA)

    def validate(self, tf_type: str, config: Any, timeout: float, what: str) -> None:
        pass

    def plan(self, tf_type: str, prior: Any, proposed: Any, config: Any, private: bytes, timeout: float) -> Planned:
        self.calls.append((prior, proposed, config))
        return self.answer(prior, proposed, config)


def test_a_change_that_forces_replacement_is_planned_again_from_nothing() -> None:
    def answer(prior: Any, proposed: Any, config: Any) -> Planned:
        planned = {**proposed, "arn": cty.UNKNOWN if prior is None else proposed["arn"]}
        return Planned(planned, (("name",), ("note",)), b"p", legacy=True)

    p = Told(answer)
    change = plan_change(p, "t", cfg(name="new"), cfg(name="old", arn="a"), b"", ["tier"], 30)
    assert (change.action, change.replace_paths, change.replacing) == ("replace", (("name",),), ["name"])
    assert p.calls[1] == (None, cfg(name="new"), cfg(name="new")), "the second plan: no prior, the config as written"
    assert change.planned.state["arn"] is cty.UNKNOWN


def test_no_op_update_and_a_legacy_providers_ignored_paths() -> None:
    def answer(prior: Any, proposed: Any, config: Any) -> Planned:
        return Planned({**proposed, "note": "changed by the provider"}, (), b"", legacy=True)

    change = plan_change(Told(answer), "t", cfg(note="spec"), cfg(note="cloud"), b"", ["note"], 30)
    assert change.action is None, "the ignored path is reverted in the legacy provider's planned state too"
    assert change.config == cfg(note="spec"), "apply is given the configuration as written"
    same = plan_change(Told(lambda prior, proposed, config: Planned(proposed, (), b"")), "t", cfg(), cfg(), b"", [], 30)
    assert same.action is None
    moved = plan_change(Told(lambda prior, proposed, config: Planned(proposed, (), b"")), "t", cfg(note="b"),
                        cfg(note="a"), b"", [], 30)
    assert moved.action == "update"


def test_an_invalid_plan_fails_unless_the_provider_is_legacy() -> None:
    def wrong(legacy: bool) -> Callable[[Any, Any, Any], Planned]:
        return lambda prior, proposed, config: Planned({**proposed, "note": "not asked for"}, (), b"", legacy=legacy)

    with pytest.raises(OperationFailed, match=r"invalid plan.*note: planned value 'not asked for'"):
        plan_change(Told(wrong(False)), "t", cfg(), None, b"", [], 30)
    assert plan_change(Told(wrong(True)), "t", cfg(), None, b"", [], 30).action == "create"


ROLE = cty.obj({"role_arn": S, "role_type": S})
SPEC = Block(
    attributes=(Attribute("roles", cty.Collection("set", ROLE), optional=True),
                Attribute("window", cty.obj({"start": S, "end": S}, frozenset({"end"})), optional=True),
                Attribute("disks", cty.Collection("list", DISK.type()), optional=True, nested=Block((
                    Attribute("size", N, required=True), *DISK.attributes[1:])), nesting="list")),
    blocks=(NestedBlock("rule", "list", RULE),))


@pytest.mark.parametrize(("case", "arguments", "error"), [
    ("an object attribute's value needs every attribute of its type",
     {"roles": [{}]}, "roles[0]: attributes 'role_arn', 'role_type' are required"),
    ("but those its type declares optional", {"window": {"start": "a"}}, None),
    ("null ones count as given", {"roles": [{"role_arn": None, "role_type": "t"}]}, None),
    ("a nested attribute's object needs its required members", {"disks": [{"kind": "k"}]},
     "disks[0]: attribute 'size' is required"),
    ("not its optional or computed ones", {"disks": [{"size": 1}]}, None),
    ("a block's arguments may all be left out", {"rule": [{}]}, None),
])
def test_configuration_is_refused_where_terraform_refuses_it(case: str, arguments: dict[str, Any],
                                                              error: str | None) -> None:
    if error is None:
        assert configuration(SPEC, SPEC.type(), arguments) is not None, case
    else:
        with pytest.raises(cty.CtyError, match=re.escape(error)):
            configuration(SPEC, SPEC.type(), arguments)
