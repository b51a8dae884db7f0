"""Stored objects moved to their kind's storage version, as kube-storage-version-migrator moves them.

A CRD's ``status.storedVersions`` lists every version its objects may still be stored at; the API server
refuses an update of the CRD that stops serving one of them. A release that moved a kind's storage version
(v1beta1 → v1beta2) leaves its objects stored at the old one until each is written again. So a later release
could never drop v1beta1. At start, and whenever a CRD of its kinds lists a version besides its storage
version, the provider writes every object of the kind back unchanged at the storage version (the API server
stores it there), then sets ``status.storedVersions`` to the storage version alone. The status write is an
update with the CRD's resourceVersion: a CRD changed meanwhile (a storage version added again) is read anew
and migrated again, never overwritten.

It runs on the leader only (the gate that offers it the CRDs does), in one thread: the writes are a few per
object, once per upgrade.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Any

from bridge.kube import errors
from bridge.kube.client import CRDS, Kube, Obj, Resource

log = logging.getLogger(__name__)

_ATTEMPTS = 5  # writes of one object that conflict with someone else's before it is left for the next run


def storage_version(crd: Obj) -> str:
    versions: list[Any] = (crd.get("spec") or {}).get("versions") or []
    return next((str(v.get("name")) for v in versions if isinstance(v, dict) and v.get("storage")), "")


def pending(crd: Obj) -> list[str]:
    """The versions besides its storage version that ``crd``'s objects may still be stored at."""
    storage = storage_version(crd)
    stored = (crd.get("status") or {}).get("storedVersions") or []
    return [str(v) for v in stored if v != storage] if storage else []


def migrate(kube: Kube, crd: Obj) -> int:
    """Rewrite every object of ``crd``'s kind at its storage version, then set its storedVersions to that version
    alone; the number of objects written. Raises what the API server answered when it cannot."""
    spec = crd["spec"]
    storage = storage_version(crd)
    res = Resource(spec["group"], storage, spec["names"]["plural"], spec["names"]["kind"])
    items, _ = kube.list(res)
    written = 0
    for obj in items:
        meta = obj["metadata"]
        for _ in range(_ATTEMPTS):
            try:
                kube.update(res, obj)  # unchanged: the API server stores it at the storage version
                written += 1
                break
            except errors.NotFound:
                break
            except errors.Conflict:
                try:
                    obj = kube.get(res, meta["name"], meta.get("namespace", ""))
                except errors.NotFound:
                    break
        else:
            raise errors.Conflict(409, "Conflict", f"{res.kind} {meta['name']} kept changing; its migration is retried")
    name = crd["metadata"]["name"]
    current = kube.get(CRDS, name)
    if storage_version(current) != storage:
        raise errors.Conflict(409, "Conflict", f"the storage version of {name} changed while its objects were migrated")
    dropped = pending(current)
    if dropped:
        kube.update_status(CRDS, {**current, "status": {**current.get("status", {}), "storedVersions": [storage]}})
    log.info("stored objects migrated to the storage version",
             extra={"crd": name, "version": storage, "objects": written, "dropped": dropped})
    return written


class StorageMigrator:
    """Migrates each CRD :meth:`offer` is given whose storedVersions hold more than its storage version, one at a
    time in a thread of its own; a failed migration is retried after ``retry`` seconds."""

    def __init__(self, kube: Kube, *, retry: float = 30.0) -> None:
        self.kube = kube
        self.retry = retry
        self._queue: queue.Queue[str] = queue.Queue()
        self._queued: set[str] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.migrated: dict[str, int] = {}  # CRD name → objects written by its last migration

    def offer(self, crd: Obj) -> None:
        if not pending(crd):
            return
        name = str(crd["metadata"]["name"])
        with self._lock:
            if name in self._queued:
                return
            self._queued.add(name)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True, name="storage-migration")
                self._thread.start()
        self._queue.put(name)

    def stop(self) -> None:
        self._stop.set()
        self._queue.put("")

    def _run(self) -> None:
        while not self._stop.is_set():
            name = self._queue.get()
            if not name:
                continue
            try:
                crd = self.kube.get(CRDS, name)
                self.migrated[name] = migrate(self.kube, crd) if pending(crd) else 0
            except errors.NotFound:
                pass
            except Exception as exc:  # the API server, the conversion webhook: tried again later
                log.warning("storage migration of %s failed: %s; retrying in %.0fs", name, exc, self.retry)
                if not self._stop.wait(self.retry):
                    self._queue.put(name)
                continue
            with self._lock:
                self._queued.discard(name)
