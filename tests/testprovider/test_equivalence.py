"""The same configuration through the real terraform CLI and through the direct executor's protocol layer
makes the same plan and the same state: protocol 6's nested attributes (single, list, set, map, with
computed and sensitive members), late-initialised and sensitive computed values, a list block of at
most one element. What terraform core computes (the proposed new state, the sensitive paths it
records) is what :mod:`bridge.tfplugin` computes in its place."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.tfplugin import cty, plan
from bridge.tfplugin.provider import Provider
from bridge.workspace import tfstate
from tests.support import tfbtest
from tests.support.tfbtest import ITEM, ITEM_CHANGED, Terraform

pytestmark = pytest.mark.terraform

# Each step: the arguments of tfbtest_project.alpha and of tfbtest_item.this.
STEPS = [
    ({"name": "alpha", "settings": {"retention_days": 7}}, {"project": "alpha", "name": "one", **ITEM}),
    ({"name": "alpha", "description": "d", "settings": {"public": True}},
     {"project": "alpha", "name": "one", **ITEM_CHANGED}),
]
# Values the store makes up at random: equal on both sides only in shape.
RANDOM = {"api_key"}


@pytest.fixture
def direct(tmp_path: Path) -> Iterator[Provider]:
    p = Provider(tfbtest.plugin(tmp_path / "direct"), dict(os.environ),
                 tfbtest.configuration(tfbtest.store(tmp_path, "direct")))
    yield p
    p.stop()


def shown(t: cty.Type, value: Any) -> tuple[Any, set[str]]:
    """A planned value as ``terraform show -json`` shows it: ``after`` (the known values, sets sorted),
    and the paths of the unknown ones."""
    def known(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: known(e) for k, e in v.items() if e is not cty.UNKNOWN}
        return [known(e) for e in v] if isinstance(v, list) else v

    return canonical(t, known(value)), paths(value, cty.UNKNOWN)


def paths(value: Any, mark: Any, path: str = "") -> set[str]:
    """Paths of the values that are ``mark`` (UNKNOWN in a planned value, ``true`` in ``after_unknown``)."""
    if value is mark:
        return {path}
    if isinstance(value, dict):
        return set().union(*(paths(v, mark, f"{path}.{k}") for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(paths(v, mark, f"{path}[{i}]") for i, v in enumerate(value)))
    return set()


def canonical(t: cty.Type, value: Any) -> Any:
    """A JSON value with the elements of every set in one order."""
    if value is None:
        return None
    if isinstance(t, cty.Object) and isinstance(value, dict):
        return {k: canonical(t.fields[k], v) if k in t.fields else v for k, v in value.items()}
    if isinstance(t, cty.Collection):
        if t.kind == "map":
            return {k: canonical(t.element, v) for k, v in value.items()}
        items = [canonical(t.element, v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True)) if t.kind == "set" else items
    return value


def masked(attributes: dict[str, Any]) -> dict[str, Any]:
    return {k: ("<random>" if k in RANDOM and v else v) for k, v in attributes.items()}


def test_the_cli_and_the_protocol_layer_plan_and_store_the_same(direct: Provider, tmp_path: Path,
                                                                terraform_bin: str) -> None:
    tfbtest.plugin(tmp_path / "cli")
    tf = Terraform(terraform_bin, tmp_path / "work", tmp_path / "cli" / "mirror")
    cli_store = tfbtest.store(tmp_path, "cli")
    states: dict[str, Any] = {"tfbtest_project": None, "tfbtest_item": None}
    privates: dict[str, bytes] = {"tfbtest_project": b"", "tfbtest_item": b""}
    for project, item in STEPS:
        tf.write(tfbtest.configuration(cli_store), {
            "tfbtest_project": {"alpha": project},
            "tfbtest_item": {"this": {**item, "project": tfbtest.reference("tfbtest_project.alpha", "name")}}})
        if not (tf.workdir / ".terraform").exists():
            tf.run("init", "-input=false")
        tf.plan()
        tf.apply()
        cli = tf.state()
        for tf_type, address, arguments in (("tfbtest_project", "tfbtest_project.alpha", project),
                                            ("tfbtest_item", "tfbtest_item.this", item)):
            schema = direct.schema(tf_type)
            config = schema.block.with_absent_blocks(cty.conform(schema.type, arguments))
            prior = states[tf_type]
            planned = direct.plan(tf_type, prior, plan.proposed_new(schema.block, prior, config), config,
                                  privates[tf_type], 30)
            after, after_unknown = shown(schema.type, planned.state)
            change = tf.planned(address)
            assert masked(after) == masked(canonical(schema.type, change["after"])), f"{address}: the same plan"
            assert after_unknown == paths(change["after_unknown"], True), f"{address}: the same unknowns"

            state, privates[tf_type], errors = direct.apply(tf_type, prior, planned.state, config, planned.private,
                                                            30)
            assert not errors
            states[tf_type] = state
            written = tfstate.with_instance(None, tf_type=tf_type, name="this", provider="p",
                                            attributes=cty.to_json(schema.type, state),
                                            schema_version=schema.version, private=b"",
                                            sensitive_paths=schema.block.sensitive_paths(state))
            (ours,) = written["resources"][0]["instances"]
            theirs = cli[address]
            assert masked(canonical(schema.type, ours["attributes"])) == masked(
                canonical(schema.type, theirs["attributes"])), f"{address}: the same state"
            assert sorted(map(json.dumps, ours["sensitive_attributes"])) == sorted(
                map(json.dumps, theirs["sensitive_attributes"])), f"{address}: the same sensitive paths"
            assert ours["schema_version"] == theirs["schema_version"]
    item = cli["tfbtest_item.this"]
    assert item["attributes"]["spec"]["secret"] is None and item["attributes"]["endpoints"]["b"]["key"] is None
    assert sorted(p[-1]["value"] for p in item["sensitive_attributes"]) == ["key", "key", "secret"], \
        "terraform records a sensitive attribute's path whether or not it holds a value"
