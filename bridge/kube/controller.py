"""A controller: an informer feeding a work queue; and the pool of workers every controller shares.

Threads are what a provider with thousands of kinds runs out of first (each costs a stack and two
memory mappings, and a process gets about 65,000 mappings), so a controller owns none for its
reconciles: one fixed :class:`Workers` pool drains every controller's queue, taking turns across
kinds (see :mod:`bridge.kube.queue`), and a controller's ``workers`` bounds how many of its keys run
at once, as controller-runtime's MaxConcurrentReconciles does. What a kind still costs is its
informer's watch: the API has no watch across kinds.

All requeue policy lives in :meth:`Controller._handle`, as in controller-runtime's
``reconcileHandler``: an error backs off per key (1 s → 60 s), a Result's ``requeue_after`` is
honoured, and success schedules the next poll with jitter, on a grid of :data:`POLL_ALIGN` seconds.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import random
import threading
import time
from collections.abc import Callable, Hashable
from typing import Protocol

from bridge.api.errors import Retryable, Terminal
from bridge.kube.client import Obj
from bridge.kube.informer import Informer, Key, key_of, resource_version
from bridge.kube.queue import Scheduler, WorkQueue

log = logging.getLogger(__name__)

# Polls (requeues a minute or more away) come due on a grid of this many seconds: a provider polling
# thousands of objects then polls them in short bursts instead of one at a time. A poll in a burst
# costs about half the CPU of one alone (measured on the direct executor: its caches stay warm, and
# one wake-up serves many), and a poll due a second or two later than its jittered time changes nothing.
POLL_ALIGN = 2.0
ALIGN_FROM = 60.0


@dataclasses.dataclass(frozen=True)
class Result:
    requeue_after: float | None = None  # None: the next poll
    done: bool = False  # nothing left to do for this key (it was deleted): no poll
    # The object as the reconcile left it, when the reconcile acted on everything it holds (its own
    # writes included): a change event that says no more than this object was already handled.
    handled: Obj | None = None


class Reconciler(Protocol):
    def reconcile(self, key: Key) -> Result: ...


class Observer(Protocol):
    """What a controller reports (metrics live behind this)."""

    def reconciled(self, controller: str, seconds: float, error: str | None) -> None: ...

    def queue(self, controller: str, depth: int, busy: int) -> None: ...


class _NoObserver:
    def reconciled(self, controller: str, seconds: float, error: str | None) -> None:
        pass

    def queue(self, controller: str, depth: int, busy: int) -> None:
        pass


def request_fingerprint(obj: Obj) -> str:
    """What of an object asks for a reconcile: its generation (the spec) and the metadata a reconcile acts on;
    not its status nor its resourceVersion.

    Finalizers count only once the object is being deleted, when the last one going lets its delete go on.
    Before that they are other objects' bookkeeping (a referencing object's in-use finalizer): a reconcile
    for each would observe the cloud at the moment the referencing object acts on it, as crossplane-runtime's
    desired-state predicate (generation, annotations, labels) never does."""
    meta = obj.get("metadata") or {}
    deleting = meta.get("deletionTimestamp")
    return json.dumps([meta.get("generation"), meta.get("annotations"), meta.get("labels"),
                       meta.get("finalizers") if deleting else None, deleting, meta.get("ownerReferences")],
                      sort_keys=True)


class Workers:
    """A fixed number of threads reconciling for every controller that :meth:`serve` registered."""

    def __init__(self, size: int, scheduler: Scheduler | None = None, *, name: str = "reconcile") -> None:
        self.size, self.name = size, name
        self.scheduler = scheduler if scheduler is not None else Scheduler()
        self._handlers: dict[WorkQueue, Callable[[Hashable], None]] = {}
        self._threads: list[threading.Thread] = []

    def serve(self, queue: WorkQueue, handler: Callable[[Hashable], None]) -> None:
        """Hand ``queue``'s keys to ``handler``, which must call ``queue.done(key)``."""
        if queue.scheduler is not self.scheduler:
            raise ValueError("the queue belongs to another scheduler")
        self._handlers[queue] = handler

    def start(self) -> None:
        for i in range(self.size):
            t = threading.Thread(target=self._work, daemon=True, name=f"{self.name}-{i}")
            t.start()
            self._threads.append(t)

    def stop(self, timeout: float = 30.0) -> None:
        """Let each worker finish its key, then end; wait up to ``timeout`` for them."""
        self.scheduler.close()
        deadline = time.monotonic() + timeout
        for t in self._threads:
            t.join(max(0.0, deadline - time.monotonic()))

    def _work(self) -> None:
        # Blocks until a key is due, a deadline falls, or the pool stops: idle workers cost nothing.
        while (item := self.scheduler.get()) is not None:
            queue, key = item
            handler = self._handlers.get(queue)
            if handler is None:
                queue.done(key)
                continue
            try:
                handler(key)
            except Exception:  # the handler maps every error it expects; this keeps the worker alive
                log.exception("%s worker: unexpected error for %s", self.name, key)


class Controller:
    def __init__(self, name: str, informer: Informer, reconciler: Reconciler, *, workers: int = 10,
                 poll: float = 600.0, jitter: float = 0.1, observer: Observer | None = None,
                 queue: WorkQueue | None = None, pool: Workers | None = None) -> None:
        """``workers``: how many of this controller's keys are reconciled at once. ``pool``: the workers
        shared with other controllers; without one, the controller starts and stops its own."""
        self.name = name
        self._own_pool = pool is None
        if pool is None:
            pool = Workers(workers, queue.scheduler if queue is not None else None, name=f"{name}-worker")
        self.pool = pool
        # An empty queue is falsy: compare with None.
        self.queue = queue if queue is not None else WorkQueue(max_concurrent=workers, scheduler=pool.scheduler)
        self.informer = informer
        informer.subscribe(self._on_change)
        self.reconciler = reconciler
        self.workers = workers
        self.poll = poll
        self.jitter = jitter
        self.observer = observer or _NoObserver()
        # Per key, the fingerprint and resourceVersion of the last change event seen.
        self._seen: dict[Key, tuple[str, str]] = {}
        # Held while an event is noted and its key queued, and while a reconcile that handled the
        # object drops the mark an event left: no event falls between the two.
        self._seen_lock = threading.Lock()
        # Keys someone asked to reconcile again (an operation ended) since their reconcile began: a mark
        # of theirs is never dropped as handled.
        self._asked: set[Key] = set()

    def _on_change(self, event: str, obj: Obj) -> None:
        # Like controller-runtime's generation/annotation predicates: a write that changed only the
        # status (often our own) is no reason to reconcile again.
        key = key_of(obj)
        with self._seen_lock:
            if event == "DELETED":
                self._seen.pop(key, None)
            else:
                fingerprint = request_fingerprint(obj)
                last = self._seen.get(key)
                self._seen[key] = (fingerprint, resource_version(obj))
                if event == "MODIFIED" and last is not None and last[0] == fingerprint:
                    return
            self.queue.add(key)

    def _handled(self, key: Key, obj: Obj) -> None:
        """The reconcile of ``key`` acted on ``obj`` as it left it (its own writes included). A change
        event for no more than that (the reconcile's own writes: the annotations recording a create,
        the finalizer) needs no second reconcile, whether it arrived while the reconcile ran (its mark
        is dropped) or is still to come (it will be filtered). Any other change keeps its mark. A write
        based on an older object than the reconcile acted on fails on its resourceVersion, so an
        event seen last with the handled object's fingerprint is nothing newer."""
        with self._seen_lock:
            if key in self._asked:
                return
            last, version = self._seen.get(key), resource_version(obj)
            if last is not None and version and last[1] == version:
                self.queue.undirty(key)  # the last event is the object handled (every settled poll)
                return
            fingerprint = request_fingerprint(obj)
            if last is not None and last[0] == fingerprint:
                self.queue.undirty(key)
            elif not self.queue.is_dirty(key):
                # The event of our own write is still to come: it asks nothing new.
                self._seen[key] = (fingerprint, version)

    def synced(self) -> bool:
        """Whether the first list of the controller's objects has arrived."""
        return self.informer.synced.is_set()

    def enqueue(self, key: Hashable) -> None:
        with self._seen_lock:
            if isinstance(key, tuple):
                self._asked.add(key)
            self.queue.add(key)

    def start(self) -> None:
        self.queue.restart()
        self.pool.serve(self.queue, self._process)
        self.informer.start()
        if self._own_pool:
            self.pool.start()

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop taking work; wait up to ``timeout`` for running reconciles. False: some still run."""
        self.informer.stop()
        self.queue.shutdown()
        idle = self.queue.wait_idle(timeout)
        if self._own_pool:
            self.pool.stop(timeout=0.1)
        return idle

    def _next_poll(self) -> float:
        return self.poll * (1 + random.uniform(-self.jitter, self.jitter))

    def _process(self, key: Hashable) -> None:
        """One key, on one of the pool's workers."""
        if self._asked:
            with self._seen_lock:
                self._asked.discard(key)
        started = time.monotonic()
        error: str | None = None
        try:
            self._handle(key)
        except Exception as exc:  # _handle already maps errors; this guards the worker itself
            error = type(exc).__name__
            log.exception("controller %s: unexpected error for %s", self.name, key)
            self.queue.add_rate_limited(key)
        finally:
            self.queue.done(key)
            self.observer.reconciled(self.name, time.monotonic() - started, error)
            self.observer.queue(self.name, len(self.queue), self.queue.busy)

    def _handle(self, key: Hashable) -> None:
        assert isinstance(key, tuple)
        try:
            result = self.reconciler.reconcile(key)
        except Terminal as exc:
            log.info("controller %s: %s: %s (not retried until it changes)", self.name, key, exc)
            self.queue.forget(key)
            return
        except Retryable as exc:
            wait = self.queue.add_rate_limited(key, exc.delay)
            log.info("controller %s: %s: %s; retry in %.1fs", self.name, key, exc, wait)
            return
        except Exception as exc:
            wait = self.queue.add_rate_limited(key)
            log.warning("controller %s: %s: %s; retry in %.1fs", self.name, key, exc, wait)
            return
        self.queue.forget(key)
        if result.handled is not None:
            self._handled(key, result.handled)
        if not result.done:
            delay = result.requeue_after if result.requeue_after is not None else self._next_poll()
            self.queue.add_after(key, delay, align=POLL_ALIGN if delay >= ALIGN_FROM else 0.0)
