"""Long-lived provider processes that terraform runs reattach to (``-debug`` + ``TF_REATTACH_PROVIDERS``).

Starting the provider and loading its schema dominates a CLI run's cost, so one process per
distinct provider configuration serves every run that uses it, leased from the pod's process
pool (:mod:`bridge.processes`). A run that finds its process gone is repeated once on a fresh one.
"""

from __future__ import annotations

import re
import signal
import subprocess
import threading
from collections.abc import Mapping
from pathlib import Path

from bridge.api.errors import OperationFailed
from bridge.tfexec.front import Front

_REATTACH = re.compile(r"TF_REATTACH_PROVIDERS='(\{.*\})'")


class DebugProcess:
    """A provider started with ``-debug``: it prints the value of TF_REATTACH_PROVIDERS and serves
    every terraform run given it, each through its :class:`~bridge.tfexec.front.Front`."""

    def __init__(self, binary: Path, env: Mapping[str, str], *, start_timeout: float = 60.0) -> None:
        self.proc = subprocess.Popen([str(binary), "-debug"], env=dict(env), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
        self.reattach = self._read_reattach(binary, start_timeout)
        self.front = Front(self.reattach, binary=binary)

    def _read_reattach(self, binary: Path, timeout: float) -> str:
        assert self.proc.stdout is not None
        found: list[str] = []
        lines: list[bytes] = []
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stdout is not None
            for raw in iter(self.proc.stdout.readline, b""):
                if not found:
                    lines.append(raw)
                    m = _REATTACH.search(raw.decode(errors="replace"))
                    if m:
                        found.append(m.group(1))
                        ready.set()
            ready.set()  # EOF: the process exited before printing its address

        threading.Thread(target=read, daemon=True, name=f"provider-{self.proc.pid}-stdout").start()
        if not ready.wait(timeout) or not found:
            self.proc.kill()
            self.proc.wait()
            self.proc.stdout.close()
            tail = b"".join(lines[-5:]).decode(errors="replace")
            raise OperationFailed(f"{binary.name} did not print TF_REATTACH_PROVIDERS within {timeout:.0f}s: {tail}",
                                  verb="start")
        return found[0]

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def interrupt(self) -> None:
        """Nothing to do: terraform itself interrupts the calls it makes (the runner signals it)."""

    def stop(self) -> None:
        # The provider ignores SIGINT (the host owns it): SIGTERM, then SIGKILL.
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self.front.close()


def process_gone(output: str) -> bool:
    """Whether terraform failed because a reattached provider is gone (so a retry can help)."""
    markers = ("connection refused", "plugin exited", "Failed to load plugin schemas", "transport is closing",
               "no such file or directory")
    return any(m in output for m in markers)
