import threading
import time
from typing import Any

from bridge.kube.client import LEASES
from bridge.kube.leader import LeaderElector
from devrig.fakes import StoreKube
from tests.support.waiting import wait_for


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def elector(kube: StoreKube, identity: str, clock: Clock) -> LeaderElector:
    return LeaderElector(kube, name="provider-x", namespace="default", identity=identity, clock=clock)


def test_one_leader_and_takeover_after_expiry() -> None:
    kube, clock = StoreKube(), Clock()
    a, b = elector(kube, "a", clock), elector(kube, "b", clock)
    assert a.try_acquire_or_renew() and not b.try_acquire_or_renew()
    clock.now += 10
    assert a.try_acquire_or_renew() and not b.try_acquire_or_renew(), "renewed: still a's"
    clock.now += 16  # a stopped renewing for longer than the lease duration
    assert b.try_acquire_or_renew()
    lease = kube.get(LEASES, "provider-x", "default")
    assert lease["spec"]["holderIdentity"] == "b" and lease["spec"]["leaseTransitions"] == 1
    assert not a.try_acquire_or_renew()


def test_release_hands_over_at_once() -> None:
    kube, clock = StoreKube(), Clock()
    a, b = elector(kube, "a", clock), elector(kube, "b", clock)
    assert a.try_acquire_or_renew()
    a.release()
    assert b.try_acquire_or_renew()


class Unreachable(StoreKube):
    """The API server, with a switch that makes every request fail as a dropped connection does."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False

    def get(self, *args: Any, **kwargs: Any) -> Any:
        if self.down:
            raise ConnectionResetError("connection reset by peer")
        return super().get(*args, **kwargs)


def test_an_unreachable_api_server_is_a_failed_renewal_not_a_crash() -> None:
    kube = Unreachable()
    a = LeaderElector(kube, name="provider-x", namespace="default", identity="a", lease_duration=2.0,
                      renew_deadline=0.6, retry_period=0.05)
    stop, stopped = threading.Event(), threading.Event()
    thread = threading.Thread(target=a.run, args=(lambda: None, stopped.set, stop), daemon=True)
    thread.start()
    wait_for(a.leading.is_set, "a to lead")
    kube.down = True
    time.sleep(0.3)  # shorter than the renew deadline: a blip the leader rides out
    kube.down = False
    time.sleep(0.3)
    assert a.leading.is_set() and not stopped.is_set() and thread.is_alive()
    kube.down = True
    wait_for(stopped.is_set, "a to give up leadership once the renew deadline passed", timeout=10)
    thread.join(5)
    assert not a.leading.is_set() and not thread.is_alive()
