"""Parse terraform's machine-readable output into typed results.

``plan -json`` / ``apply -json`` / ``destroy -json`` print one JSON object a line (type version,
planned_change, resource_drift, change_summary, apply_*, diagnostic, ...). ``import`` has no
``-json``: its errors are parsed from the human text on stderr.
"""

from __future__ import annotations

import dataclasses
import json
import re


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    severity: str
    summary: str
    detail: str = ""
    address: str = ""

    def __str__(self) -> str:
        detail = " ".join(self.detail.split())
        return f"{self.summary}: {detail}" if detail else self.summary


@dataclasses.dataclass(frozen=True)
class ChangeSummary:
    add: int = 0
    change: int = 0
    import_: int = 0
    remove: int = 0
    operation: str = ""


@dataclasses.dataclass(frozen=True)
class Stream:
    diagnostics: tuple[Diagnostic, ...] = ()
    # resource address → planned action (create, update, delete, replace, read, noop)
    planned: dict[str, str] = dataclasses.field(default_factory=dict)
    drift: dict[str, str] = dataclasses.field(default_factory=dict)
    summary: ChangeSummary | None = None
    # addresses whose apply began: terraform prints apply_start before it asks the provider
    applying: frozenset[str] = frozenset()

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")


def parse(stdout: str) -> Stream:
    diagnostics: list[Diagnostic] = []
    planned: dict[str, str] = {}
    drift: dict[str, str] = {}
    summary = None
    applying: set[str] = set()
    for line in stdout.splitlines():
        if not line.startswith("{"):
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        kind = msg.get("type")
        if kind == "diagnostic":
            d = msg.get("diagnostic") or {}
            diagnostics.append(Diagnostic(str(d.get("severity", "error")), str(d.get("summary", "")),
                                          str(d.get("detail", "")), str(d.get("address", ""))))
        elif kind in ("planned_change", "resource_drift"):
            change = msg.get("change") or {}
            addr = (change.get("resource") or {}).get("addr", "")
            (planned if kind == "planned_change" else drift)[addr] = str(change.get("action", ""))
        elif kind == "apply_start":
            applying.add(str(((msg.get("hook") or {}).get("resource") or {}).get("addr", "")))
        elif kind == "change_summary":
            c = msg.get("changes") or {}
            summary = ChangeSummary(int(c.get("add", 0)), int(c.get("change", 0)), int(c.get("import", 0)),
                                    int(c.get("remove", 0)), str(c.get("operation", "")))
    return Stream(tuple(diagnostics), planned, drift, summary, frozenset(applying))


_ERROR = re.compile(r"^(?:│\s*)?Error: (.+)$")
_WITH = re.compile(r"^with (provider\[.+\]|[A-Za-z_][^,\s]*),?$")


def parse_text_errors(stderr: str) -> tuple[Diagnostic, ...]:
    """``Error: summary`` blocks from terraform's human output (import has no -json)."""
    out: list[Diagnostic] = []
    lines = [ln.rstrip() for ln in stderr.splitlines()]
    i = 0
    while i < len(lines):
        m = _ERROR.match(lines[i].strip("╷╵ "))
        if m:
            detail: list[str] = []
            address = ""
            i += 1
            while i < len(lines) and not lines[i].startswith("╵") and not _ERROR.match(lines[i].strip("╷╵ ")):
                text = lines[i].lstrip("│").strip()
                where = _WITH.match(text)
                if where and not address:
                    address = where.group(1)  # "with provider[...]," names what the error is about
                if text:
                    detail.append(text)
                i += 1
            out.append(Diagnostic("error", m.group(1).strip(), " ".join(detail), address))
            continue
        i += 1
    return tuple(out)
