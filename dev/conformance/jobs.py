"""``tfbridge conformance --jobs N``: the kinds dealt into batches, each batch run by a process of its own.

One process runs moto, the provider's controllers and the runner's threads under one interpreter
lock, so it uses one core at most; the API server and the provider plugins are processes of their
own, but what they serve is asked for by that one process. A run of the whole catalogue therefore
runs in job processes, each with its own moto, local API server and provider process, and at most
``jobs`` of them take new kinds at once.

The chosen kinds are dealt round robin into batches of at most ``batch`` kinds: neighbours in the
catalogue (the ``aws_default_*`` kinds, one service's singletons) land in different batches, so in
different clouds, and each batch's moto starts empty, so what one batch leaves behind (an object a
failed kind could not delete, a create the provider still retries) never reaches the next. A job
process (:mod:`conformance.job`) runs its batch and writes one JSON line
per kind as the kind starts and as it ends, on a pipe of its own (its stdout and stderr are the
run's, where moto and the provider say what they say). A job whose last kinds have all started
gives up its turn: the next batch starts beside it while it finishes them, so a batch's slowest
kind never holds the other workers idle.

This process, the only one writing the report, hears every result as it comes, but for a failure a
crash of the job's provider process may explain (:mod:`conformance.crashes`): those wait for
the job's end, when every crash it had is known. The kind that crashed it is then failed in its
panic's words; the kinds it failed (victims) run once more, after every batch has ended, in a job of
their own, so never beside a kind known to crash the provider: beside each other where each crash
named its crasher, else one at a time. Only a victim's second result is reported.

A failure of the environment stops the run at once: a job whose rig cannot start says so, and a kind
failed in the environment's words (``terraform init`` finding no provider) says that no kind after it can
pass either. Every job is asked to stop (each stops its own rig), and :class:`EnvironmentFailure` carries
the words out.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from conformance.classes import ENVIRONMENT
from conformance.crashes import Crash, holds, settle
from conformance.environment import EnvironmentFailure
from conformance.result import Result, result_from_json

# A draining job (all its kinds started) keeps running beside the next; at most this many processes
# per job slot are alive at once, so memory stays bounded when many batches end slowly together.
MAX_PROCESSES_PER_SLOT = 2


def deal(tf_types: Sequence[str], jobs: int, batch: int) -> list[list[str]]:
    """``tf_types`` dealt round robin into as few batches of at most ``batch`` as there can be, but
    never fewer than ``jobs`` (each job gets work) nor more than there are kinds."""
    if not tf_types:
        return []
    count = min(len(tf_types), max(jobs, math.ceil(len(tf_types) / batch)))
    return [list(tf_types[i::count]) for i in range(count)]


@dataclasses.dataclass
class Jobs:
    """What :func:`run_jobs` did: each kind's result, the kinds whose job ended before their result
    (a job process killed or crashed), the run's wall time, the provider crashes its jobs had, and the
    kinds run a second time because one failed them."""

    results: list[Result]
    lost: list[str]
    seconds: float
    crashes: list[Crash] = dataclasses.field(default_factory=list)
    again: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class _Batch:
    tf_types: list[str]
    proc: subprocess.Popen[bytes]
    rerun: bool = False  # its kinds' second run: a crash under them runs none again
    started: set[str] = dataclasses.field(default_factory=set)
    ended: set[str] = dataclasses.field(default_factory=set)
    closed: bool = False  # its result pipe reached end of file
    crashes: list[Crash] = dataclasses.field(default_factory=list)
    held: list[Result] = dataclasses.field(default_factory=list)  # reported at its end (crashes.holds)

    @property
    def drained(self) -> bool:
        return len(self.started) == len(self.tf_types)


def run_jobs(provider_name: str, tf_types: Sequence[str], *, jobs: int, batch: int, executor: str, workers: int,
             timeout: float, done: Callable[[Result], None] = lambda r: None,
             started: Callable[[str], None] = lambda t: None) -> Jobs:
    """Run ``tf_types`` in job processes (``workers`` kinds side by side in each); ``started`` and
    ``done`` hear of each kind as it starts and as its result is final, in this process."""
    began = time.monotonic()
    # Each batch with the workers its job runs side by side.
    waiting = [(b, workers) for b in deal(tf_types, jobs, batch)]
    events: queue.Queue[tuple[int, dict[str, Any] | None]] = queue.Queue()
    live: dict[int, _Batch] = {}
    results: dict[str, Result] = {}
    lost: list[str] = []
    crashes: list[Crash] = []
    # Victims of a crash, to run again once every batch has ended: beside each other, or one at a time.
    again: list[str] = []
    alone: list[str] = []
    reran: list[str] = []
    rerunning = False
    spec = {"provider": provider_name, "executor": executor, "timeout": timeout}
    number = 0

    def start(kinds: list[str], side_by_side: int) -> None:
        nonlocal number
        read, write = os.pipe()
        proc = subprocess.Popen([sys.executable, "-m", "conformance.job", str(write)],
                                stdin=subprocess.PIPE, pass_fds=(write,))
        os.close(write)
        assert proc.stdin is not None
        proc.stdin.write(json.dumps({**spec, "workers": side_by_side, "kinds": kinds}).encode())
        proc.stdin.close()
        live[number] = _Batch(kinds, proc, rerun=rerunning)
        threading.Thread(target=_reader, args=(number, read, events), daemon=True,
                         name=f"conformance-job-{number}").start()
        number += 1

    def taking() -> int:
        """Job processes still starting kinds of their batch."""
        return sum(1 for b in live.values() if not b.drained)

    def final(result: Result) -> None:
        results[result.kind] = result
        done(result)

    try:
        while waiting or live or again or alone:
            if not waiting and not live:
                # Every kind has a result but the victims: each runs again in a fresh job, whose
                # provider no known crasher shares.
                waiting = [(b, workers) for b in deal(again, 1, batch)] + [(b, 1) for b in deal(alone, 1, batch)]
                print(f"conformance: running again in a fresh job: {', '.join(again + alone)}", file=sys.stderr,
                      flush=True)
                reran.extend(again + alone)
                again, alone, rerunning = [], [], True
            while waiting and taking() < jobs and len(live) < MAX_PROCESSES_PER_SLOT * jobs:
                start(*waiting.pop(0))
            key, event = events.get()
            b = live[key]
            if event is None:
                b.closed = True
            elif "started" in event:
                b.started.add(event["started"])
                started(event["started"])
            elif "environment" in event:
                raise EnvironmentFailure(event["environment"])
            elif "crash" in event:
                crash = Crash.from_json(event["crash"])
                b.crashes.append(crash)
                crashes.append(crash)
                print(f"conformance: the provider crashed under {', '.join(crash.running) or 'no kind'} "
                      f"({crash.words}; crashed by {', '.join(crash.crashers) or 'no kind its stack names'})",
                      file=sys.stderr, flush=True)
            else:
                result = result_from_json(event["result"])
                if result.failure_class == ENVIRONMENT:
                    raise EnvironmentFailure(f"{result.kind}: {result.failure}")
                b.ended.add(result.kind)
                b.started.add(result.kind)
                if holds(result, b.crashes):
                    b.held.append(result)
                else:
                    final(result)
            if b.closed:
                code = b.proc.wait()
                settled = settle(b.held, b.crashes, rerun=b.rerun)
                for result in settled.results:
                    final(result)
                for result in b.held:
                    if result.kind in settled.again or result.kind in settled.alone:
                        print(f"conformance: {result.kind} runs again after the others, "
                              f"{'alone' if result.kind in settled.alone else 'apart from the crasher'} "
                              f"(its provider crashed under it: {result.failure[:200]})", file=sys.stderr, flush=True)
                again.extend(settled.again)
                alone.extend(settled.alone)
                missing = [t for t in b.tf_types if t not in b.ended]
                if missing:
                    print(f"conformance: a job ended (exit code {code}) before the results of "
                          f"{', '.join(missing)}", file=sys.stderr, flush=True)
                    lost.extend(missing)
                del live[key]
    except EnvironmentFailure:
        for b in live.values():
            b.proc.terminate()  # each job unwinds, stopping its own rig
        raise
    finally:
        for b in live.values():
            # Interrupted: each job has had the same signal and stops its own servers; one that does
            # not within a grace period is ended.
            try:
                b.proc.wait(60)
            except subprocess.TimeoutExpired:
                b.proc.kill()
                b.proc.wait()
    return Jobs([results[t] for t in tf_types if t in results], lost, time.monotonic() - began, crashes,
                [t for t in tf_types if t in reran])


def _reader(key: int, fd: int, events: queue.Queue[tuple[int, dict[str, Any] | None]]) -> None:
    with os.fdopen(fd, "rb") as pipe:
        for line in pipe:
            events.put((key, json.loads(line)))
    events.put((key, None))
