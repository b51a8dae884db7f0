"""The drift summary a status shows: per argument, by spec name, values only where nothing secret can be,
bounded."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.workspace import drift
from bridge.workspace.drift import summary


def _name(tf: str) -> str | None:
    return {"cidr_block": "cidrBlock", "master_password": "masterPassword"}.get(tf)


@pytest.mark.parametrize(
    ("spec", "cloud", "hidden", "want"),
    [
        pytest.param({"cidr_block": "10.0.0.0/16"}, {"cidr_block": "10.9.0.0/16"}, frozenset(),
                     'cidrBlock: spec "10.0.0.0/16", cloud "10.9.0.0/16"', id="ScalarBySpecName"),
        pytest.param({"master_password": "hunter2"}, {"master_password": "other"}, frozenset({"master_password"}),
                     "masterPassword: differs (sensitive)", id="SensitiveValueNeverShown"),
        pytest.param({"rule": [{"a": 1}]}, {"rule": [{"a": 2}]}, frozenset(), "rule: differs",
                     id="BlockMembersNotShown"),
        pytest.param({"tags": {"env": "prod"}}, {"tags": {"env": "dev"}}, frozenset(),
                     'tags: spec {"env": "prod"}, cloud {"env": "dev"}', id="MapOfScalarsShown"),
        pytest.param({"x": "v"}, {}, frozenset(), 'x: spec "v", cloud unset', id="UnsetInTheCloud"),
        pytest.param({"x": "a" * 100}, {"x": "b"}, frozenset(), f'x: spec "{"a" * 58}…, cloud "b"', id="LongValueCut"),
    ],
)
def test_summary(spec: dict[str, Any], cloud: dict[str, Any], hidden: frozenset[str], want: str) -> None:
    assert summary(sorted(spec), spec, cloud, hidden=hidden, name=_name) == want


def test_many_arguments_are_counted_not_listed() -> None:
    spec = {f"a{i:02d}": i for i in range(12)}
    text = summary(sorted(spec), spec, {}, hidden=frozenset(), name=_name)
    assert text.count("spec ") == drift.ARGUMENTS and text.endswith("and 4 more")


def test_the_whole_is_bounded() -> None:
    spec = {f"argument_with_a_long_name_{i}": "v" * 200 for i in range(8)}
    text = summary(sorted(spec), spec, {k: "w" * 200 for k in spec}, hidden=frozenset(), name=_name)
    assert len(text) <= drift.LIMIT
