"""Processes a local command starts beside itself (moto, the API server, the provider), and their end."""

from __future__ import annotations

import contextlib
import subprocess
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
