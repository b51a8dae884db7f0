"""Reads of one resource from its informer's cache, consistent with our own writes.

A poll of a settled resource reads its object and writes nothing: from the cache that costs no
request. After we write an object, its cached copy is older than what we know until the watch
delivers our write; until then reads of it go to the API server. A read that decides to act on
the cloud confirms the object with the API server first (:meth:`CachedReader.current`): a stale
copy may miss a deletion or a finalizer another controller just added.
"""

from __future__ import annotations

import threading

from bridge.kube import errors
from bridge.kube.client import Kube, Obj, Resource
from bridge.kube.informer import Informer, Key, resource_version


class CachedReader:
    def __init__(self, kube: Kube, res: Resource, informer: Informer) -> None:
        self.kube, self.res, self.informer = kube, res, informer
        self._written: dict[Key, str] = {}  # resourceVersion of our last write the cache has not shown yet
        self._lock = threading.Lock()

    def get(self, name: str, namespace: str = "") -> Obj:
        """The object; raises NotFound like a GET."""
        key = (namespace, name)
        if self.informer.synced.is_set():
            with self._lock:
                expected = self._written.get(key)
                if expected is not None and self.informer.version(key) == expected:
                    del self._written[key]  # the watch has shown our write
                    expected = None
            cached = self.informer.get(key) if expected is None else None
            if cached is not None:
                return cached
        return self.current(name, namespace)

    def current(self, name: str, namespace: str = "") -> Obj:
        """The object as the API server has it now."""
        key = (namespace, name)
        try:
            live = self.kube.get(self.res, name, namespace)
        except errors.NotFound:
            with self._lock:
                self._written.pop(key, None)
            raise
        with self._lock:
            # Once the cache holds what the server holds, whatever we wrote before is in it.
            if self.informer.version(key) == resource_version(live):
                self._written.pop(key, None)
        return live

    def wrote(self, obj: Obj) -> Obj:
        """Record a write's answer; reads of that object skip the cache until the watch shows it."""
        meta = obj.get("metadata") or {}
        with self._lock:
            self._written[(meta.get("namespace") or "", meta.get("name") or "")] = resource_version(obj)
        return obj

    def is_current(self, obj: Obj) -> bool:
        """Whether ``obj`` (read from the cache) is what the API server holds now; raises NotFound."""
        meta = obj.get("metadata") or {}
        return resource_version(self.current(meta.get("name") or "", meta.get("namespace") or "")) == \
            resource_version(obj)
