"""Rate-limited, de-duplicating work queues with client-go's guarantees, and the scheduler through
which one bounded pool of workers drains every controller's queue.

Per queue (one per controller):

* A key is never handed out twice at once.
* Adding a key that is queued does nothing; adding one that is being processed marks it dirty,
  and it is queued again when its worker calls :meth:`WorkQueue.done`.
* :meth:`~WorkQueue.add_rate_limited` backs off per key, exponentially from ``base`` to ``cap``;
  :meth:`~WorkQueue.forget` resets it. :meth:`~WorkQueue.add_after` schedules a key (the earliest
  schedule wins).
* At most ``max_concurrent`` of its keys are processed at once (controller-runtime's
  MaxConcurrentReconciles), however many workers are idle.

Across the queues of one :class:`Scheduler`:

* Queues with a key ready take turns, one key per turn, round robin: a kind with a thousand keys due
  waits as long for its next turn as a kind with one, so no busy kind starves the others.
* One heap of deadlines holds every queue's delayed keys, so idle queues need no timer, no thread and
  no wake-up of their own, however many there are.
"""

from __future__ import annotations

import collections
import heapq
import itertools
import math
import threading
import time
from collections.abc import Callable, Hashable


class Scheduler:
    """The state queues share: one lock, the queues whose turn is coming, the deadlines of delayed keys.

    A queue is drained either through :meth:`get` (the pool's workers, any queue) or through its own
    :meth:`WorkQueue.get` (a queue alone on its scheduler), not both.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.lock = threading.Lock()
        self._cond = threading.Condition(self.lock)
        # Insertion-ordered: the queue at the front has the next turn.
        self._turns: dict[WorkQueue, None] = {}
        self._delayed: list[tuple[float, int, WorkQueue, Hashable]] = []
        self._seq = itertools.count()
        self._closed = False
        # The deadline one waiter sleeps until, if any: the others sleep until notified. With every waiter
        # sleeping until the next deadline, all of them would wake at each one (polls share a grid), and
        # again for every key handed out, only to find nothing and sleep again.
        self._timer_at: float | None = None

    # The methods below with a leading underscore are called with the lock held.

    def _offer(self, queue: WorkQueue) -> None:
        """Give ``queue`` a turn (at the back) if it has a key ready and room to run it."""
        if queue not in self._turns and queue._eligible():
            self._turns[queue] = None
            self._cond.notify()

    def _withdraw(self, queue: WorkQueue) -> None:
        self._turns.pop(queue, None)

    def _schedule(self, at: float, queue: WorkQueue, key: Hashable) -> None:
        entry = (at, next(self._seq), queue, key)
        heapq.heappush(self._delayed, entry)
        if self._delayed[0] is entry:
            self._cond.notify()  # a new earliest deadline: one waiter recomputes its wait

    def _promote(self) -> float | None:
        """Queue the delayed keys that are due; return seconds until the next deadline, if any."""
        now = self.clock()
        while self._delayed and self._delayed[0][0] <= now:
            at, _, queue, key = heapq.heappop(self._delayed)
            queue._due(key, at)
        return self._delayed[0][0] - now if self._delayed else None

    def _hand_on(self) -> None:
        # Another waiter takes the next turn, or watches the next deadline if nobody does.
        if self._turns or (self._delayed and self._timer_at is None):
            self._cond.notify()

    def _wait(self, until_due: float | None, deadline: float | None) -> bool:
        """Sleep until notified, ``deadline``, or (if no other waiter watches it) the next deadline of a
        delayed key; False once ``deadline`` has passed."""
        now = self.clock()
        wait = None
        mine = None
        if until_due is not None:
            at = now + until_due
            if self._timer_at is None or at < self._timer_at:
                self._timer_at = mine = at
                wait = until_due
        if deadline is not None:
            left = deadline - now
            if left <= 0:
                return False
            wait = left if wait is None else min(wait, left)
        self._cond.wait(timeout=None if wait is None else max(wait, 0.001))
        if mine is not None and self._timer_at == mine:
            self._timer_at = None  # awake: the next deadline is watched anew
        return True

    def get(self, timeout: float | None = None) -> tuple[WorkQueue, Hashable] | None:
        """The next key of the queue whose turn it is, or None once closed or after ``timeout``."""
        deadline = None if timeout is None else self.clock() + timeout
        with self._cond:
            while True:
                until_due = self._promote()
                if self._turns:
                    queue = next(iter(self._turns))
                    del self._turns[queue]
                    key = queue._take()
                    self._offer(queue)  # back of the line, if it has more
                    self._hand_on()
                    return queue, key
                if self._closed or not self._wait(until_due, deadline):
                    return None

    def close(self) -> None:
        """Wake every waiter: :meth:`get` returns None from now on."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()


class WorkQueue:
    def __init__(self, *, base: float = 1.0, cap: float = 60.0, max_concurrent: int | None = None,
                 scheduler: Scheduler | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.base, self.cap, self.max_concurrent = base, cap, max_concurrent
        self.scheduler = scheduler if scheduler is not None else Scheduler(clock)
        self.clock = self.scheduler.clock
        self._lock = self.scheduler.lock
        self._idle = threading.Condition(self._lock)
        self._ready: collections.deque[Hashable] = collections.deque()
        self._dirty: set[Hashable] = set()
        self._processing: set[Hashable] = set()
        self._failures: dict[Hashable, int] = {}
        self._scheduled: dict[Hashable, float] = {}
        self._shutdown = False

    # Called with the scheduler's lock held.

    def _eligible(self) -> bool:
        return bool(self._ready) and not self._shutdown and (
            self.max_concurrent is None or len(self._processing) < self.max_concurrent)

    def _take(self) -> Hashable:
        key = self._ready.popleft()
        self._processing.add(key)
        self._dirty.discard(key)
        return key

    def _add(self, key: Hashable) -> None:
        if self._shutdown or key in self._dirty:
            return
        self._dirty.add(key)
        if key not in self._processing:
            self._ready.append(key)
            self.scheduler._offer(self)

    def _due(self, key: Hashable, at: float) -> None:
        if self._scheduled.get(key) == at:  # else superseded by an earlier schedule, or dropped
            del self._scheduled[key]
            self._add(key)

    # The queue's own interface.

    def add(self, key: Hashable) -> None:
        with self._lock:
            self._add(key)

    def add_after(self, key: Hashable, delay: float, *, align: float = 0.0) -> None:
        """Queue ``key`` after ``delay`` seconds. ``align`` > 0 rounds the deadline up to a multiple of
        ``align`` seconds of the queue's clock, so that keys scheduled about the same time come due
        together."""
        if delay <= 0:
            self.add(key)
            return
        with self._lock:
            if self._shutdown:
                return
            at = self.clock() + delay
            if align > 0:
                at = math.ceil(at / align) * align
            if key in self._scheduled and self._scheduled[key] <= at:
                return
            self._scheduled[key] = at
            self.scheduler._schedule(at, self, key)

    def backoff(self, key: Hashable) -> float:
        with self._lock:
            n = self._failures.get(key, 0)
            self._failures[key] = n + 1
        return float(min(self.cap, self.base * (2 ** n)))

    def add_rate_limited(self, key: Hashable, delay: float | None = None) -> float:
        wait = self.backoff(key) if delay is None else delay
        self.add_after(key, wait)
        return wait

    def forget(self, key: Hashable) -> None:
        with self._lock:
            self._failures.pop(key, None)

    def get(self, timeout: float | None = None) -> Hashable | None:
        """The next key of this queue, or None on shutdown or after ``timeout``."""
        scheduler = self.scheduler
        deadline = None if timeout is None else self.clock() + timeout
        with self._lock:
            while True:
                until_due = scheduler._promote()
                if self._eligible():
                    scheduler._withdraw(self)
                    key = self._take()
                    scheduler._offer(self)
                    scheduler._hand_on()
                    return key
                if self._shutdown or scheduler._closed or not scheduler._wait(until_due, deadline):
                    return None

    def done(self, key: Hashable) -> None:
        with self._lock:
            self._processing.discard(key)
            if key in self._dirty and not self._shutdown:
                self._ready.append(key)
            self.scheduler._offer(self)  # a key ready again, or room for one that waited
            if not self._processing:
                self._idle.notify_all()

    def is_dirty(self, key: Hashable) -> bool:
        """Whether ``key`` was added (again) and waits to be handed out."""
        with self._lock:
            return key in self._dirty

    def undirty(self, key: Hashable) -> None:
        """Take back the adds of ``key`` made while it was being processed: its worker has seen to
        them, and :meth:`done` does not queue it again. Nothing for a key not being processed."""
        with self._lock:
            if key in self._processing:
                self._dirty.discard(key)

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` until none of this queue's keys is being processed."""
        deadline = self.clock() + timeout
        with self._lock:
            while self._processing:
                left = deadline - self.clock()
                if left <= 0:
                    return False
                self._idle.wait(left)
            return True

    def __len__(self) -> int:
        with self._lock:
            return len(self._ready)

    @property
    def busy(self) -> int:
        with self._lock:
            return len(self._processing)

    def shutdown(self) -> None:
        """Hand out no more keys and take no more: what is queued or scheduled is dropped. Keys being
        processed stay marked until their workers call :meth:`done`, so :meth:`restart` never lets a
        key that is still running be handed out again."""
        with self._lock:
            self._shutdown = True
            self._ready.clear()
            self._dirty.clear()
            self._scheduled.clear()  # their heap entries are skipped when due
            self.scheduler._withdraw(self)
            self.scheduler._cond.notify_all()

    def restart(self) -> None:
        """Take keys again after :meth:`shutdown` (the kind's controller starts again)."""
        with self._lock:
            self._shutdown = False
