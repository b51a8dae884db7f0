"""Waiting on a condition with a deadline: the one way tests wait."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest


def wait_for(condition: Callable[[], object], what: str | Callable[[], str], timeout: float = 60.0, *,
             interval: float = 0.05) -> object:
    """Poll ``condition`` until it returns something truthy, or fail after ``timeout`` seconds naming ``what``:
    a text, or a function that describes the state at that moment (which objects are left, their
    conditions, the log's tail), so that a timeout says what was stuck.

    The interval starts short (a prompt answer is seen promptly) and grows to a quarter second: a long
    wait must not spend the CPU that the system under test needs (a condition is a read or two of the
    local API server), nor sleep most of a second past the moment it holds.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {what() if callable(what) else what}")
        time.sleep(interval)
        interval = min(0.25, interval * 1.3)
