"""Create, update and delete run here, not in the reconcile workers: a slow create never holds up
the reconciles of other objects.

A bounded pool (``--max-concurrent-operations``) runs them; a reconcile that starts one returns at
once. One operation per managed resource at a time. When it ends, ``on_done`` requeues the
resource, and the next reconcile collects the outcome with :meth:`Operations.finished`, so every
write about the result happens in a reconcile, never in the pool.

A failed operation is not retried at once: :meth:`Operations.retry_in` holds the next attempt back
(1 s, doubling to 60 s per consecutive failure) unless the spec changed since, so the failure stays
on the object instead of being replaced within seconds by the next attempt's "in progress".

An update that succeeded but left the cloud still differing from the spec (a value the cloud does
not keep, a spec written to never converge) is held back the same way, longer: 10 s after the first,
doubling to an hour, until an observe finds the object up to date or the spec changes. Without it,
such an object would apply again every few seconds for ever and take the operation pool's slots
from every other object.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from typing import Any, NamedTuple


class OperationKey(NamedTuple):
    """Which object an operation acts on. One pool serves every controller, so the key names the
    controller too: minted by the reconciler, read back by the manager when the operation ends."""

    controller: str  # the kind's Terraform type, which names its controller
    namespace: str
    name: str

    @classmethod
    def of(cls, controller: str, object_key: tuple[str, str]) -> OperationKey:
        return cls(controller, *object_key)

    @property
    def object_key(self) -> tuple[str, str]:
        """The key the controller queues the object under."""
        return (self.namespace, self.name)


@dataclasses.dataclass
class Operation:
    key: Hashable
    verb: str  # create, update, delete
    started: float
    generation: int
    ended: float | None = None
    result: Any = None
    error: BaseException | None = None
    # The object as it was when the operation started (what a change log entry snapshots).
    subject: Mapping[str, Any] | None = None

    def elapsed(self, now: float | None = None) -> float:
        return (self.ended or now or time.monotonic()) - self.started


@dataclasses.dataclass(frozen=True)
class _Failures:
    generation: int
    count: int
    retry_at: float


RETRY_BASE, RETRY_CAP = 1.0, 60.0
UNCONVERGED_BASE, UNCONVERGED_CAP = 10.0, 3600.0


class Operations:
    def __init__(self, *, max_concurrent: int, on_done: Callable[[Hashable], None],
                 on_finished: Callable[[Operation], None] | None = None) -> None:
        self._pool = concurrent.futures.ThreadPoolExecutor(max_concurrent, thread_name_prefix="operation")
        self._on_done = on_done
        self._on_finished = on_finished
        self._lock = threading.Lock()
        self._running: dict[Hashable, Operation] = {}
        self._finished: dict[Hashable, Operation] = {}
        self._failures: dict[Hashable, _Failures] = {}
        # Successful updates since the object was last seen up to date, per key.
        self._unconverged: dict[Hashable, _Failures] = {}
        self.max_concurrent = max_concurrent

    def running(self, key: Hashable) -> Operation | None:
        with self._lock:
            return self._running.get(key)

    def finished(self, key: Hashable) -> Operation | None:
        """The outcome of the last operation of ``key``, handed out once."""
        with self._lock:
            return self._finished.pop(key, None)

    def put_back(self, op: Operation) -> None:
        """Hand ``op``'s outcome out again: the reconcile that took it could not act on it (a write
        conflict on releasing a deleted object), and once lost it is lost for good (the object would be
        observed again, and an importer may fail on a missing object rather than find nothing). Unless
        a newer operation of the key started since."""
        with self._lock:
            if op.key not in self._running:
                self._finished.setdefault(op.key, op)

    def retry_in(self, key: Hashable, generation: int) -> float:
        """Seconds before another operation of ``key`` may start after its last one failed, or after
        updates that did not converge; 0 when neither, or when the spec (``generation``) changed since."""
        with self._lock:
            held = [h for h in (self._failures.get(key), self._unconverged.get(key))
                    if h is not None and h.generation == generation]
        return max((max(0.0, h.retry_at - time.monotonic()) for h in held), default=0.0)

    def unconverged(self, key: Hashable, generation: int) -> int:
        """How many updates of this spec succeeded without the object being seen up to date since."""
        with self._lock:
            held = self._unconverged.get(key)
        return held.count if held is not None and held.generation == generation else 0

    def converged(self, key: Hashable) -> None:
        """An observe found the object up to date: updates run at once again."""
        with self._lock:
            self._unconverged.pop(key, None)

    def in_flight(self) -> int:
        with self._lock:
            return len(self._running)

    def start(self, key: Hashable, verb: str, generation: int, fn: Callable[[], Any],
              subject: Mapping[str, Any] | None = None) -> Operation:
        with self._lock:
            if key in self._running:
                return self._running[key]
            op = Operation(key, verb, time.monotonic(), generation, subject=subject)
            self._running[key] = op
        self._pool.submit(self._run, op, fn)
        return op

    def _run(self, op: Operation, fn: Callable[[], Any]) -> None:
        try:
            op.result = fn()
        except BaseException as exc:  # the reconcile that collects it decides what it means
            op.error = exc
        op.ended = time.monotonic()
        with self._lock:
            self._running.pop(op.key, None)
            self._finished[op.key] = op
            if op.error is None:
                self._failures.pop(op.key, None)
                if op.verb == "update":
                    last = self._unconverged.get(op.key)
                    count = last.count + 1 if last is not None and last.generation == op.generation else 1
                    wait = min(UNCONVERGED_CAP, UNCONVERGED_BASE * 2 ** (count - 2)) if count > 1 else 0.0
                    self._unconverged[op.key] = _Failures(op.generation, count, op.ended + wait)
            else:
                last = self._failures.get(op.key)
                count = last.count + 1 if last is not None and last.generation == op.generation else 1
                wait = min(RETRY_CAP, RETRY_BASE * 2 ** (count - 1))
                self._failures[op.key] = _Failures(op.generation, count, op.ended + wait)
        if self._on_finished is not None:
            self._on_finished(op)
        self._on_done(op.key)

    def shutdown(self, wait: bool = True) -> None:
        self._pool.shutdown(wait=wait, cancel_futures=True)
