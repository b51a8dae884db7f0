"""Run the terraform CLI: one small wrapper because python-terraform cannot do what we need.

python-terraform 0.10.1 has no per-call environment, deadline, cancellation or JSON parsing, and
several of its verbs are broken on terraform 1.11 (see the README). Every run here has:

* its own session (``start_new_session``), so a signal to tfbridge's process group never reaches
  it half-way; on expiry or shutdown *its PID alone* gets SIGINT, then SIGKILL after a grace
  period, which leaves state written and the in-flight resource recorded (measured with terraform
  1.11: a signal to the whole group loses the in-flight resource, SIGKILL leaves it out of the state);
* a umask of 077, so every file terraform writes is private to the provider's user;
* an explicit environment: nothing inherited by accident except what the caller passes on.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path


class Outcome(enum.Enum):
    OK = "ok"
    FAILED = "failed"
    TIMED_OUT = "timed-out"
    INTERRUPTED = "interrupted"  # shutdown or cancellation
    KILLED = "killed"  # ignored SIGINT for the whole grace period


@dataclasses.dataclass(frozen=True)
class Run:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    outcome: Outcome

    @property
    def verb(self) -> str:
        return next((a for a in self.args if not a.startswith("-")), "")


class Runner:
    """Runs terraform; shared by all workspaces. Thread-safe."""

    def __init__(self, *, terraform: str, grace: float = 30.0) -> None:
        self.terraform = terraform
        self.grace = grace
        self._stop = threading.Event()
        self._live: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Condition()
        self.runs_by_verb: dict[str, int] = {}

    def shutdown(self) -> None:
        """Interrupt every running terraform cleanly (SIGINT, then SIGKILL after the grace period)."""
        self._stop.set()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no terraform runs; True if idle within ``timeout``."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._live, timeout=timeout)

    def run(self, cwd: Path, args: Sequence[str], *, env: Mapping[str, str], timeout: float,
            cancel: threading.Event | None = None) -> Run:
        started = time.monotonic()
        deadline = started + timeout
        proc = subprocess.Popen(
            [self.terraform, *args], cwd=cwd, env=dict(env), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, umask=0o077,
        )
        with self._lock:
            self._live.add(proc)
            verb = next((a for a in args if not a.startswith("-")), "")
            self.runs_by_verb[verb] = self.runs_by_verb.get(verb, 0) + 1
        out_chunks: list[bytes] = []
        err_chunks: list[bytes] = []
        readers = [threading.Thread(target=_drain, args=(proc.stdout, out_chunks), daemon=True),
                   threading.Thread(target=_drain, args=(proc.stderr, err_chunks), daemon=True)]
        for r in readers:
            r.start()
        outcome = Outcome.OK
        interrupted_at: float | None = None
        try:
            while True:
                try:
                    proc.wait(timeout=0.05)
                    break
                except subprocess.TimeoutExpired:
                    pass
                now = time.monotonic()
                if interrupted_at is None:
                    reason = (Outcome.TIMED_OUT if now >= deadline else
                              Outcome.INTERRUPTED if self._stop.is_set() or (cancel and cancel.is_set()) else None)
                    if reason is not None:
                        outcome = reason
                        interrupted_at = now
                        _signal(proc, signal.SIGINT)
                elif now - interrupted_at >= self.grace:
                    outcome = Outcome.KILLED
                    _signal(proc, signal.SIGKILL)
                    proc.wait()
                    break
        finally:
            with self._lock:
                self._live.discard(proc)
                self._lock.notify_all()
        # A child that outlives terraform (a plugin after SIGKILL) can hold the pipes open: take what
        # arrived within a moment, and leave the rest to the daemon readers.
        for r in readers:
            r.join(timeout=5.0)
        if not any(r.is_alive() for r in readers):
            for stream in (proc.stdout, proc.stderr):
                if stream is not None:
                    stream.close()
        if outcome is Outcome.OK and proc.returncode != 0:
            outcome = Outcome.FAILED
        return Run(tuple(args), proc.returncode, b"".join(out_chunks).decode(errors="replace"),
                   b"".join(err_chunks).decode(errors="replace"), time.monotonic() - started, outcome)


def _drain(stream: object, chunks: list[bytes]) -> None:
    assert hasattr(stream, "read")
    for chunk in iter(lambda: stream.read(65536), b""):
        chunks.append(chunk)


def _signal(proc: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    # The PID only, never the group: SIGTERM/SIGINT to the group loses the in-flight resource.
    with contextlib.suppress(ProcessLookupError):
        os.kill(proc.pid, sig)
