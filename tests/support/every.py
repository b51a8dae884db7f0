"""One test per invariant over every kind (or family, or file): the check runs on each case, and the test
fails once, naming every case that fails it with the reason, instead of one test per case.

The check is a function with plain ``assert`` statements, as a test's body would be; defined in a test
module, pytest's assertion rewriting explains each failure (``assert 'x' == 'y'`` with both sides). Any
other exception a check raises fails its case too, with the exception's type and message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

# A failing case's reason is cut to this many lines; the first ones say what differs.
REASON_LINES = 6


def failures(cases: Iterable[tuple[str, T]], check: Callable[[T], None]) -> dict[str, str]:
    """Every case ``check`` fails on, by name, with its reason (what its assertion said)."""
    failed: dict[str, str] = {}
    for name, case in cases:
        try:
            check(case)
        except AssertionError as exc:
            failed[name] = _reason(str(exc) or "assertion failed")
        except Exception as exc:  # a check that cannot run on a case fails that case, as its own test would
            failed[name] = _reason(f"{type(exc).__name__}: {exc}")
    return failed


def _reason(text: str) -> str:
    lines = text.splitlines() or [""]
    return "\n    ".join(lines[:REASON_LINES] + (["..."] if len(lines) > REASON_LINES else []))


def check_all(what: str, cases: Iterable[tuple[str, T]], check: Callable[[T], None]) -> int:
    """Run ``check`` on every case; fail listing each failing one with its reason. How many were checked."""
    listed = list(cases)
    assert listed, f"no {what} to check"
    failed = failures(listed, check)
    assert not failed, f"{len(failed)} of {len(listed)} {what} fail:\n" + "\n".join(
        f"  {name}: {reason}" for name, reason in failed.items())
    return len(listed)
