"""One kind's result: each step's words, the failure and its class, and what the steps measured."""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.classes import classify

STEPS = ("create", "reimport", "update", "delete")


@dataclasses.dataclass
class Result:
    kind: str
    steps: dict[str, str] = dataclasses.field(default_factory=dict)  # step → ok | failed | skipped: why
    failure: str = ""
    failure_class: str = ""
    external_name: str = ""
    import_check_seconds: float | None = None
    import_check: str = ""  # the create's import check: imported, unchecked (its deadline passed), or what it found
    duplicates: int = 0
    seconds: float = 0.0
    # Seconds each step took (the log's profile of where a kind's time goes; not in the report).
    step_seconds: dict[str, float] = dataclasses.field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return not self.failure and all(self.steps.get(s, "").split(":")[0] in ("ok", "skipped") for s in STEPS)

    def fail(self, step: str, message: str, culprit: str | None = None) -> Result:
        self.steps[step] = "failed"
        self.failure = f"{step}: {message}"[:600]
        self.failure_class = culprit or classify(message)
        return self

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"steps": {s: self.steps.get(s, "not run") for s in STEPS},
                               "result": "passed" if self.passed else "failed"}
        if self.failure:
            out["failure"], out["class"] = self.failure, self.failure_class
        if self.duplicates:
            out["duplicates"] = self.duplicates
        if self.import_check_seconds:
            out["import_check_ms"] = round(1000 * self.import_check_seconds)
        return out


class StepFailed(Exception):
    def __init__(self, message: str, culprit: str | None = None) -> None:
        super().__init__(message)
        self.culprit = culprit


def result_to_json(result: Result) -> dict[str, Any]:
    """A result as a job sends it on its pipe (every field, unlike the report's row)."""
    return dataclasses.asdict(result)


def result_from_json(doc: dict[str, Any]) -> Result:
    return Result(**doc)


def progress(i: int, total: int, result: Result) -> str:
    """One kind's line in the run's log."""
    mark = f"passed (update {result.steps.get('update')})" if result.passed else \
        f"FAILED {result.failure_class}: {result.failure[:200]}"
    steps = " ".join(f"{s} {n:.0f}s" for s, n in result.step_seconds.items())
    return f"[{i}/{total}] {result.kind} {result.seconds:.0f}s ({steps}) {mark}"
