"""The managed-resource metrics dashboards built for crossplane-runtime read, with its names, help
texts, label and buckets, so a dashboard made for an upjet provider works unchanged.

* ``crossplane_managed_resource_exists|ready|synced`` (gauges): counted from each kind's informer
  cache when scraped, so they cost no API call and are never stale;
* ``..._first_time_to_reconcile_seconds``: creation to the first reconcile of an object this process
  saw before any ``Synced`` was written;
* ``..._first_time_to_readiness_seconds``: creation to the first ``Ready=True`` of such an object;
* ``..._deletion_seconds``: deletion request to our finalizer's removal;
* ``..._drift_seconds``: when an update corrects drift, the time since the object was last seen up
  to date (unknown after a restart, as upstream);
* ``tfbridge_managed_operation_failures_total`` (tfbridge's own, labelled ``gvk`` and ``operation``):
  creates, updates and deletes that failed, so an alert can name the kind whose creates keep failing.

One label, ``gvk``, in Go's ``GroupVersionKind.String()`` form: ``compute.example.tfbridge.io/v1beta1, Kind=Network``.
What is remembered between reconciles is keyed by uid (upstream keys by name, which two namespaced
objects may share) and kept in memory only, as upstream's.
"""

from __future__ import annotations

import calendar
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric

from bridge.api.managed import Managed

_EXPONENTIAL = tuple(10e-9 * 10**i for i in range(10))  # 1e-08 … 10, crossplane-runtime's odd choice, kept
_MINUTES = (1, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600)
Clock = Callable[[], float]


def gvk(api_version: str, kind: str) -> str:
    """Go's ``schema.GroupVersionKind.String()``."""
    return f"{api_version}, Kind={kind}"


def _seconds(stamp: Any) -> float | None:
    try:
        return float(calendar.timegm(time.strptime(str(stamp), "%Y-%m-%dT%H:%M:%SZ")))
    except ValueError:
        return None


def _status(obj: Mapping[str, Any], ctype: str) -> str:
    for c in (obj.get("status") or {}).get("conditions") or []:
        if isinstance(c, dict) and c.get("type") == ctype:
            return str(c.get("status") or "")
    return ""


class ManagedMetrics:
    """The four histograms and what they remember between reconciles; one per process (or per test)."""

    def __init__(self, registry: CollectorRegistry | None = None, *, clock: Clock = time.time) -> None:
        r = registry or CollectorRegistry()
        self.clock = clock
        self.first_reconcile = Histogram(
            "crossplane_managed_resource_first_time_to_reconcile_seconds",
            "The time it took for a managed resource to be detected by the controller", ["gvk"],
            registry=r, buckets=_EXPONENTIAL)
        self.first_ready = Histogram(
            "crossplane_managed_resource_first_time_to_readiness_seconds",
            "The time it took for a managed resource to become ready first time after creation", ["gvk"],
            registry=r, buckets=_MINUTES)
        self.deletion = Histogram(
            "crossplane_managed_resource_deletion_seconds", "The time it took for a managed resource to be deleted",
            ["gvk"], registry=r, buckets=_MINUTES)
        self.drift = Histogram(
            "crossplane_managed_resource_drift_seconds",
            "ALPHA: How long since the previous successful reconcile when a resource was found to be out of sync; "
            "excludes restart of the provider", ["gvk"], registry=r, buckets=_EXPONENTIAL)
        self.operation_failures = Counter(
            "tfbridge_managed_operation_failures_total",
            "Creates, updates and deletes of managed resources that failed, by kind and operation",
            ["gvk", "operation"], registry=r)
        self._lock = threading.Lock()
        self._first_seen: set[str] = set()  # uids reconciled before any Synced, not yet Ready
        self._last_in_sync: dict[str, float] = {}

    def _since(self, stamp: Any) -> float | None:
        at = _seconds(stamp)
        return None if at is None else max(0.0, self.clock() - at)

    def reconciling(self, mr: Managed) -> None:
        """At the start of every reconcile: an object nobody has reported on yet was just detected."""
        if _status(mr.obj, "Synced") or not mr.uid:
            return
        seconds = self._since(mr.metadata.get("creationTimestamp"))
        if seconds is None:
            return
        with self._lock:
            if mr.uid in self._first_seen:
                return
            self._first_seen.add(mr.uid)
        self.first_reconcile.labels(gvk(mr.api_version, mr.kind)).observe(seconds)

    def in_sync(self, mr: Managed) -> None:
        """The object was found up to date (and, if it was new, it is now Ready)."""
        now = self.clock()
        with self._lock:
            self._last_in_sync[mr.uid] = now
            first = mr.uid in self._first_seen and _status(mr.obj, "Ready") == "True"
            if first:
                self._first_seen.discard(mr.uid)
        seconds = self._since(mr.metadata.get("creationTimestamp")) if first else None
        if seconds is not None:
            self.first_ready.labels(gvk(mr.api_version, mr.kind)).observe(seconds)

    def updated(self, mr: Managed) -> None:
        """An update corrected drift."""
        now = self.clock()
        with self._lock:
            last = self._last_in_sync.get(mr.uid)
            self._last_in_sync[mr.uid] = now
        if last is not None:
            self.drift.labels(gvk(mr.api_version, mr.kind)).observe(max(0.0, now - last))

    def operation_failed(self, mr: Managed, verb: str) -> None:
        self.operation_failures.labels(gvk(mr.api_version, mr.kind), verb).inc()

    def deleted(self, mr: Managed) -> None:
        """Our finalizer is off: the object is gone as far as we are concerned."""
        with self._lock:
            self._first_seen.discard(mr.uid)
            self._last_in_sync.pop(mr.uid, None)
        seconds = self._since(mr.metadata.get("deletionTimestamp"))
        if seconds is not None:
            self.deletion.labels(gvk(mr.api_version, mr.kind)).observe(seconds)


class StateGauges:
    """``crossplane_managed_resource_exists|ready|synced`` per kind, counted at scrape time from what
    ``objects`` yields: (gvk, the kind's cached objects)."""

    def __init__(self, objects: Callable[[], Iterable[tuple[str, Iterable[Mapping[str, Any]]]]]) -> None:
        self.objects = objects

    def collect(self) -> Iterable[Metric]:
        exists = GaugeMetricFamily("crossplane_managed_resource_exists", "The number of managed resources that exist",
                                   labels=["gvk"])
        ready = GaugeMetricFamily("crossplane_managed_resource_ready",
                                  "The number of managed resources in Ready=True state", labels=["gvk"])
        synced = GaugeMetricFamily("crossplane_managed_resource_synced",
                                   "The number of managed resources in Synced=True state", labels=["gvk"])
        for label, objs in sorted(self.objects(), key=lambda pair: pair[0]):
            items = list(objs)
            exists.add_metric([label], len(items))
            ready.add_metric([label], sum(_status(o, "Ready") == "True" for o in items))
            synced.add_metric([label], sum(_status(o, "Synced") == "True" for o in items))
        yield from (exists, ready, synced)
