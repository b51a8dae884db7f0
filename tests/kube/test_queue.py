import threading

import pytest

from bridge.kube.queue import WorkQueue


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
