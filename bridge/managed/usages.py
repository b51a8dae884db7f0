"""Every ProviderConfigUsage, known from a watch of them instead of a request per question.

Two questions are asked about usages, and each would otherwise be a request whose cost grows with
the number of managed resources: on every connect, whether this object's usage exists and names its
ProviderConfig (after a restart, once for each of thousands of objects); and in the ProviderConfig
reconciler, how many usages name a ProviderConfig (a list of every usage). :class:`Usages` answers
both from informers of the usage kinds (the cluster-scoped one and, with namespaced kinds, the
namespaced one), as crossplane-runtime's ProviderConfig reconciler counts from its cached client,
and tells a subscriber when the usages of a ProviderConfig change, so that its finalizer follows at
once rather than at the next poll.

Until both informers have listed, nothing is known (:meth:`Usages.holds` answers None and
:meth:`Usages.count` raises): a count from a half-filled cache could let a ProviderConfig in use go.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable

from bridge.api.errors import Retryable
from bridge.kube.client import Kube, Obj, Resource
from bridge.kube.informer import Informer, key_of

# (usage kind, namespace, name) → (ProviderConfig kind, ProviderConfig name) the usage names.
_Key = tuple[str, str, str]
_Ref = tuple[str, str]


def config_ref(usage: Obj) -> _Ref:
    ref = (usage.get("spec") or {}).get("providerConfigRef") or {}
    return str(ref.get("kind") or ""), str(ref.get("name") or "")


class Usages:
    def __init__(self, kube: Kube, cluster: Resource, namespaced: Resource | None = None) -> None:
        """``cluster``: the cluster-scoped usage kind (what legacy ProviderConfigs count); ``namespaced``:
        the usage kind of namespaced managed resources, if the provider has them."""
        self.cluster = cluster
        self._informers = [Informer(kube, res, self._handler(res)) for res in (cluster, namespaced) if res]
        self._refs: dict[_Key, _Ref] = {}
        self._counts: collections.Counter[str] = collections.Counter()  # legacy ProviderConfig name → usages
        self._subscribers: list[Callable[[str], None]] = []
        self._lock = threading.Lock()
        self._started = False

    def subscribe(self, changed: Callable[[str], None]) -> None:
        """Call ``changed(name)`` whenever the usages naming the legacy ProviderConfig ``name`` change."""
        with self._lock:
            self._subscribers.append(changed)

    def start(self) -> None:
        """Start watching (once; later calls do nothing)."""
        with self._lock:
            if self._started:
                return
            self._started = True
        for informer in self._informers:
            informer.start()

    def stop(self) -> None:
        for informer in self._informers:
            informer.stop()

    def synced(self) -> bool:
        return all(i.synced.is_set() for i in self._informers)

    def holds(self, res: Resource, namespace: str, name: str, ref: _Ref) -> bool | None:
        """Whether the usage ``name`` (of kind ``res``, in ``namespace``) exists and names ``ref``; None
        while that is not known yet."""
        if not self.synced():
            return None
        with self._lock:
            return self._refs.get((res.plural, namespace, name)) == ref

    def count(self, provider_config: str) -> int:
        """How many cluster-scoped usages name the legacy ProviderConfig ``provider_config``."""
        if not self.synced():
            raise Retryable("the ProviderConfigUsages are not listed yet", delay=1.0)
        with self._lock:
            return self._counts[provider_config]

    def _handler(self, res: Resource) -> Callable[[str, Obj], None]:
        counted = res == self.cluster

        def on_change(event: str, obj: Obj) -> None:
            namespace, name = key_of(obj)
            key = (res.plural, namespace, name)
            new = None if event == "DELETED" else config_ref(obj)
            with self._lock:
                old = self._refs.pop(key, None)
                if new is not None:
                    self._refs[key] = new
                if not counted or old == new:
                    return
                for ref, step in ((old, -1), (new, 1)):
                    if ref is not None:
                        self._counts[ref[1]] += step
                        if self._counts[ref[1]] <= 0:
                            del self._counts[ref[1]]
                subscribers = list(self._subscribers)
            for config in {ref[1] for ref in (old, new) if ref is not None}:
                for changed in subscribers:
                    changed(config)

        return on_change
