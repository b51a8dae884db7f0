"""A reconcile that raises something unexpected is retried with backoff, and its worker goes on."""

from __future__ import annotations

import threading

from bridge.kube.client import Resource
from bridge.kube.controller import Controller, Result
from bridge.kube.informer import Informer, Key
from bridge.kube.queue import WorkQueue
from bridge.testing.fakes import StoreKube
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


