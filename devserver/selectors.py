"""Label and field selectors, as the API server parses them."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any

_SET = re.compile(r"^\s*([^\s!=]+)\s+(in|notin)\s+\(([^)]*)\)\s*$")


@dataclasses.dataclass(frozen=True)
class Requirement:
    key: str
    op: str  # "=", "!=", "in", "notin", "exists", "!exists"
    values: frozenset[str] = frozenset()

    def matches(self, value: str | None) -> bool:
        if self.op == "exists":
            return value is not None
        if self.op == "!exists":
            return value is None
        if self.op in ("=", "in"):
            return value in self.values
        return value not in self.values


def _split(selector: str) -> list[str]:
    terms, depth, cur = [], 0, ""
    for ch in selector:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            terms.append(cur)
            cur = ""
        else:
            cur += ch
    terms.append(cur)
    return [t.strip() for t in terms if t.strip()]


def parse(selector: str | None) -> tuple[Requirement, ...]:
    out = []
    for term in _split(selector or ""):
        m = _SET.match(term)
        if m:
            values = frozenset(v.strip() for v in m.group(3).split(",") if v.strip())
            out.append(Requirement(m.group(1), m.group(2), values))
        elif "!=" in term:
            k, v = (s.strip() for s in term.split("!=", 1))
            out.append(Requirement(k, "!=", frozenset({v})))
        elif "=" in term:
            k, v = (s.strip() for s in term.replace("==", "=").split("=", 1))
            out.append(Requirement(k, "=", frozenset({v})))
        elif term.startswith("!"):
            out.append(Requirement(term[1:].strip(), "!exists"))
        else:
            out.append(Requirement(term, "exists"))
    return tuple(out)


def match_labels(requirements: tuple[Requirement, ...], labels: Mapping[str, str]) -> bool:
    return all(r.matches(labels.get(r.key)) for r in requirements)


def _field(obj: Mapping[str, Any], path: str) -> str:
    value: Any = obj
    for part in path.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    return "" if value is None else str(value)


def match_fields(requirements: tuple[Requirement, ...], obj: Mapping[str, Any]) -> bool:
    """Field selectors compare dotted paths (``metadata.name=x``); a missing field is ''."""
    return all(r.matches(_field(obj, r.key)) for r in requirements)


def watch_event(event: str, old: Any, new: Any, matches: Callable[[Any], bool]) -> str | None:
    """What a watch filtered by ``matches`` is told of ``event`` (None: nothing). An object that stops
    matching is DELETED and one that starts matching is ADDED, as kube-apiserver's watch cache says it,
    so a client whose selector no longer takes an object drops it from its cache."""
    now = matches(new)
    if event != "MODIFIED" or old is None:
        return event if now else None
    before = matches(old)
    if before and not now:
        return "DELETED"
    if now and not before:
        return "ADDED"
    return event if now else None
