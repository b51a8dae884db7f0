"""List + watch one resource into a cache, and tell a handler about every change.

Resumes a dropped watch from the last resourceVersion it saw (bookmarks included), relists on
410 Gone and past an event it cannot decode, and backs off on errors. A handler that fails on one
object is logged and the watch goes on: one bad object never stalls its kind. ``synced`` is set
after the first list.

An informer watches one resource, with a thread of its own blocked on its stream: the API has no watch
across kinds or groups, and a thread asleep in a read costs no CPU (a provider with 2,816 kinds idles at
0.2 % of a core). What would not scale is a thread per worker per kind: the workers are shared
(:class:`bridge.kube.controller.Workers`). Each watch asks for a timeout between one and two times
``watch_timeout``, at random as client-go does, so thousands of watches started together do not all end
(and start again) together.
"""

from __future__ import annotations

import logging
import pickle
import random
import threading
from collections.abc import Callable

from bridge.kube import errors
from bridge.kube.client import Kube, Obj, Resource

log = logging.getLogger(__name__)
Key = tuple[str, str]  # (namespace, name)


def resource_version(obj: Obj | None) -> str:
    """An object's resourceVersion ("" for none): opaque, compared only for equality."""
    return str(((obj or {}).get("metadata") or {}).get("resourceVersion") or "")


def key_of(obj: Obj) -> Key:
    meta = obj.get("metadata") or {}
    return (meta.get("namespace") or "", meta.get("name") or "")


class Informer:
    def __init__(self, kube: Kube, res: Resource, on_change: Callable[[str, Obj], None] | None = None, *,
                 watch_timeout: float = 300.0, label_selector: str = "") -> None:
        self.kube, self.res = kube, res
        # Only objects it selects are listed, watched and cached (a shard's share of a kind); one that
        # stops matching arrives as DELETED.
        self.label_selector = label_selector
        self._handlers = [on_change] if on_change is not None else []
        self.watch_timeout = watch_timeout
        self.cache: dict[Key, Obj] = {}
        self.rv = ""
        self.synced = threading.Event()
        self.relists = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def get(self, key: Key) -> Obj | None:
        """The caller's own copy of the cached object."""
        with self._lock:
            obj = self.cache.get(key)
        # A cached object is plain JSON data: a pickle round trip copies it in under half deepcopy's time,
        # and a poll read from the cache is mostly this copy.
        return pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)) if obj is not None else None

    def objects(self) -> list[Obj]:
        """The cached objects themselves, not copies: for counting and reading only."""
        with self._lock:
            return list(self.cache.values())

    def version(self, key: Key) -> str:
        """The cached object's resourceVersion ("" when not cached), without copying it."""
        with self._lock:
            return resource_version(self.cache.get(key))

    def subscribe(self, on_change: Callable[[str, Obj], None]) -> None:
        """Tell ``on_change`` about every change too (before :meth:`start`)."""
        self._handlers.append(on_change)

    def on_change(self, event: str, obj: Obj) -> None:
        for handler in self._handlers:
            handler(event, obj)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, daemon=True, name=f"informer-{self.res.plural}")
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _notify(self, kind: str, obj: Obj) -> None:
        try:
            self.on_change(kind, obj)
        except Exception:
            log.exception("informer of %s: the handler failed on %s %s", self.res.plural, kind, key_of(obj))

    def _list(self) -> None:
        items, rv = self.kube.list(self.res, label_selector=self.label_selector)
        items = [o for o in items if isinstance(o, dict)]
        fresh = {key_of(o): o for o in items}
        with self._lock:
            gone = [k for k in self.cache if k not in fresh]
            self.cache = fresh
            self.rv = rv
        self.relists += 1
        for k in gone:
            self._notify("DELETED", {"metadata": {"namespace": k[0], "name": k[1]}})
        for obj in items:
            self._notify("SYNC", obj)
        self.synced.set()

    def _run(self) -> None:
        delay = 0.5
        need_list = True
        while not self._stop.is_set():
            try:
                if need_list:
                    self._list()
                    need_list = False
                timeout = self.watch_timeout * (1 + random.random())
                for kind, obj in self.kube.watch(self.res, self.rv, timeout=timeout, stop=self._stop,
                                                 label_selector=self.label_selector):
                    rv = resource_version(obj)
                    if kind != "BOOKMARK":
                        with self._lock:
                            if kind == "DELETED":
                                self.cache.pop(key_of(obj), None)
                            else:
                                self.cache[key_of(obj)] = obj
                        self._notify(kind, obj)
                    if rv:
                        self.rv = rv
                    delay = 0.5
            except errors.Gone as exc:
                log.info("watch of %s ended at resourceVersion %s (%s); relisting", self.res.plural, self.rv,
                         exc.message)
                need_list = True
            except Exception as exc:  # the API server went away, a 5xx, a broken stream: try again
                log.warning("watch of %s failed: %s; retrying in %.1fs", self.res.plural, exc, delay)
                self._stop.wait(delay)
                delay = min(delay * 2, 30.0)
                need_list = need_list or (isinstance(exc, errors.APIError) and exc.code >= 500)
