"""Processes a local command starts beside itself (moto, the API server, the provider), and their end."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from collections.abc import Iterable


def stop(processes: Iterable[subprocess.Popen[bytes]]) -> None:
    """Ask each process to end, and kill one that has not within 10 s."""
    for proc in processes:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def exit_on_sigterm() -> None:
    """Make SIGTERM end this process as Ctrl-C does: by unwinding, so every ``with`` that started a child
    stops it. Python's default for SIGTERM ends the process at once, leaving moto, the API server and
    the provider running with nobody to stop them."""
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))
