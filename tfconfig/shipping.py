"""Which executor a kind ships on, and why: decided here and nowhere else.

The terraform CLI executor is terraform itself, so a kind runs there unless something proves the direct
executor (which speaks the provider's protocol and plans as terraform core plans) does the same for it.
That proof is the provider's conformance report (``conformance.yaml`` beside its config, written by
``tfbridge conformance``): a kind whose example passed every step of its lifecycle on the direct
executor ships on it. A kind's own config (``Resource(executor=...)``) wins over the report, and an
operator's ``--executor cli|direct`` over both.

A report row is one kind's result on the executor it names (``executor:``), and ``executors:`` holds its
results on the others, each with the same keys: :func:`results` reads both.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

# What tfbridge conformance writes beside a provider's config.
REPORT = "conformance.yaml"
CLI, DIRECT = "cli", "direct"
# The operator's choice: "auto" follows each kind's shipped executor.
AUTO = "auto"

_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclasses.dataclass(frozen=True)
class Evidence:
    """What a conformance report proves: the kinds proven on the direct executor, each with the date of
    its run. ``report`` is the report's file name, empty when the provider has none."""

    report: str = ""
    direct: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Shipped:
    """An executor and why a kind runs on it, as ``workspaces list`` and the README say it."""

    executor: str
    reason: str

    def __str__(self) -> str:
        return f"{self.executor}: {self.reason}"


def shipped(tf_type: str, configured: str | None, evidence: Evidence) -> Shipped:
    """The executor ``tf_type`` ships on: its config's, else the direct one where the report proves it,
    else the terraform CLI."""
    if configured:
        return Shipped(configured, "set by config")
    date = evidence.direct.get(tf_type)
    if date is not None:
        return Shipped(DIRECT, f"proven by conformance {date}" if date else "proven by conformance")
    return Shipped(CLI, "not proven on direct" if evidence.report else "no conformance report")


def runs_on(flag: str, kind_default: Shipped) -> Shipped:
    """Where a kind runs under the operator's ``--executor``: ``auto`` keeps what it ships on."""
    if flag == AUTO:
        return kind_default
    if flag not in (CLI, DIRECT):
        raise ValueError(f"executor {flag!r} is not one of {AUTO}, {CLI}, {DIRECT}")
    return Shipped(flag, "--executor flag")


def results(row: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """A report row's results by executor: the row's own (on the executor it names) and those under
    ``executors:``. A row that names no executor is a result on none."""
    out: dict[str, dict[str, Any]] = {}
    own = row.get("executor")
    if own:
        out[str(own)] = {k: v for k, v in row.items() if k not in ("executor", "executors")}
    for executor, result in sorted((row.get("executors") or {}).items()):
        out[str(executor)] = dict(result)
    return out


def proven(result: Mapping[str, Any]) -> bool:
    return result.get("result") == "passed"


def read_report(path: Path) -> Evidence:
    """The evidence of the report at ``path``; none where there is no such file. Read once per version of
    the file (the AWS report is 0.8 MB). Raises ValueError for a file that is no report."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return Evidence()
    return _read(path.resolve(), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _read(path: Path, _mtime_ns: int, _size: int) -> Evidence:
    try:
        doc = yaml.load(path.read_text(), Loader=_LOADER) or {}
        kinds: Mapping[str, Any] = doc.get("kinds") or {}
        direct = {}
        for tf_type, row in kinds.items():
            result = results(row).get(DIRECT)
            if result is not None and proven(result):
                direct[str(tf_type)] = str(result.get("date") or "")
    except (yaml.YAMLError, AttributeError, TypeError) as exc:
        raise ValueError(f"{type(exc).__name__}: {exc}") from exc
    return Evidence(report=path.name, direct=dict(sorted(direct.items())))
