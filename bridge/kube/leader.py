"""Leader election on a coordination.k8s.io/v1 Lease, with client-go's timing model.

A candidate takes the Lease when it is free or its holder has not renewed it for
``lease_duration``; the leader renews it every ``retry_period`` and gives up leadership when it
could not renew for ``renew_deadline``. Defaults: 15 s / 10 s / 2 s.

Any failed attempt counts the same, whether the API server answered with an error or could not be
reached (refused, reset, timed out): the leader keeps trying every ``retry_period`` until
``renew_deadline`` has passed since its last renewal, and only then gives up. Losing leadership stops
the manager; its Deployment starts it again as a candidate.
"""

from __future__ import annotations

import datetime
import logging
import threading
import time
from collections.abc import Callable

import urllib3

from bridge.kube import errors
from bridge.kube.client import LEASES, Kube, Obj

log = logging.getLogger(__name__)


def _micro(ts: float) -> str:
    return datetime.datetime.fromtimestamp(ts, datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _parse(value: str | None) -> float:
    if not value:
        return 0.0
    return datetime.datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()


class LeaderElector:
    def __init__(self, kube: Kube, *, name: str, namespace: str, identity: str, lease_duration: float = 15.0,
                 renew_deadline: float = 10.0, retry_period: float = 2.0,
                 clock: Callable[[], float] = time.time) -> None:
        self.kube, self.name, self.namespace, self.identity = kube, name, namespace, identity
        self.lease_duration, self.renew_deadline, self.retry_period = lease_duration, renew_deadline, retry_period
        self.clock = clock
        self.leading = threading.Event()

    def try_acquire_or_renew(self) -> bool:
        try:
            return self._acquire_or_renew()
        except (errors.APIError, OSError, urllib3.exceptions.HTTPError) as exc:
            log.warning("could not acquire or renew the lease: %s", exc, extra={"lease": self.name})
            return False

    def _acquire_or_renew(self) -> bool:
        now = self.clock()
        try:
            lease = self.kube.get(LEASES, self.name, self.namespace)
        except errors.NotFound:
            self.kube.create(LEASES, self._lease({}, now, transitions=0), namespace=self.namespace)
            return True
        spec = lease.get("spec") or {}
        holder = spec.get("holderIdentity")
        expired = _parse(spec.get("renewTime")) + float(spec.get("leaseDurationSeconds") or self.lease_duration) < now
        if holder not in (self.identity, None, "") and not expired:
            return False
        transitions = int(spec.get("leaseTransitions") or 0) + (0 if holder == self.identity else 1)
        updated = self._lease(lease, now, transitions=transitions,
                              acquired=spec.get("acquireTime") if holder == self.identity else None)
        self.kube.update(LEASES, updated)
        return True

    def _lease(self, current: Obj, now: float, *, transitions: int, acquired: str | None = None) -> Obj:
        meta = dict(current.get("metadata") or {"name": self.name, "namespace": self.namespace})
        return {"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "metadata": meta,
                "spec": {"holderIdentity": self.identity, "leaseDurationSeconds": int(self.lease_duration),
                         "acquireTime": acquired or _micro(now), "renewTime": _micro(now),
                         "leaseTransitions": transitions}}

    def release(self) -> None:
        """Give the Lease up on a clean shutdown, so a successor need not wait for it to expire."""
        try:
            lease = self.kube.get(LEASES, self.name, self.namespace)
            if (lease.get("spec") or {}).get("holderIdentity") == self.identity:
                lease["spec"]["holderIdentity"] = ""
                lease["spec"]["renewTime"] = _micro(0)
                self.kube.update(LEASES, lease)
        except errors.APIError as exc:
            log.info("could not release lease %s: %s", self.name, exc)
        self.leading.clear()

    def run(self, on_started: Callable[[], None], on_stopped: Callable[[], None], stop: threading.Event) -> None:
        """Block: wait for leadership, lead until it is lost or ``stop`` is set."""
        while not stop.is_set() and not self.try_acquire_or_renew():
            stop.wait(self.retry_period)
        if stop.is_set():
            return
        log.info("became leader", extra={"lease": self.name, "identity": self.identity})
        self.leading.set()
        on_started()
        last_renew = self.clock()
        while not stop.is_set():
            stop.wait(self.retry_period)
            if stop.is_set():
                break
            if self.try_acquire_or_renew():
                last_renew = self.clock()
            elif self.clock() - last_renew > self.renew_deadline:
                log.error("lost leadership", extra={"lease": self.name, "identity": self.identity})
                self.leading.clear()
                on_stopped()
                return
