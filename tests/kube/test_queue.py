import threading

import pytest

from bridge.kube.queue import Scheduler, WorkQueue


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_adds_are_deduplicated() -> None:
    q = WorkQueue()
    for _ in range(3):
        q.add("a")
    q.add("b")
    assert len(q) == 2 and q.get(0) == "a" and q.get(0) == "b" and q.get(0) is None


def test_a_key_is_never_processed_twice_at_once() -> None:
    q = WorkQueue()
    q.add("a")
    assert q.get(0) == "a"
    q.add("a")  # while processing: marked dirty, not handed out
    assert q.get(0) is None
    q.done("a")
    assert q.get(0) == "a", "re-queued after done"
    q.done("a")
    assert q.get(0) is None


@pytest.mark.parametrize(("failures", "want"), [(0, 1.0), (1, 2.0), (3, 8.0), (6, 60.0), (20, 60.0)])
def test_per_item_exponential_backoff(failures: int, want: float) -> None:
    q = WorkQueue(base=1.0, cap=60.0)
    for _ in range(failures):
        q.backoff("a")
    assert q.backoff("a") == want
    assert q.backoff("b") == 1.0, "per item"
    q.forget("a")
    assert q.backoff("a") == 1.0


def test_add_after_honours_the_delay_and_the_earliest_schedule() -> None:
    clock = Clock()
    q = WorkQueue(clock=clock)
    q.add_after("a", 10)
    q.add_after("a", 5)
    q.add_after("a", 30)
    assert q.get(0) is None
    clock.now = 5.0
    assert q.get(0) == "a"


def test_aligned_deadlines_come_due_together_on_their_grid() -> None:
    clock = Clock()
    q = WorkQueue(clock=clock)
    clock.now = 100.3
    q.add_after("a", 600.1, align=2.0)  # due at 700.4: on the grid, 702
    clock.now = 101.2
    q.add_after("b", 599.9, align=2.0)  # due at 701.1: 702 too
    q.add_after("c", 599.0)  # due at 700.2, not aligned
    clock.now = 700.5
    assert q.get(0) == "c" and q.get(0) is None
    clock.now = 701.9
    assert q.get(0) is None, "not before the grid's next line"
    clock.now = 702.0
    assert {q.get(0), q.get(0)} == {"a", "b"}


def test_workers_block_until_work_arrives() -> None:
    q = WorkQueue()
    got: list[object] = []
    t = threading.Thread(target=lambda: got.append(q.get(10)))
    t.start()
    q.add("x")
    t.join(10)
    assert got == ["x"]
    q.shutdown()
    assert q.get(None) is None


def test_queues_of_one_scheduler_take_turns_so_a_busy_one_never_starves_the_others() -> None:
    scheduler = Scheduler()
    busy, quiet, late = (WorkQueue(scheduler=scheduler) for _ in range(3))
    for i in range(100):
        busy.add(f"busy-{i}")
    quiet.add("quiet-0")
    quiet.add("quiet-1")
    order = []
    for _ in range(4):
        item = scheduler.get(0)
        assert item is not None
        order.append(item[1])
        item[0].done(item[1])
        if len(order) == 1:
            late.add("late-0")  # joins at the back of the line, behind the busy queue's next turn
    assert order == ["busy-0", "quiet-0", "busy-1", "late-0"], "one key per turn, round robin"


def test_a_queue_at_its_concurrency_limit_waits_while_the_others_run() -> None:
    scheduler = Scheduler()
    limited, other = WorkQueue(scheduler=scheduler, max_concurrent=2), WorkQueue(scheduler=scheduler)
    for i in range(5):
        limited.add(f"l-{i}")
        other.add(f"o-{i}")
    taken = [scheduler.get(0) for _ in range(7)]
    keys = [item[1] for item in taken if item is not None]
    assert sorted(k for k in keys if str(k).startswith("l-")) == ["l-0", "l-1"], "two at once, no more"
    assert sorted(k for k in keys if str(k).startswith("o-")) == [f"o-{i}" for i in range(5)]
    assert scheduler.get(0) is None, "only the limited queue has work, and no room"
    limited.done("l-0")
    item = scheduler.get(0)
    assert item is not None and item[1] == "l-2", "a finished key makes room for the next"


def test_one_timer_serves_the_delayed_keys_of_every_queue() -> None:
    clock = Clock()
    scheduler = Scheduler(clock)
    a, b = WorkQueue(scheduler=scheduler), WorkQueue(scheduler=scheduler)
    a.add_after("a", 10)
    b.add_after("b", 5)
    assert scheduler.get(0) is None
    clock.now = 5.0
    assert scheduler.get(0) == (b, "b")
    clock.now = 10.0
    assert scheduler.get(0) == (a, "a")


def test_a_shut_down_queue_drops_its_work_but_keeps_running_keys_marked_until_done() -> None:
    clock = Clock()
    scheduler = Scheduler(clock)
    q = WorkQueue(scheduler=scheduler)
    q.add("running")
    assert scheduler.get(0) == (q, "running")
    q.add("queued")
    q.add_after("later", 1)
    q.shutdown()
    q.restart()
    clock.now = 2.0
    q.add("running")  # its CRD came back while the old reconcile still runs
    assert scheduler.get(0) is None, "neither the dropped keys nor the running one are handed out"
    assert not q.wait_idle(0)
    q.done("running")
    assert q.wait_idle(0)
    assert scheduler.get(0) == (q, "running"), "queued again once the old reconcile ended"


class _CountingScheduler(Scheduler):
    def __init__(self) -> None:
        super().__init__()
        self.waits = 0

    def _wait(self, until_due: float | None, deadline: float | None) -> bool:
        self.waits += 1
        return super()._wait(until_due, deadline)


def test_idle_workers_are_not_all_woken_at_each_deadline_and_each_key() -> None:
    scheduler = _CountingScheduler()
    q = WorkQueue(scheduler=scheduler, max_concurrent=5)
    done: list[object] = []
    lock = threading.Lock()

    def work() -> None:
        while (item := scheduler.get()) is not None:
            threading.Event().wait(0.002)  # a reconcile takes a moment: the queue reaches its limit
            with lock:
                done.append(item[1])
            item[0].done(item[1])

    workers = [threading.Thread(target=work) for _ in range(20)]
    for w in workers:
        w.start()
    try:
        for tick in range(5):  # polls fall on a grid: each tick brings ten keys due together
            for i in range(10):
                q.add_after(f"k{tick}-{i}", 0.1 * (tick + 1), align=0.1)
        for _ in range(100):
            with lock:
                if len(done) == 50:
                    break
            threading.Event().wait(0.05)
        assert sorted(map(str, done)) == sorted(f"k{t}-{i}" for t in range(5) for i in range(10))
    finally:
        scheduler.close()
        for w in workers:
            w.join(5)
    # One waiter watches the next deadline and the others sleep until there is work: a wait or two per
    # key handed out (about 105 here), not one per idle worker at every deadline and one more per key.
    assert scheduler.waits < 135, f"{scheduler.waits} waits for 50 keys (each idle worker woken at every deadline: 157)"
