"""Kubernetes events about managed resources. Every message passes the Redactor: no secret value, and
at most :data:`~bridge.kube.redact.MESSAGE_LIMIT` characters."""

from __future__ import annotations

import logging
import time
from typing import Any

from bridge.kube import errors
from bridge.kube.client import EVENTS, Kube
from bridge.kube.redact import Redactor

log = logging.getLogger(__name__)


class Recorder:
    def __init__(self, kube: Kube, *, component: str, namespace: str = "default",
                 redactor: Redactor | None = None) -> None:
        self.kube, self.component, self.namespace = kube, component, namespace
        # Conditions pass the same Redactor (the reconciler takes it from here).
        self.redactor = redactor or Redactor()

    def event(self, obj: dict[str, Any], kind: str, reason: str, message: str) -> None:
        meta = obj.get("metadata") or {}
        ns = meta.get("namespace") or self.namespace
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        event = {
            "apiVersion": "v1", "kind": "Event",
            "metadata": {"generateName": f"{meta.get('name', 'object')}.", "namespace": ns},
            "involvedObject": {"apiVersion": obj.get("apiVersion"), "kind": obj.get("kind"), "name": meta.get("name"),
                               "namespace": meta.get("namespace") or None,
                               "uid": meta.get("uid"), "resourceVersion": meta.get("resourceVersion")},
            "type": kind, "reason": reason, "message": self.redactor(message), "source": {"component": self.component},
            "firstTimestamp": stamp, "lastTimestamp": stamp, "count": 1,
        }
        try:
            self.kube.create(EVENTS, event, namespace=ns)
        except errors.APIError as exc:  # events are best effort; the conditions carry the truth
            log.debug("cannot record event %s for %s: %s", reason, meta.get("name"), exc)

    def normal(self, obj: dict[str, Any], reason: str, message: str) -> None:
        self.event(obj, "Normal", reason, message)

    def warning(self, obj: dict[str, Any], reason: str, message: str) -> None:
        self.event(obj, "Warning", reason, message)
