"""The pod's provider processes: one per configuration, replaced when dead, bounded in number, reaped when idle.

The pool is tested with in-memory processes and a clock of its own; then, with real plugin
processes (the test provider plugin, testprovider) behind the direct executor, fifteen distinct provider
configurations never run more processes than the cap, and one too many waits or fails alone.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bridge.api.errors import ProvidersBusy
from bridge.api.external import ProviderSetup
from bridge.processes import ProcessPool
from bridge.settings import ExecutorSettings, ProviderProcesses
from bridge.tfplugin.backend import DirectBackend
from bridge.workspace.document import ProviderBlock
from testprovider.store import Store
from tests.support import tfbtest
from tests.support.tfbtest import TFBTEST
from tests.support.waiting import wait_for

_pids = itertools.count(1000)


class FakeProcess:
    def __init__(self, key: str) -> None:
        self.key = key
        self.pid = next(_pids)
        self.dead = False
        self.stopped = False
        self.interrupted = False

    def alive(self) -> bool:
        return not self.dead and not self.stopped

    def interrupt(self) -> None:
        self.interrupted = True

    def stop(self) -> None:
        self.stopped = True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Pool:
    """A pool of FakeProcesses that remembers every process it started."""

    def __init__(self, max_uses: int | None = None, **limits: float) -> None:
        self.max_uses = max_uses
        self.clock = Clock()
        self.pool: ProcessPool[FakeProcess] = ProcessPool(ProviderProcesses(**limits), clock=self.clock,  # type: ignore[arg-type]
                                                          reaper=False)
        self.made: list[FakeProcess] = []

    def start(self, key: str) -> FakeProcess:
        process = FakeProcess(key)
        self.made.append(process)
        return process

    @contextlib.contextmanager
    def lease(self, key: str) -> Iterator[FakeProcess]:
        with self.pool.lease(key, lambda: self.start(key), max_uses=self.max_uses) as process:
            yield process

    def use(self, key: str, at: float | None = None, tenant: str = "") -> FakeProcess:
        if at is not None:
            self.clock.now = at
        with self.pool.lease(key, lambda: self.start(key), max_uses=self.max_uses, tenant=tenant) as process:
            return process

    def live(self) -> list[str]:
        return sorted(p.key for p in self.made if not p.stopped)


def test_a_configuration_keeps_its_process() -> None:
    p = Pool()
    first, again = p.use("a"), p.use("a")
    assert first is again and len(p.made) == 1 and p.pool.started == 1


def test_at_the_cap_the_process_idle_longest_makes_room() -> None:
    p = Pool(max_live=2)
    p.use("a", at=1)
    p.use("b", at=2)
    p.use("a", at=3)  # b is now the one idle longest
    p.use("c", at=4)
    assert p.live() == ["a", "c"] and p.pool.count() == 2


def test_one_tenant_naming_many_regions_churns_only_its_own_share() -> None:
    p = Pool(max_live=4)
    for at, tenant in enumerate(("team-a", "team-b", "team-c", "hostile"), 1):
        p.use(f"{tenant}/us-east-1", at=at, tenant=tenant)
    for at, region in enumerate(("eu-west-1", "eu-west-2", "eu-west-3", "ap-south-1", "sa-east-1"), 10):
        p.use(f"hostile/{region}", at=at, tenant="hostile")
    assert p.pool.count() == 4
    kept = [k for k in p.live() if not k.startswith("hostile/")]
    assert kept == ["team-b/us-east-1", "team-c/us-east-1"], "the idle-longest other tenant made room once"
    assert p.pool.started == 9 and len([k for k in p.live() if k.startswith("hostile/")]) == 2
    started, evicted = p.pool.churn()
    assert started == {"team-a": 1, "team-b": 1, "team-c": 1, "hostile": 6}
    assert evicted == {"team-a": 1, "hostile": 4}, "the churn, by whose process was stopped"
    p.use("team-a/us-east-1", at=20, tenant="team-a")
    assert len([k for k in p.live() if k.startswith("hostile/")]) == 2, "the hostile tenant keeps no more"


def test_a_process_being_stopped_still_counts_against_its_tenants_share() -> None:
    p = Pool(max_live=3, wait=0.3, per_tenant=1)
    for at, tenant in enumerate(("team-a", "team-b", "hostile"), 1):
        p.use(f"{tenant}/us-east-1", at=at, tenant=tenant)
    stopping, release = threading.Event(), threading.Event()
    hostile = next(x for x in p.made if x.key == "hostile/us-east-1")

    def slow_stop() -> None:
        stopping.set()
        release.wait(10)
        hostile.stopped = True

    hostile.stop = slow_stop  # type: ignore[method-assign]
    first = threading.Thread(target=lambda: p.use("hostile/eu-west-1", at=10, tenant="hostile"))
    first.start()
    assert stopping.wait(10), "the hostile tenant's own process is being stopped to make room"
    with pytest.raises(ProvidersBusy):
        p.use("hostile/eu-west-2", at=11, tenant="hostile")
    release.set()
    first.join(10)
    assert {"team-a/us-east-1", "team-b/us-east-1"} <= set(p.live()), "never another tenant's meanwhile"
    assert p.pool.churn()[1] == {"hostile": 1}


def test_a_tenant_alone_uses_the_whole_pool() -> None:
    p = Pool(max_live=4)
    for at, region in enumerate(("a", "b", "c", "d"), 1):
        p.use(region, at=at, tenant="cluster")
    assert p.live() == ["a", "b", "c", "d"], "a share bounds a tenant only against others"
    p.use("team-a/x", at=5, tenant="team-a")
    p.use("team-b/x", at=6, tenant="team-b")
    assert p.live() == ["c", "d", "team-a/x", "team-b/x"], "room is made first among a tenant over its share"


def test_a_tenant_whose_share_is_busy_waits_for_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    p = Pool(max_live=2, wait=0.3)
    p.use("team-a/x", at=1, tenant="team-a")
    with p.pool.lease("hostile/a", lambda: p.start("hostile/a"), tenant="hostile"), \
            pytest.raises(ProvidersBusy, match="the 1 provider processes hostile may keep are busy"), \
            p.pool.lease("hostile/b", lambda: p.start("hostile/b"), tenant="hostile"):
        pass
    assert "team-a/x" in p.live(), "never another tenant's, busy or not"


def test_when_every_process_is_busy_a_new_configuration_waits_then_fails_alone() -> None:
    p = Pool(max_live=1, wait=0.3)
    with p.lease("a") as held:
        started = time.monotonic()
        with pytest.raises(ProvidersBusy, match="all 1 provider processes this provider may run are busy"), \
                p.lease("b"):
            pass
        assert 0.2 < time.monotonic() - started < 5, "it waited, boundedly"
        assert p.use("a") is held, "the configuration that has a process is not held up"
    assert p.live() == ["a"]


def test_a_waiting_configuration_takes_the_place_of_one_that_ends() -> None:
    p = Pool(max_live=1, wait=30)
    release = threading.Event()
    holding = threading.Event()

    def hold() -> None:
        with p.lease("a"):
            holding.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    holding.wait(10)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(p.use, "b")
        time.sleep(0.2)
        assert not waiting.done() and p.live() == ["a"]
        release.set()
        assert waiting.result(10).key == "b"
    t.join()
    assert p.live() == ["b"]


def test_a_dead_process_is_replaced() -> None:
    p = Pool()
    first = p.use("a")
    first.dead = True
    second = p.use("a")
    assert second is not first and first.stopped and p.live() == ["a"]


def test_a_used_up_process_is_recycled() -> None:
    p = Pool(max_uses=2)
    first = p.use("a")
    assert p.use("a") is first
    assert p.use("a") is not first and first.stopped


def test_a_process_started_without_a_use_limit_is_not_recycled() -> None:
    p = Pool()
    first = p.use("a")
    assert all(p.use("a") is first for _ in range(1000))


def test_a_retired_process_is_stopped_when_its_last_lease_ends() -> None:
    p = Pool()
    with p.lease("a") as process:
        p.pool.retire(process)
        assert not process.stopped, "never stopped under a lease"
        assert p.use("a") is not process, "the next lease starts a fresh one"
    assert process.stopped and p.pool.count() == 1


def test_idle_processes_are_reaped() -> None:
    p = Pool(idle_timeout=60)
    p.use("a", at=0)
    p.use("b", at=50)
    p.clock.now = 70
    assert p.pool.reap() == 1 and p.live() == ["b"]
    with p.lease("b"):
        p.clock.now = 1000
        assert p.pool.reap() == 0, "a leased process is never idle"


def test_a_process_that_fails_to_start_leaves_its_place_free() -> None:
    p = Pool(max_live=1)

    def broken() -> FakeProcess:
        raise RuntimeError("no handshake")

    with pytest.raises(RuntimeError), p.pool.lease("a", broken):
        pass
    assert p.pool.count() == 0 and p.use("b").key == "b"


def test_shutdown_interrupts_lets_leases_end_then_stops() -> None:
    p = Pool()
    idle = p.use("idle")
    done = threading.Event()

    def busy() -> None:
        with p.lease("busy") as process:
            done.wait(10)
            assert process.interrupted and not process.stopped, "interrupted first, stopped only after"

    t = threading.Thread(target=busy)
    t.start()
    wait_for(lambda: len(p.made) == 2, "the busy lease")
    threading.Timer(0.2, done.set).start()
    p.pool.shutdown(drain=10)
    t.join()
    assert idle.interrupted and all(proc.stopped for proc in p.made) and p.pool.count() == 0
    with pytest.raises(ProvidersBusy, match="shutting down"), p.lease("late"):
        pass


@pytest.mark.parametrize("cap", [pytest.param(1, id="One"), pytest.param(4, id="Four")])
def test_fifteen_configurations_at_once_never_exceed_the_cap(cap: int) -> None:
    p = Pool(max_live=cap, wait=30)
    peak: list[int] = []

    def use(key: str) -> None:
        with p.lease(key):
            peak.append(len(p.live()))
            time.sleep(0.01)

    with concurrent.futures.ThreadPoolExecutor(15) as pool:
        list(pool.map(use, [f"region-{i}" for i in range(15)] * 3))
    assert max(peak) <= cap and len(p.live()) <= cap


# -- real plugin processes, through the direct executor -------------------------------------------

def plugin_processes() -> int:
    """Live test provider plugins started by this test process."""
    me, count = str(os.getpid()), 0
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, IndexError):
            parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
            if parent == me and b"terraform-provider-tfbtest" in (entry / "cmdline").read_bytes():
                count += 1
    return count


@pytest.fixture
def direct(tmp_path: Path) -> Iterator[Callable[[float], DirectBackend]]:
    """A direct executor of the test provider, at most three processes, waiting ``wait`` seconds at the cap."""
    plugin = tfbtest.plugin(tmp_path)
    made: list[DirectBackend] = []

    def make(wait: float) -> DirectBackend:
        settings = ExecutorSettings(workspace_root=tmp_path / "ws", base_env=dict(os.environ),
                                    processes=ProviderProcesses(max_live=3, wait=wait))
        made.append(DirectBackend(settings, TFBTEST, binary=lambda: plugin))
        return made[-1]

    yield make
    for backend in made:
        backend.shutdown()
    assert plugin_processes() == 0, "every plugin stopped"


@pytest.fixture
def configuration(tmp_path: Path) -> Callable[[str], ProviderBlock]:
    """A provider configuration of its own for each name: a store of its own."""
    def block(name: str) -> ProviderBlock:
        path = tmp_path / f"{name}.db"
        store = Store(path) if path.exists() else tfbtest.store(tmp_path, name)
        return ProviderBlock(TFBTEST.name, TFBTEST.source, TFBTEST.version, tfbtest.configuration(store))

    return block


def test_fifteen_provider_configurations_run_at_most_the_cap_of_processes(
        direct: Callable[[float], DirectBackend], configuration: Callable[[str], ProviderBlock]) -> None:
    backend = direct(60)
    setup = ProviderSetup(configuration={})
    seen: list[int] = []
    stop = threading.Event()

    def watch() -> None:  # what the machine runs, not only what the pool counts
        while not stop.is_set():
            seen.append(plugin_processes())
            time.sleep(0.05)

    def use(name: str) -> str:
        with backend.session(configuration(name), setup) as p:
            seen.append(backend.pool.count())
            return str(p.schema("tfbtest_project").version)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        with concurrent.futures.ThreadPoolExecutor(15) as pool:
            versions = list(pool.map(use, [f"junk-{i}" for i in range(15)]))
    finally:
        stop.set()
        watcher.join()
    assert versions == ["1"] * 15, "every configuration was served"
    assert max(seen) <= 3 and backend.started == 15, f"at most 3 at once, 15 started in turn: {max(seen)}"


def test_at_the_cap_one_configuration_too_many_fails_alone(direct: Callable[[float], DirectBackend],
                                                           configuration: Callable[[str], ProviderBlock]) -> None:
    backend = direct(0.5)
    setup = ProviderSetup(configuration={})
    release = threading.Event()
    holding = threading.Barrier(4)

    def hold(name: str) -> None:
        with backend.session(configuration(name), setup):
            holding.wait(60)
            release.wait(60)

    threads = [threading.Thread(target=hold, args=(f"busy-{i}",)) for i in range(3)]
    for t in threads:
        t.start()
    try:
        holding.wait(60)
        with pytest.raises(ProvidersBusy), backend.session(configuration("one-too-many"), setup):
            pass
        with backend.session(configuration("busy-0"), setup) as p:  # a configuration that has its process
            assert p.schema("tfbtest_project").version == 1
        assert plugin_processes() == 3
    finally:
        release.set()
        for t in threads:
            t.join()
