"""Kubernetes events about managed resources. Every message passes the Redactor: no secret value, and
at most :data:`~bridge.kube.redact.MESSAGE_LIMIT` characters.

Events are aggregated as client-go's event correlator does: an event identical to one recorded before
(same object, type, reason and message) raises that Event's ``count`` and ``lastTimestamp`` instead of
adding an object, so an error repeated at every retry is one Event, not one per retry. The last
:data:`REMEMBERED` distinct events are remembered (client-go keeps as many); after a restart, or when
the Event is gone, a new one is created.
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from typing import Any

from bridge.kube import errors
from bridge.kube.client import EVENTS, Kube
from bridge.kube.redact import Redactor

log = logging.getLogger(__name__)
REMEMBERED = 4096


class Recorder:
    def __init__(self, kube: Kube, *, component: str, namespace: str = "default",
                 redactor: Redactor | None = None) -> None:
        self.kube, self.component, self.namespace = kube, component, namespace
        # Conditions pass the same Redactor (the reconciler takes it from here).
        self.redactor = redactor or Redactor()
        self._seen: collections.OrderedDict[tuple[str, ...], dict[str, Any]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def event(self, obj: dict[str, Any], kind: str, reason: str, message: str) -> None:
        meta = obj.get("metadata") or {}
        ns = meta.get("namespace") or self.namespace
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        involved = {"apiVersion": obj.get("apiVersion"), "kind": obj.get("kind"), "name": meta.get("name"),
                    "namespace": meta.get("namespace") or None,
                    "uid": meta.get("uid"), "resourceVersion": meta.get("resourceVersion")}
        # Read by the object's own namespace: cleaned of its tenant's secrets and the cluster's.
        message = self.redactor(message, tenant=meta.get("namespace") or "")
        key = (ns, str(obj.get("apiVersion")), str(obj.get("kind")), str(meta.get("name")), str(meta.get("uid")),
               kind, reason, message)
        try:
            if self._repeat(key, stamp):
                return
            event = {
                "apiVersion": "v1", "kind": "Event",
                "metadata": {"generateName": f"{meta.get('name', 'object')}.", "namespace": ns},
                "involvedObject": involved, "type": kind, "reason": reason, "message": message,
                "source": {"component": self.component}, "firstTimestamp": stamp, "lastTimestamp": stamp, "count": 1,
            }
            self._remember(key, self.kube.create(EVENTS, event, namespace=ns))
        except errors.APIError as exc:  # events are best effort; the conditions carry the truth
            log.debug("cannot record event %s for %s: %s", reason, meta.get("name"), exc)

    def _repeat(self, key: tuple[str, ...], stamp: str) -> bool:
        """Count one more of a remembered event; False when there is none to count (or it is gone)."""
        with self._lock:
            seen = self._seen.pop(key, None)
        if seen is None:
            return False
        repeated = {**seen, "count": int(seen.get("count") or 1) + 1, "lastTimestamp": stamp}
        try:
            self._remember(key, self.kube.update(EVENTS, repeated))
        except (errors.NotFound, errors.Conflict):
            return False  # deleted (Events expire) or changed by someone else: start a new one
        return True

    def _remember(self, key: tuple[str, ...], event: dict[str, Any]) -> None:
        with self._lock:
            self._seen[key] = event
            while len(self._seen) > REMEMBERED:
                self._seen.popitem(last=False)

    def normal(self, obj: dict[str, Any], reason: str, message: str) -> None:
        self.event(obj, "Normal", reason, message)

    def warning(self, obj: dict[str, Any], reason: str, message: str) -> None:
        self.event(obj, "Warning", reason, message)
