"""Tools the tests need from the machine (terraform, the plugin mirror, moto), and which executor they run on.

A test that needs a tool and cannot find it fails, unless TFBRIDGE_SKIP_EXTERNAL=1 is set (the
documented opt-out), which turns that into a skip.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest


def missing(what: str) -> None:
    message = f"{what} is required by this test and was not found"
    if os.environ.get("TFBRIDGE_SKIP_EXTERNAL") == "1":
        pytest.skip(f"{message} (TFBRIDGE_SKIP_EXTERNAL=1)")
    pytest.fail(f"{message}; install it, or set TFBRIDGE_SKIP_EXTERNAL=1 to skip such tests", pytrace=False)


def venv_tool(name: str) -> str:
    """A console script of a dev dependency, from the environment running the tests: a bare name
    would find whatever the machine has on PATH, or nothing when the venv is not activated."""
    found = Path(sys.executable).parent / name
    if not (found.is_file() and os.access(found, os.X_OK)):
        pytest.fail(f"{name} is not installed beside {sys.executable}; it is a dev dependency "
                    f"(pip install -e '.[dev]')", pytrace=False)
    return str(found)


# What a scenario parametrized with the ``executor`` fixture runs on right now.
EXECUTOR_OVERRIDE: list[str] = []


def executor_under_test() -> str:
    """The executor the runtime and scenario tests run on: the default (each kind where it ships), or
    every kind on one executor with ``TFBRIDGE_TEST_EXECUTOR=cli|direct``, to run the suite on it, or
    what a scenario parametrized with the ``executor`` fixture asks for."""
    if EXECUTOR_OVERRIDE:
        return EXECUTOR_OVERRIDE[-1]
    chosen = os.environ.get("TFBRIDGE_TEST_EXECUTOR", "auto")
    if chosen not in ("auto", "cli", "direct"):
        raise pytest.UsageError(f"TFBRIDGE_TEST_EXECUTOR={chosen!r}: expected auto, cli or direct")
    return chosen
