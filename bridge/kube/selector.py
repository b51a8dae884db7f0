"""Label selectors an operator passes to ``tfbridge run --watch-label-selector``: checked before anything
starts (Kubernetes' grammar: ``k=v``, ``k==v``, ``k!=v``, ``k in (a,b)``, ``k notin (a,b)``, ``k``,
``!k``, comma-separated), and the stable suffix that gives each shard its own Lease."""

from __future__ import annotations

import hashlib
import re

_NAME = r"[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?"
_PREFIX = r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"
_KEY = re.compile(rf"({_PREFIX}/)?{_NAME}")
_VALUE = re.compile(rf"({_NAME})?")
_SET = re.compile(r"(\S+)\s+(in|notin)\s+\(([^()]*)\)")
_EQUALITY = re.compile(r"([^\s!=]+)\s*(==|=|!=)\s*(\S*)")
_EXISTS = re.compile(r"(!?)\s*([^\s!=(),]+)")


def _terms(selector: str) -> list[str]:
    terms, depth, current = [], 0, ""
    for ch in selector:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            terms.append(current)
            current = ""
        else:
            current += ch
    terms.append(current)
    return [t.strip() for t in terms]


def _key_problem(key: str) -> str | None:
    prefix, _, _ = key.rpartition("/")
    if _KEY.fullmatch(key) is None or len(prefix) > 253:
        return f"{key!r} is not a valid label key"
    return None


def problem(selector: str) -> str | None:
    """Why ``selector`` is no label selector; None when it is one (the empty selector selects all)."""
    if not selector.strip():
        return None
    for term in _terms(selector):
        if not term:
            return "an empty requirement (a stray comma)"
        values: list[str] = []
        if m := _SET.fullmatch(term):
            key, values = m.group(1), [v.strip() for v in m.group(3).split(",")]
        elif m := _EQUALITY.fullmatch(term):
            key, values = m.group(1), [m.group(3)]
        elif m := _EXISTS.fullmatch(term):
            key = m.group(2)
        else:
            return f"{term!r} is not a requirement (key, !key, key=value, key!=value, key in (...), key notin (...))"
        if (why := _key_problem(key)) is not None:
            return why
        for value in values:
            if _VALUE.fullmatch(value) is None:
                return f"{value!r} is not a valid label value"
    return None


def lease_suffix(selector: str) -> str:
    """A short stable name part for ``selector``: replicas with different selectors elect in different
    Leases, replicas with the same one in the same Lease."""
    return hashlib.sha256(selector.strip().encode()).hexdigest()[:8]
