"""Secrets no managed resource may read: those ProviderConfigs take their credentials from.

A ``*SecretRef`` sends a Secret's value to the cloud (an SSM parameter's ``valueSecretRef``): one that
named the provider's own credentials Secret would publish its keys. :class:`CredentialSecrets` knows
every Secret any ProviderConfig of any kind names for its credentials (``credentials.secretRef`` and
whatever else the provider's extension reads), from a watch of the ProviderConfig kinds, so the answer
follows a new ProviderConfig at once; and the Secrets the provider keeps for itself. Until the watches
have listed, nothing is known, and a read must wait.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Iterable

from bridge.kube.client import Kube, Obj, Resource
from bridge.kube.informer import Informer, key_of
from tfconfig import CredentialsExtension

SecretKey = tuple[str, str]  # (namespace, name)
DEFAULT_NAMESPACE = "default"  # a cluster-scoped ProviderConfig's secretRef without a namespace


def named_secrets(obj: Obj, extension: CredentialsExtension) -> set[SecretKey]:
    """The Secrets a ProviderConfig ``obj`` reads its credentials from."""
    spec = obj.get("spec") or {}
    if not isinstance(spec, dict):
        return set()
    creds = spec.get("credentials")
    refs = [creds.get("secretRef")] if isinstance(creds, dict) else []
    refs += extension.secret_refs(spec)
    own = key_of(obj)[0]
    out = set()
    for ref in refs:
        if isinstance(ref, dict) and isinstance(ref.get("name"), str):
            # A namespace's ProviderConfig reads its own namespace's Secrets, whatever a ref says.
            namespace = own or str(ref.get("namespace") or DEFAULT_NAMESPACE)
            out.add((namespace, ref["name"]))
    return out


class CredentialSecrets:
    def __init__(self, kube: Kube, kinds: Iterable[Resource], extension: CredentialsExtension, *,
                 own: Iterable[SecretKey] = ()) -> None:
        """``kinds``: every ProviderConfig kind; ``own``: Secrets the provider keeps for itself."""
        self.extension = extension
        self._own = frozenset(own)
        self._informers = [Informer(kube, res, self._handler(res)) for res in kinds]
        self._named: dict[tuple[str, str, str], set[SecretKey]] = {}  # (kind, namespace, name) → its Secrets
        self._counts: collections.Counter[SecretKey] = collections.Counter()  # Secret → ProviderConfigs naming it
        self._seen: set[SecretKey] = set()  # read for a ProviderConfig by this process
        self._lock = threading.Lock()

    def start(self) -> None:
        for informer in self._informers:
            informer.start()

    def stop(self) -> None:
        for informer in self._informers:
            informer.stop()

    def synced(self) -> bool:
        return all(i.synced.is_set() for i in self._informers)

    def used(self, namespace: str, name: str) -> None:
        """A ProviderConfig's credentials were just read from this Secret."""
        with self._lock:
            self._seen.add((namespace, name))

    def protects(self, namespace: str, name: str) -> bool | None:
        """Whether ``namespace/name`` holds credentials no managed resource may read; None while the
        ProviderConfigs are not listed yet (and it is not known to)."""
        key = (namespace, name)
        with self._lock:
            if key in self._own or key in self._seen or self._counts[key] > 0:
                return True
        return False if self.synced() else None

    def _handler(self, res: Resource) -> Callable[[str, Obj], None]:
        def on_change(event: str, obj: Obj) -> None:
            namespace, name = key_of(obj)
            new = set() if event == "DELETED" else named_secrets(obj, self.extension)
            with self._lock:
                old = self._named.pop((res.plural, namespace, name), set())
                if new:
                    self._named[(res.plural, namespace, name)] = new
                self._counts.subtract(old)
                self._counts.update(new)
                for gone in [k for k in old if self._counts[k] <= 0]:
                    del self._counts[gone]

        return on_change
