from bridge.kube.client import LEASES
from bridge.kube.leader import LeaderElector
from bridge.testing.fakes import StoreKube


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
