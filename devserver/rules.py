"""CEL validation rules (``x-kubernetes-validations``) of a CRD's schema, evaluated as kube-apiserver does.

A rule at a schema node runs when that node has a value, with ``self`` bound to it. A rule that
reads ``oldSelf`` is a transition rule: it runs only on an update where the old object has a value
at the same place (through properties, map keys, and the items of ``map`` and ``set`` lists), unless
``optionalOldSelf`` asks for it on create too. As with validation ratcheting, a value that an update
leaves unchanged is not validated again. A failed rule answers ``<path>: Invalid value: "<type>":
<message>``, its path extended by the rule's ``fieldPath``.

Expressions are compiled once and evaluated by cel-python (``celpy``), a pure-Python implementation of
the CEL specification. Simplified: no cost limits, and Kubernetes' extension libraries (quantity,
URL, IP, ``isSorted`` …) are not defined, so a rule that calls them fails as a compile error.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

import celpy
from celpy import adapter, celparser, celtypes, evaluation

Obj = dict[str, Any]
_ABSENT = object()
_OLD_SELF = re.compile(r"\boldSelf\b")


@dataclasses.dataclass(frozen=True)
class Violation:
    field: str
    reason: str
    message: str


@functools.lru_cache(maxsize=4096)
def _program(expression: str) -> celpy.Runner:
    env = celpy.Environment()
    return env.program(env.compile(expression))


def _type_name(schema: Obj, value: Any) -> str:
    if schema.get("type"):
        return str(schema["type"])
    return {dict: "object", list: "array", str: "string", bool: "boolean"}.get(type(value), "number")


def _evaluate(expression: str, activation: dict[str, Any]) -> tuple[Any, str]:
    """(result, error): the error is compile or evaluation trouble, worded as the API server does."""
    try:
        program = _program(expression)
    except celparser.CELParseError as exc:
        return None, f"compilation failed: {str(exc).splitlines()[0]}"
    try:
        result = program.evaluate({k: adapter.json_to_cel(v) for k, v in activation.items()})
    except evaluation.CELEvalError as exc:
        return None, f"evaluation error: {exc.args[0] if exc.args else exc}"
    if isinstance(result, evaluation.CELEvalError):
        return None, f"evaluation error: {result.args[0] if result.args else result}"
    return result, ""


def _check(schema: Obj, value: Any, old: Any, path: str, out: list[Violation]) -> None:
    for rule in schema.get("x-kubernetes-validations") or ():
        expression = str(rule.get("rule", ""))
        transition = bool(_OLD_SELF.search(expression))
        activation: dict[str, Any] = {"self": value}
        if transition:
            if old is _ABSENT and not rule.get("optionalOldSelf"):
                continue
            activation["oldSelf"] = None if old is _ABSENT else old
        field = path + str(rule.get("fieldPath") or "")
        result, error = _evaluate(expression, activation)
        if error:
            out.append(Violation(field, "FieldValueInvalid",
                                 f'Invalid value: "{_type_name(schema, value)}": {expression}: {error}'))
            continue
        if result is True or (isinstance(result, celtypes.BoolType) and bool(result)):
            continue
        message = str(rule.get("message") or f"failed rule: {expression}")
        if rule.get("messageExpression"):
            custom, custom_error = _evaluate(str(rule["messageExpression"]), activation)
            if not custom_error and isinstance(custom, str) and custom.strip():
                message = str(custom)
        reason = str(rule.get("reason") or "FieldValueInvalid")
        words = {"FieldValueRequired": "Required value", "FieldValueForbidden": "Forbidden",
                 "FieldValueDuplicate": "Duplicate value"}
        prefix = words.get(reason, f'Invalid value: "{_type_name(schema, value)}"')
        out.append(Violation(field, reason, f"{prefix}: {message}"))


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _walk(schema: Obj, value: Any, old: Any, path: str, out: list[Violation]) -> None:
    if value is None:
        return
    if old is not _ABSENT and old == value:
        return  # ratcheting: what the update did not change is not validated again
    _check(schema, value, old, path, out)
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        olds = old if isinstance(old, dict) else {}
        for key, child in value.items():
            sub = props.get(key) if key in props else (extra if isinstance(extra, dict) else None)
            if sub is not None:
                at = _join(path, key) if key in props else f"{path}[{key}]"
                _walk(sub, child, olds.get(key, _ABSENT), at, out)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        items = schema["items"]
        list_type = schema.get("x-kubernetes-list-type")
        keys = list(schema.get("x-kubernetes-list-map-keys") or [])
        olds_list = old if isinstance(old, list) else []
        for index, item in enumerate(value):
            previous: Any = _ABSENT
            if list_type == "set" and item in olds_list:
                previous = item
            elif list_type == "map" and isinstance(item, dict):
                previous = next((o for o in olds_list if isinstance(o, dict)
                                 and all(o.get(k) == item.get(k) for k in keys)), _ABSENT)
            _walk(items, item, previous, f"{path}[{index}]", out)


def violations(schema: Obj, obj: Obj, old: Obj | None = None) -> list[Violation]:
    """Every failed rule in ``obj`` (``old``: the stored object on an update)."""
    out: list[Violation] = []
    _walk(schema, obj, _ABSENT if old is None else old, "", out)
    return out


def has_rules(schema: Any) -> bool:
    """Whether any node of ``schema`` carries rules: most CRDs have none, and then nothing is walked."""
    if isinstance(schema, dict):
        return "x-kubernetes-validations" in schema or any(has_rules(v) for v in schema.values())
    if isinstance(schema, list):
        return any(has_rules(v) for v in schema)
    return False
