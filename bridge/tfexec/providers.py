"""Long-lived provider processes shared by terraform runs (``-debug`` + ``TF_REATTACH_PROVIDERS``).

Starting the provider and loading its schema dominates a CLI run's cost, so one process per
distinct provider configuration serves every run that uses it. Configure is process-wide: two
configurations on one process corrupt each other, so the key includes the configuration and the
credentials. A process is recycled after ``max_uses`` leases; one that died is replaced on the
next lease, so a crash costs one retried run, never a reconcile for good.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import signal
import subprocess
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path

_REATTACH = re.compile(r"TF_REATTACH_PROVIDERS='(\{.*\})'")


class ProviderStartFailed(RuntimeError):
    pass


@dataclasses.dataclass
class ProviderProcess:
    proc: subprocess.Popen[bytes]
    reattach: str
    uses: int = 0
    active: int = 0
    retired: bool = False

    def alive(self) -> bool:
        return self.proc.poll() is None

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


def start(binary: Path, env: Mapping[str, str], timeout: float = 60.0) -> ProviderProcess:
    proc = subprocess.Popen([str(binary), "-debug"], env=dict(env), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    assert proc.stdout is not None
    found: list[str] = []
    lines: list[bytes] = []

    def read() -> None:
        assert proc.stdout is not None
        for raw in iter(proc.stdout.readline, b""):
            if not found:
                lines.append(raw)
                m = _REATTACH.search(raw.decode(errors="replace"))
                if m:
                    found.append(m.group(1))
                    ready.set()
        ready.set()  # EOF: the process exited before printing its address

    ready = threading.Event()
    threading.Thread(target=read, daemon=True, name=f"provider-{proc.pid}-stdout").start()
    if not ready.wait(timeout) or not found:
        proc.kill()
        proc.wait()
        proc.stdout.close()
        tail = b"".join(lines[-5:]).decode(errors="replace")
        raise ProviderStartFailed(f"{binary.name} did not print TF_REATTACH_PROVIDERS within {timeout:.0f}s: {tail}")
    return ProviderProcess(proc, found[0])


class ProviderPool:
    def __init__(self, *, max_uses: int = 500) -> None:
        self.max_uses = max_uses
        self._procs: dict[str, ProviderProcess] = {}
        self._retired: list[ProviderProcess] = []
        self._lock = threading.Lock()
        self.started = 0

    @contextlib.contextmanager
    def lease(self, key: str, binary: Path, env: Mapping[str, str]) -> Iterator[str]:
        """Yield the ``TF_REATTACH_PROVIDERS`` value of a live process for ``key``."""
        with self._lock:
            current = self._procs.get(key)
            if current is not None and (not current.alive() or current.uses >= self.max_uses):
                current.retired = True
                self._retired.append(current)
                current = None
            if current is None:
                current = start(binary, env)
                self.started += 1
                self._procs[key] = current
            current.uses += 1
            current.active += 1
        try:
            yield current.reattach
        finally:
            with self._lock:
                current.active -= 1
                self._reap()

    def mark_dead(self, reattach: str) -> None:
        """A run found the process unreachable: retire it so the next lease starts a fresh one."""
        with self._lock:
            for key, p in list(self._procs.items()):
                if p.reattach == reattach:
                    p.retired = True
                    self._retired.append(p)
                    del self._procs[key]

    def _reap(self) -> None:
        for p in [p for p in self._retired if p.active == 0]:
            p.stop()
            self._retired.remove(p)

    def pids(self) -> list[int]:
        with self._lock:
            return [p.proc.pid for p in self._procs.values()]

    def shutdown(self) -> None:
        with self._lock:
            procs = list(self._procs.values()) + self._retired
            self._procs.clear()
            self._retired.clear()
        for p in procs:
            p.stop()


def process_gone(stderr: str) -> bool:
    """Whether terraform failed because a reattached provider is gone (so a retry can help)."""
    markers = ("connection refused", "plugin exited", "Failed to load plugin schemas", "transport is closing",
               "no such file or directory")
    return any(m in stderr for m in markers)

