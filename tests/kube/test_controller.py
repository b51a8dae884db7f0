"""Controllers on workers: unexpected errors back off; a shared pool keeps each kind's limit, never runs one
key twice at once, and lets no busy kind starve the others."""

from __future__ import annotations

import threading
import time

from bridge.kube.client import Resource
from bridge.kube.controller import Controller, Result, Workers, request_fingerprint
from bridge.kube.informer import Informer, Key
from bridge.kube.queue import WorkQueue
from devrig.fakes import StoreKube
from tests.support.waiting import wait_for


class _Flaky:
    def __init__(self) -> None:
        self.calls: dict[Key, int] = {}
        self.lock = threading.Lock()

    def reconcile(self, key: Key) -> Result:
        with self.lock:
            self.calls[key] = self.calls.get(key, 0) + 1
        if key[1] == "bad":
            raise RecursionError("maximum recursion depth exceeded")  # a bug, not a typed error
        return Result(done=True)


class _NoInformer(Informer):
    def __init__(self) -> None:
        super().__init__(StoreKube(), Resource("", "v1", "namespaces", "Namespace"))

    def start(self) -> None:
        self.synced.set()


def test_unexpected_errors_back_off_and_the_only_worker_serves_the_next_key() -> None:
    reconciler = _Flaky()
    queue = WorkQueue(base=0.05, cap=0.2)
    controller = Controller("things", _NoInformer(), reconciler, workers=1, queue=queue)
    controller.start()
    try:
        controller.enqueue(("", "bad"))
        controller.enqueue(("", "good"))
        wait_for(lambda: reconciler.calls.get(("", "good")) == 1 and reconciler.calls.get(("", "bad"), 0) >= 3,
                 lambda: f"the good key and retries of the bad one (calls: {reconciler.calls})", 10)
    finally:
        controller.stop(timeout=5)
    assert queue.backoff(("", "bad")) > 0.05, "the failures counted towards the bad key's backoff"




class _Tracking:
    """Records how many reconciles run at once, per key and per controller, and in what order they start."""

    def __init__(self, log: list[str], lock: threading.Lock, seconds: float) -> None:
        self.log, self.lock, self.seconds = log, lock, seconds
        self.running: dict[Key, int] = {}
        self.most_per_key = 0
        self.now = self.most = 0

    def reconcile(self, key: Key) -> Result:
        with self.lock:
            self.running[key] = self.running.get(key, 0) + 1
            self.now += 1
            self.most_per_key = max(self.most_per_key, self.running[key])
            self.most = max(self.most, self.now)
            self.log.append(key[1])
        time.sleep(self.seconds)
        with self.lock:
            self.running[key] -= 1
            self.now -= 1
        return Result(done=True)


def test_a_shared_pool_honours_each_kinds_limit_and_never_runs_one_key_twice_at_once() -> None:
    log: list[str] = []
    lock = threading.Lock()
    pool = Workers(6)
    kinds = [_Tracking(log, lock, 0.002) for _ in range(3)]
    controllers = [Controller(f"kind-{i}", _NoInformer(), r, workers=2, pool=pool) for i, r in enumerate(kinds)]
    for c in controllers:
        c.start()
    pool.start()
    try:
        for _ in range(30):  # the same ten keys again and again, while they run
            for c in controllers:
                for k in range(10):
                    c.enqueue(("", f"{c.name}-{k}"))
            time.sleep(0.001)
        wait_for(lambda: all(len(c.queue) == 0 and c.queue.busy == 0 for c in controllers),
                 lambda: f"the queues to drain ({[(len(c.queue), c.queue.busy) for c in controllers]})", 20)
    finally:
        for c in controllers:
            c.stop(timeout=5)
        pool.stop(timeout=5)
    assert [r.most_per_key for r in kinds] == [1, 1, 1], "a key is never reconciled twice at once"
    assert max(r.most for r in kinds) == 2, "each kind runs up to its own limit, and no more"
    assert len(pool._threads) == 6, "the pool's threads, whatever the number of kinds"


def test_a_busy_kind_does_not_starve_a_quiet_one() -> None:
    log: list[str] = []
    lock = threading.Lock()
    pool = Workers(2)
    busy = Controller("busy", _NoInformer(), _Tracking(log, lock, 0.002), workers=10, pool=pool)
    quiet = Controller("quiet", _NoInformer(), _Tracking(log, lock, 0.002), workers=10, pool=pool)
    busy.start()
    quiet.start()
    for i in range(300):
        busy.enqueue(("", f"busy-{i}"))
    pool.start()
    try:
        wait_for(lambda: len(log) >= 20, "the busy kind to get going", 10)
        with lock:
            before = len(log)
        quiet.enqueue(("", "quiet"))
        wait_for(lambda: "quiet" in log, "the quiet kind's key", 10)
        with lock:
            waited = log.index("quiet") - before
    finally:
        busy.stop(timeout=5)
        quiet.stop(timeout=5)
        pool.stop(timeout=5)
    assert waited <= 3, f"the quiet key waited for {waited} of the busy kind's reconciles to start, not its backlog"


class _Recording(WorkQueue):
    def __init__(self) -> None:
        super().__init__()
        self.scheduled: list[tuple[object, float, float]] = []

    def add_after(self, key: object, delay: float, *, align: float = 0.0) -> None:
        self.scheduled.append((key, delay, align))


class _Answers:
    def __init__(self, *results: Result) -> None:
        self.results = list(results)

    def reconcile(self, key: Key) -> Result:
        return self.results.pop(0)


def test_polls_are_aligned_on_a_grid_and_short_requeues_are_not() -> None:
    queue = _Recording()
    reconciler = _Answers(Result(), Result(requeue_after=900.0), Result(requeue_after=5.0))
    controller = Controller("k", _NoInformer(), reconciler, poll=600.0, queue=queue)
    for _ in range(3):
        controller._handle(("", "a"))
    (_, poll, poll_align), (_, annotated, annotated_align), (_, short, short_align) = queue.scheduled
    assert 540.0 <= poll <= 660.0 and poll_align == 2.0, "the next poll, jittered, on the grid"
    assert annotated == 900.0 and annotated_align == 2.0, "an object's own poll interval too"
    assert short == 5.0 and short_align == 0.0, "a requeue seconds away keeps its time"


class _Writing:
    """The first reconcile sees ``during`` arrive while it runs (as the watch delivers its own write, or
    someone else's), then reports that it handled the object with its own write (annotation a=ours,
    resourceVersion 2); ``after`` arrive once it has ended."""

    def __init__(self, during: list[dict[str, object]], after: list[dict[str, object]], *,
                 asked: bool = False) -> None:
        self.during, self.after, self.asked = during, after, asked
        self.calls = 0
        self.controller: Controller | None = None

    def reconcile(self, key: Key) -> Result:
        self.calls += 1
        assert self.controller is not None
        for obj in self.during if self.calls == 1 else []:
            self.controller._on_change("MODIFIED", obj)
        if self.asked and self.calls == 1:
            self.controller.enqueue(key)  # as an operation that ends meanwhile asks
        return Result(requeue_after=3600, handled=_object({"a": "ours"}, version="2"))


def _object(annotations: dict[str, str], generation: int = 1, version: str = "1", *,
            finalizers: tuple[str, ...] = (), deleting: bool = False) -> dict[str, object]:
    meta: dict[str, object] = {"name": "x", "generation": generation, "annotations": annotations,
                               "resourceVersion": version, "finalizers": list(finalizers)}
    if deleting:
        meta["deletionTimestamp"] = "2026-01-01T00:00:00Z"
    return {"metadata": meta}


def _reconciles(during: list[dict[str, object]], after: list[dict[str, object]] | None = None, *,
                asked: bool = False) -> int:
    reconciler = _Writing(during, after or [], asked=asked)
    controller = Controller("things", _NoInformer(), reconciler, workers=1)
    reconciler.controller = controller
    controller.start()
    try:
        controller._on_change("ADDED", _object({}))
        wait_for(lambda: reconciler.calls >= 1, lambda: "the first reconcile", 5)
        time.sleep(0.2)
        for obj in reconciler.after:
            controller._on_change("MODIFIED", obj)
        time.sleep(0.3)  # a second reconcile, if one is due, starts at once
    finally:
        controller.stop(timeout=5)
    return reconciler.calls


def test_the_event_of_a_reconciles_own_write_does_not_reconcile_again() -> None:
    ours = _object({"a": "ours"}, version="2")
    assert _reconciles([ours]) == 1, "arriving while the reconcile ran"
    assert _reconciles([], [ours]) == 1, "arriving once it had ended"
    assert _reconciles([ours], [_object({"a": "ours"}, version="3")]) == 1, "then a change of its status alone"


def test_a_change_the_reconcile_did_not_handle_reconciles_again() -> None:
    # Someone else's change after ours: its fingerprint is the last seen, not the handled object's.
    assert _reconciles([_object({"a": "ours"}, version="2"), _object({"a": "ours"}, generation=2, version="3")]) == 2
    assert _reconciles([_object({"a": "theirs"}, version="3")]) == 2
    assert _reconciles([], [_object({"a": "ours"}, generation=2, version="3")]) == 2
    assert _reconciles([_object({"a": "ours"}, version="2")], asked=True) == 2, \
        "a reconcile asked for meanwhile (an operation ended) is never taken back"


def test_another_objects_finalizer_reconciles_only_an_object_being_deleted() -> None:
    # A referencing object's in-use finalizer on a live object is its bookkeeping: no observe of the cloud
    # for it (that observe would race the referencing object's own create).
    pinned = _object({"a": "ours"}, version="3", finalizers=("in-use.tfbridge.io/other",))
    assert _reconciles([], [pinned]) == 1
    # Being deleted, the last finalizer going is what lets its delete go on.
    held = _object({"a": "ours"}, version="3", finalizers=("in-use.tfbridge.io/other",), deleting=True)
    released = _object({"a": "ours"}, version="4", deleting=True)
    assert request_fingerprint(held) != request_fingerprint(released)
    assert _reconciles([held], [released]) == 3
