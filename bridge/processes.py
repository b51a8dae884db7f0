"""Long-lived provider processes, one per provider configuration, bounded for the whole pod.

Both executors keep provider processes: the CLI executor's ``-debug`` processes that terraform
runs reattach to, and the direct executor's plugin processes. Configure is process-wide, so a
process serves one configuration (region and credentials included), and each costs hundreds of
MB. One :class:`ProcessPool`, shared by both executors:

* hands out leases by configuration key, starting a process on first use and replacing one that
  died; a process started with ``max_uses`` is recycled after that many leases, and one retired
  (dead, used up, found unusable) is stopped when its last lease ends;
* counts every process it started and has not stopped yet against ``max_live``: at the cap a new
  key takes the place of the process idle longest (least recently used); when every process is
  leased it waits ``wait`` seconds at most, then raises :class:`ProvidersBusy` for that one
  operation, so a flood of configurations can neither grow the pod nor stall other objects;
* bounds each tenant (the namespace of the objects, or the ProviderConfig of cluster-scoped ones)
  to a share (``per_tenant``) once the pool is full: a tenant holding its share makes room among its
  own processes, and one below it first among the processes of tenants over theirs, so however many
  configurations (regions) one tenant names, it takes at most its share from the others; a process
  of one configuration is shared whoever started it;
* counts the processes started, and those stopped to make room for another configuration, by
  tenant (:meth:`churn`), so that churn shows in the metrics;
* stops a process idle for ``idle_timeout`` seconds;
* on shutdown asks every process to cancel what it is doing, lets the leases end, then stops them.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import threading
import time
from collections.abc import Callable, Iterator
from typing import Generic, Protocol, TypeVar

from bridge.api.errors import ProvidersBusy
from bridge.settings import ProviderProcesses


class Process(Protocol):
    @property
    def pid(self) -> int: ...

    def alive(self) -> bool: ...

    def interrupt(self) -> None:
        """Ask the process to cancel the calls it is serving (at shutdown); it keeps running."""
        ...

    def stop(self) -> None:
        """Stop the process gracefully (SIGTERM, then SIGKILL) and release what it holds."""
        ...


P = TypeVar("P", bound=Process)


@dataclasses.dataclass(eq=False)
class _Slot(Generic[P]):
    key: str
    tenant: str = ""  # whose lease started it
    process: P | None = None  # None while the lease that reserved the slot starts it
    active: int = 0
    uses: int = 0
    max_uses: int | None = None
    idle_since: float = 0.0
    retired: bool = False


class ProcessPool(Generic[P]):
    def __init__(self, limits: ProviderProcesses, *, clock: Callable[[], float] = time.monotonic,
                 reaper: bool = True) -> None:
        """``clock`` measures how long a process has been idle; ``reaper`` runs a thread that stops
        idle processes (without it, :meth:`reap` does when called)."""
        self.limits = limits
        self._clock = clock
        self._slots: dict[str, _Slot[P]] = {}
        self._retired: list[_Slot[P]] = []  # retired while leased: stopped when the last lease ends
        self._stopping = 0  # taken out of the pool, being stopped: still processes of ours
        self._stopping_by: collections.Counter[str] = collections.Counter()  # ...by the tenant that held them
        self._cond = threading.Condition()
        self._closed = False
        self._reaper_wanted = reaper
        self._reaper: threading.Thread | None = None
        self._reaper_stop = threading.Event()
        self.started = 0
        self._started_by: collections.Counter[str] = collections.Counter()  # tenant → processes started
        self._evicted: collections.Counter[str] = collections.Counter()  # tenant → stopped to make room

    # -- leases ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def lease(self, key: str, start: Callable[[], P], *, max_uses: int | None = None, tenant: str = "") -> Iterator[P]:
        """A live process for ``key``, started with ``start()`` when there is none (and then replaced
        after ``max_uses`` leases, if given) and counted against ``tenant``'s share; raises ProvidersBusy
        when the pool (or the tenant's share) is at its cap and every process stays leased for ``wait``."""
        slot, fresh = self._acquire(key, max_uses, tenant)
        if fresh:
            try:
                process = start()
            except BaseException:
                with self._cond:
                    if self._slots.get(key) is slot:
                        del self._slots[key]
                    self._cond.notify_all()
                raise
            with self._cond:
                slot.process = process
                self.started += 1
                self._started_by[tenant] += 1
                if slot.retired:  # the pool shut down while it started: stopped when this lease ends
                    self._retired.append(slot)
                self._cond.notify_all()
        assert slot.process is not None
        try:
            yield slot.process
        finally:
            self._release(slot)

    def _acquire(self, key: str, max_uses: int | None, tenant: str) -> tuple[_Slot[P], bool]:
        # Real time, whatever clock measures idleness: this is how long a caller is kept waiting.
        deadline = time.monotonic() + self.limits.wait
        self._ensure_reaper()
        while True:
            victim: _Slot[P] | None = None
            with self._cond:
                if self._closed:
                    raise ProvidersBusy("the provider is shutting down; no new provider process", delay=5.0)
                slot = self._slots.get(key)
                if slot is not None and slot.process is not None and (
                        not slot.process.alive() or (slot.max_uses is not None and slot.uses >= slot.max_uses)):
                    victim = self._retire(slot)
                    slot = None
                if slot is not None and slot.process is None:
                    self._cond.wait(1.0)  # another lease is starting this key's process
                    continue
                if slot is not None:
                    slot.active += 1
                    slot.uses += 1
                    return slot, False
                if victim is None:
                    if self._count() < self.limits.max_live:
                        slot = _Slot(key, tenant, active=1, uses=1, max_uses=max_uses)
                        self._slots[key] = slot
                        return slot, True
                    # At the cap, a tenant at its share makes room among its own processes, never
                    # another's; one below it, first among those of tenants over theirs.
                    at_share = self._held_by(tenant) >= self.limits.share
                    victim = self._least_recently_used(lambda t: t == tenant) if at_share else (
                        self._least_recently_used(lambda t: self._held_by(t) > self.limits.share)
                        or self._least_recently_used())
                    if victim is not None:
                        del self._slots[victim.key]
                        victim.retired = True
                        self._stopping_one(victim)
                        self._evicted[victim.tenant] += 1
                    else:
                        remaining = deadline - time.monotonic()
                        if remaining <= 0:
                            mine = self._held_by(tenant)
                            whose = (f"the {mine} provider processes {tenant or 'this tenant'} may keep"
                                     if at_share and mine < self._count() else
                                     f"all {self.limits.max_live} provider processes this provider may run")
                            raise ProvidersBusy(f"{whose} are busy with other provider configurations; retrying",
                                                delay=10.0)
                        self._cond.wait(remaining)
                        continue
            self._stop(victim)

    def _release(self, slot: _Slot[P]) -> None:
        victim = None
        with self._cond:
            slot.active -= 1
            slot.idle_since = self._clock()
            if slot.retired and slot.active == 0 and slot in self._retired:
                self._retired.remove(slot)
                self._stopping_one(slot)
                victim = slot
            self._cond.notify_all()
        if victim is not None:
            self._stop(victim)

    def retire(self, process: P) -> None:
        """``process`` was found unusable: the next lease of its key starts a fresh one, and it is
        stopped as soon as nobody holds it."""
        victim = None
        with self._cond:
            slot = next((s for s in self._slots.values() if s.process is process), None)
            if slot is not None:
                victim = self._retire(slot)
        if victim is not None:
            self._stop(victim)

    def _retire(self, slot: _Slot[P]) -> _Slot[P] | None:
        """Take ``slot`` out of the pool (the lock held); the slot to stop now, if nobody holds it."""
        if self._slots.get(slot.key) is slot:
            del self._slots[slot.key]
        slot.retired = True
        if slot.active:
            self._retired.append(slot)
            return None
        self._stopping_one(slot)
        return slot

    def _least_recently_used(self, of: Callable[[str], bool] = lambda tenant: True) -> _Slot[P] | None:
        """The idle process unused longest (among those of the tenants ``of`` accepts)."""
        idle = [s for s in self._slots.values() if s.process is not None and s.active == 0 and of(s.tenant)]
        return min(idle, key=lambda s: s.idle_since) if idle else None

    def _held_by(self, tenant: str) -> int:
        """Processes ``tenant``'s leases started that are alive, starting or being stopped (the lock held):
        a process stopped to make room for the tenant's next one still counts until it is gone."""
        return (sum(1 for s in (*self._slots.values(), *self._retired) if s.tenant == tenant)
                + self._stopping_by[tenant])

    def _stopping_one(self, slot: _Slot[P]) -> None:
        """``slot`` is taken out to be stopped (the lock held)."""
        self._stopping += 1
        self._stopping_by[slot.tenant] += 1

    def _count(self) -> int:
        return len(self._slots) + len(self._retired) + self._stopping

    def _stop(self, slot: _Slot[P]) -> None:
        try:
            if slot.process is not None:
                slot.process.stop()
        finally:
            with self._cond:
                self._stopping -= 1
                self._stopping_by[slot.tenant] -= 1
                if self._stopping_by[slot.tenant] <= 0:
                    del self._stopping_by[slot.tenant]
                self._cond.notify_all()

    # -- idle processes ---------------------------------------------------------------------

    def reap(self) -> int:
        """Stop every process idle for ``idle_timeout``; how many were stopped."""
        now = self._clock()
        with self._cond:
            victims = [s for s in self._slots.values() if s.process is not None and s.active == 0
                       and now - s.idle_since >= self.limits.idle_timeout]
            for s in victims:
                self._retire(s)
        for s in victims:
            self._stop(s)
        return len(victims)

    def _ensure_reaper(self) -> None:
        if not self._reaper_wanted or self._reaper is not None:
            return
        with self._cond:
            if self._reaper is not None:
                return
            self._reaper = threading.Thread(target=self._reap_forever, daemon=True, name="provider-reaper")
        self._reaper.start()

    def _reap_forever(self) -> None:
        interval = max(1.0, self.limits.idle_timeout / 4)
        while not self._reaper_stop.wait(interval):
            self.reap()

    # -- what is running ----------------------------------------------------------------------

    def processes(self) -> list[P]:
        """Every process started and not stopped yet, leased or not."""
        with self._cond:
            slots = [*self._slots.values(), *self._retired]
        return [s.process for s in slots if s.process is not None]

    def pids(self) -> list[int]:
        return [p.pid for p in self.processes()]

    def churn(self) -> tuple[dict[str, int], dict[str, int]]:
        """(processes started, processes stopped to make room for another configuration), by tenant."""
        with self._cond:
            return dict(self._started_by), dict(self._evicted)

    def count(self) -> int:
        """Processes started or being started, and not stopped yet: what ``max_live`` bounds."""
        with self._cond:
            return self._count()

    def shutdown(self, drain: float = 10.0) -> None:
        """Ask every process to cancel its calls in flight (they end with an unknown outcome, never a
        lost answer), wait up to ``drain`` seconds for the leases to end, then stop them all."""
        self._reaper_stop.set()
        with self._cond:
            self._closed = True
            slots = [*self._slots.values(), *self._retired]
            self._slots.clear()
            self._retired.clear()
            for s in slots:
                s.retired = True
        for s in slots:
            if s.process is not None:
                with contextlib.suppress(Exception):  # a dying process may not take the request
                    s.process.interrupt()
        with self._cond:
            self._cond.wait_for(lambda: all(s.active == 0 for s in slots), timeout=drain)
            for s in slots:
                self._stopping_one(s)
        for s in slots:
            self._stop(s)
