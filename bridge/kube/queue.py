"""A rate-limited, de-duplicating work queue with client-go's guarantees.

* A key is never handed to two workers at once.
* Adding a key that is queued does nothing; adding one that is being processed marks it dirty,
  and it is queued again when its worker calls :meth:`done`.
* :meth:`add_rate_limited` backs off per key, exponentially from ``base`` to ``cap``;
  :meth:`forget` resets it. :meth:`add_after` schedules a key (the earliest schedule wins).
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable, Hashable


class WorkQueue:
    def __init__(self, *, base: float = 1.0, cap: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.base, self.cap, self.clock = base, cap, clock
        self._cond = threading.Condition()
        self._queue: list[Hashable] = []
        self._dirty: set[Hashable] = set()
        self._processing: set[Hashable] = set()
        self._failures: dict[Hashable, int] = {}
        self._delayed: list[tuple[float, int, Hashable]] = []
        self._scheduled: dict[Hashable, float] = {}
        self._seq = itertools.count()
        self._shutdown = False

    def add(self, key: Hashable) -> None:
        with self._cond:
            if self._shutdown or key in self._dirty:
                return
            self._dirty.add(key)
            if key not in self._processing:
                self._queue.append(key)
                self._cond.notify()

    def add_after(self, key: Hashable, delay: float) -> None:
        if delay <= 0:
            self.add(key)
            return
        with self._cond:
            at = self.clock() + delay
            if key in self._scheduled and self._scheduled[key] <= at:
                return
            self._scheduled[key] = at
            heapq.heappush(self._delayed, (at, next(self._seq), key))
            if self._delayed[0][2] == key and self._delayed[0][0] == at:
                self._cond.notify()  # a new earliest deadline: one waiter recomputes its wait

    def backoff(self, key: Hashable) -> float:
        with self._cond:
            n = self._failures.get(key, 0)
            self._failures[key] = n + 1
        return float(min(self.cap, self.base * (2 ** n)))

    def add_rate_limited(self, key: Hashable, delay: float | None = None) -> float:
        wait = self.backoff(key) if delay is None else delay
        self.add_after(key, wait)
        return wait

    def forget(self, key: Hashable) -> None:
        with self._cond:
            self._failures.pop(key, None)

    def _promote(self) -> float | None:
        """Move due delayed keys into the queue; return seconds until the next one, if any."""
        now = self.clock()
        while self._delayed and self._delayed[0][0] <= now:
            at, _, key = heapq.heappop(self._delayed)
            if self._scheduled.get(key) == at:
                del self._scheduled[key]
                if key not in self._dirty:
                    self._dirty.add(key)
                    if key not in self._processing:
                        self._queue.append(key)
        return self._delayed[0][0] - now if self._delayed else None

    def get(self, timeout: float | None = None) -> Hashable | None:
        """The next key, or None on shutdown or timeout."""
        deadline = None if timeout is None else self.clock() + timeout
        with self._cond:
            while True:
                wait = self._promote()
                if self._queue:
                    key = self._queue.pop(0)
                    self._processing.add(key)
                    self._dirty.discard(key)
                    if self._queue or self._delayed:
                        # Hand the watch on: another waiter takes the next key or the next deadline.
                        self._cond.notify()
                    return key
                if self._shutdown:
                    return None
                if deadline is not None:
                    left = deadline - self.clock()
                    if left <= 0:
                        return None
                    wait = left if wait is None else min(wait, left)
                self._cond.wait(timeout=wait if wait is None else max(wait, 0.001))

    def done(self, key: Hashable) -> None:
        with self._cond:
            self._processing.discard(key)
            if key in self._dirty:
                self._queue.append(key)
                self._cond.notify()

    def __len__(self) -> int:
        with self._cond:
            return len(self._queue)

    @property
    def busy(self) -> int:
        with self._cond:
            return len(self._processing)

    def shutdown(self) -> None:
        with self._cond:
            self._shutdown = True
            self._cond.notify_all()
