"""CEL validation rules and printer-column JSONPath, evaluated as kube-apiserver evaluates them."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from devserver import rules, tables

SCHEMA: dict[str, Any] = {"type": "object", "properties": {"spec": {
    "type": "object",
    "x-kubernetes-validations": [
        {"rule": "self.min <= self.max", "message": "min must not exceed max"},
        {"rule": "self.size() > 0", "messageExpression": "'spec has ' + string(size(self)) + ' fields'"},
    ],
    "properties": {
        "min": {"type": "integer"}, "max": {"type": "integer"},
        "name": {"type": "string", "x-kubernetes-validations": [
            {"rule": "self == oldSelf", "message": "name is immutable", "reason": "FieldValueForbidden"}]},
        "ports": {"type": "array", "items": {"type": "object", "properties": {"port": {"type": "integer"}},
                                             "x-kubernetes-validations": [
                                                 {"rule": "self.port > 0", "fieldPath": ".port"}]}},
        "region": {"type": "string", "x-kubernetes-validations": [{"rule": "self.matches('^[a-z]+-[a-z]+-[0-9]$')"}]},
    },
}}}


def spec(**values: Any) -> dict[str, Any]:
    return {"spec": {"min": 1, "max": 2, **values}}


@pytest.mark.parametrize(
    ("obj", "old", "want"),
    [
        pytest.param(spec(), None, [], id="Valid"),
        pytest.param(spec(min=3), None, [("spec", "FieldValueInvalid", 'Invalid value: "object": min must not exceed '
                                                                       "max")], id="RuleWithMessage"),
        pytest.param(spec(name="a"), spec(name="b"), [("spec.name", "FieldValueForbidden",
                                                       "Forbidden: name is immutable")], id="TransitionRule"),
        pytest.param(spec(name="a"), None, [], id="TransitionRuleSkippedOnCreate"),
        pytest.param(spec(ports=[{"port": 0}]), None, [("spec.ports[0].port", "FieldValueInvalid",
                                                        'Invalid value: "object": failed rule: self.port > 0')],
                     id="FieldPathAndDefaultMessage"),
        pytest.param(spec(region="US-EAST-1"), None, [("spec.region", "FieldValueInvalid",
                                                       'Invalid value: "string": failed rule: '
                                                       "self.matches('^[a-z]+-[a-z]+-[0-9]$')")], id="Matches"),
        pytest.param(spec(min=3, max=2), spec(min=3, max=2), [], id="UnchangedValuesRatchet"),
        pytest.param({"spec": {"min": 1}}, None, [("spec", "FieldValueInvalid", 'Invalid value: "object": '
                                                   "self.min <= self.max: evaluation error: no such member in "
                                                   "mapping: 'max'")], id="EvaluationError"),
    ],
)
def test_violations(obj: dict[str, Any], old: dict[str, Any] | None, want: list[tuple[str, str, str]]) -> None:
    got = [(v.field, v.reason, v.message) for v in rules.violations(SCHEMA, obj, old)]
    assert got == want


def test_message_expression() -> None:
    schema = {"type": "object", "x-kubernetes-validations": [
        {"rule": "size(self) > 5", "messageExpression": "'has ' + string(size(self)) + ' fields'"}]}
    assert [v.message for v in rules.violations(schema, {"a": 1})] == ['Invalid value: "object": has 1 fields']


def test_has_rules() -> None:
    assert rules.has_rules(SCHEMA) and not rules.has_rules({"type": "object", "properties": {"a": {}}})


CONDITIONS = {"status": {"conditions": [{"type": "Synced", "status": "False"}, {"type": "Ready", "status": "True"}]},
              "metadata": {"annotations": {"crossplane.io/external-name": "vpc-1"}, "name": "n"},
              "spec": {"items": [{"a": 1}, {"a": 2}], "flag": True}}


@pytest.mark.parametrize(
    ("path", "want"),
    [
        pytest.param(".status.conditions[?(@.type=='Ready')].status", ["True"], id="Filter"),
        pytest.param('.status.conditions[?(@.type=="Synced")].status', ["False"], id="FilterDoubleQuotes"),
        pytest.param(".metadata.annotations.crossplane\\.io/external-name", ["vpc-1"], id="EscapedDot"),
        pytest.param(".spec.items[1].a", [2], id="Index"),
        pytest.param(".spec.items[*].a", [1, 2], id="Wildcard"),
        pytest.param("{.metadata.name}", ["n"], id="Braces"),
        pytest.param(".status.missing", [], id="Missing"),
    ],
)
def test_jsonpath(path: str, want: list[Any]) -> None:
    assert tables.find(CONDITIONS, path) == want


@pytest.mark.parametrize(
    ("column", "want"),
    [
        pytest.param(tables.Column("READY", "string", ".status.conditions[?(@.type=='Ready')].status"), "True",
                     id="String"),
        pytest.param(tables.Column("FLAG", "string", ".spec.flag"), "true", id="BooleanAsString"),
        pytest.param(tables.Column("FLAG", "boolean", ".spec.flag"), True, id="Boolean"),
        pytest.param(tables.Column("N", "integer", ".spec.items[0].a"), 1, id="Integer"),
        pytest.param(tables.Column("NONE", "string", ".status.nothing"), None, id="NothingFound"),
    ],
)
def test_cells(column: tables.Column, want: Any) -> None:
    assert tables.cell(column, CONDITIONS) == want


@pytest.mark.parametrize(
    ("seconds", "want"),
    [pytest.param(5, "5s", id="Seconds"), pytest.param(150, "2m30s", id="Minutes"),
     pytest.param(3 * 3600, "3h", id="Hours"), pytest.param(3 * 86400 + 3600, "3d1h", id="Days"),
     pytest.param(40 * 86400, "40d", id="ManyDays")],
)
def test_age(seconds: int, want: str) -> None:
    now = datetime.datetime(2026, 1, 10, tzinfo=datetime.UTC)
    then = (now - datetime.timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert tables.age(then, now) == want


@pytest.mark.parametrize(
    ("accept", "want"),
    [
        pytest.param("application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;"
                     "g=meta.k8s.io,application/json", True, id="Kubectl"),
        pytest.param("application/json", False, id="PlainJSON"),
        pytest.param("application/json, application/json;as=Table;v=v1;g=meta.k8s.io", False, id="JSONFirst"),
    ],
)
def test_wants_table(accept: str, want: bool) -> None:
    assert tables.wants_table(accept) is want
