"""Adopting a cloud object the provider did not create is a decision, never a side effect of a name.

A kind named by its identifier (an IAM role's name) imports whatever object of that name exists, and so
does any object given an external name: with a cluster-wide ProviderConfig's credentials, a tenant could
take over an object that is not theirs, and an Observe-only object could copy a secret's value into its
connection Secret. So an object may only manage a cloud object it made, or one it was allowed to adopt:

- :class:`Claims` signs (HMAC-SHA256, with a key in a Secret of the provider's namespace) the claim
  that an object manages an external name through a ProviderConfig, and the object carries it in its
  ``tfbridge.io/claim`` annotation: written with the outcome of its own create, of a lookup by the tags
  its create put on, or of an adoption allowed. An object's author can copy a claim but cannot make one:
  it names the object, the external name and the ProviderConfig, so it holds for nothing else.
- :class:`ConfigPolicy`: which adoptions a ProviderConfig allows (``tfbridge.io/adoption: Allowed`` or
  ``Refused`` on it; by default a cluster-scoped object may adopt, a namespaced one may not), and which
  namespaces may use a ClusterProviderConfig (``tfbridge.io/allowed-namespaces``: a list, or ``*``;
  none by default).
- :class:`AdoptionGuard` wraps the executor's client: an observe that finds a cloud object the object
  has no claim to, where adoption is not allowed, fails (nothing of the object reaches the status or a
  connection Secret), and a delete of such an object leaves the cloud object alone.

The operator allows one object at a time with ``tfbridge workspaces allow-adoption``, which signs its
claim. An object made before claims existed has none: once its workspace is lost, it is refused as any
adoption is until its ProviderConfig or the operator allows it.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import secrets
import threading
from collections.abc import Mapping
from typing import Any

from bridge.api.errors import BridgeError, InvalidSpec, Retryable
from bridge.api.external import Creation, ExternalClient, Observation, Update
from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.kube.client import SECRETS, Kube, Obj

CLAIM = "tfbridge.io/claim"
ADOPTION = "tfbridge.io/adoption"
ALLOWED_NAMESPACES = "tfbridge.io/allowed-namespaces"
ALLOWED, REFUSED = "Allowed", "Refused"
ANY = "*"
_VERSION = "v1"
# An adoption refused is looked at again this often: the operator may allow it meanwhile.
REFUSED_RETRY = 120.0


class AdoptionRefused(Retryable):
    """The cloud object exists, the object has no claim to it, and adopting it is not allowed."""


@dataclasses.dataclass(frozen=True)
class ConfigPolicy:
    """What a ProviderConfig's annotations allow."""

    display: str  # "ClusterProviderConfig/default"
    adoption: str = ""  # ALLOWED, REFUSED, or "" for the default by scope
    # For a ClusterProviderConfig, the namespaces whose objects may use it (ANY among them: every one);
    # None for the other kinds.
    namespaces: frozenset[str] | None = None

    @classmethod
    def of(cls, obj: Obj, display: str, *, cluster_wide: bool) -> ConfigPolicy:
        annotations = (obj.get("metadata") or {}).get("annotations") or {}
        adoption = str(annotations.get(ADOPTION) or "")
        if adoption not in ("", ALLOWED, REFUSED):
            raise InvalidSpec(f"{display}: annotation {ADOPTION}: must be {ALLOWED} or {REFUSED}")
        namespaces = None
        if cluster_wide:
            listed = str(annotations.get(ALLOWED_NAMESPACES) or "")
            namespaces = frozenset(n.strip() for n in listed.split(",") if n.strip())
        return cls(display, adoption, namespaces)

    def may_adopt(self, mr: Managed) -> bool:
        """Whether ``mr`` may take on a cloud object it did not create."""
        if self.adoption:
            return self.adoption == ALLOWED
        return not mr.namespace

    def check_namespace(self, mr: Managed) -> None:
        """A namespaced object may use a ClusterProviderConfig only from a namespace it names."""
        if self.namespaces is None or not mr.namespace:
            return
        if ANY not in self.namespaces and mr.namespace not in self.namespaces:
            raise InvalidSpec(f"{mr.display}: spec.providerConfigRef: {self.display} may not be used from namespace "
                              f"{mr.namespace} (its annotation {ALLOWED_NAMESPACES} lists the namespaces that may)")


class Claims:
    """Signs and checks claims with a key kept in the Secret ``name`` of the provider's namespace (made
    on first use), and remembers what this process saw the provider make."""

    def __init__(self, kube: Kube, namespace: str, provider: str) -> None:
        self.kube, self.namespace = kube, namespace
        self.name = f"tfbridge-claims-{provider}"
        self._key: bytes | None = None
        self._lock = threading.Lock()
        self._made: dict[str, str] = {}  # uid → external name this process saw its create (or lookup) find

    def _load(self) -> bytes:
        with self._lock:
            if self._key is None:
                self._key = self._read_or_make()
            return self._key

    def _read_or_make(self) -> bytes:
        for _ in range(3):
            try:
                data = self.kube.get(SECRETS, self.name, self.namespace).get("data") or {}
                return base64.b64decode(data["key"])
            except errors.NotFound:
                pass
            except (KeyError, ValueError) as exc:
                raise Retryable(f"Secret {self.namespace}/{self.name}: not a claims key; delete it to make a new "
                                f"one (every claim it signed is then void)", delay=60.0) from exc
            body = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
                    "metadata": {"name": self.name, "namespace": self.namespace},
                    "data": {"key": base64.b64encode(secrets.token_bytes(32)).decode()}}
            try:
                self.kube.create(SECRETS, body, namespace=self.namespace)
            except errors.Conflict:
                continue  # another replica made it first: read theirs
        raise Retryable(f"Secret {self.namespace}/{self.name}: cannot read or make the claims key", delay=10.0)

    def sign(self, mr: Managed, external_name: str) -> str:
        key = self._load()
        group = mr.api_version.rpartition("/")[0]
        subject = "\n".join((_VERSION, group, mr.kind, mr.namespace, mr.name, external_name,
                             mr.provider_config_kind, mr.provider_config_name))
        digest = hmac.new(key, subject.encode(), hashlib.sha256).digest()
        return f"{_VERSION}:{base64.urlsafe_b64encode(digest).decode().rstrip('=')}"

    def holds(self, mr: Managed, external_name: str) -> bool:
        """Whether ``mr`` carries a claim to ``external_name`` through its ProviderConfig."""
        given = mr.annotations.get(CLAIM) or ""
        return bool(given) and hmac.compare_digest(given, self.sign(mr, external_name))

    def made(self, mr: Managed, external_name: str) -> None:
        """This process saw ``mr``'s create make ``external_name`` (or its lookup find it by its tags)."""
        with self._lock:
            if len(self._made) > 100_000:
                self._made.clear()
            self._made[mr.uid] = external_name

    def ours(self, mr: Managed, external_name: str) -> bool:
        """Whether this process saw the provider make ``external_name`` for ``mr`` (its claim not yet
        written)."""
        with self._lock:
            return bool(mr.uid) and self._made.get(mr.uid) == external_name


class AdoptionGuard:
    """An executor's client that manages only what its object made or was allowed to adopt."""

    def __init__(self, inner: ExternalClient, claims: Claims, policy: ConfigPolicy) -> None:
        self.inner, self.claims, self.policy = inner, claims, policy

    def _claimed(self, name: str, base: Mapping[str, str], mr: Managed) -> dict[str, str]:
        return {**base, CLAIM: self.claims.sign(mr, name)}

    def observe(self, mr: Managed) -> Observation:
        obs = self.inner.observe(mr)
        name = obs.external_name or mr.external_name
        if not obs.exists or not name:
            return obs
        if self.claims.holds(mr, name):
            return obs
        if self.claims.holds(mr, mr.external_name) or self.claims.ours(mr, name) or self.policy.may_adopt(mr):
            # Its own (made or found by its tags in this process, or its external name read back in the
            # provider's form) or an adoption allowed: from now on it carries its claim.
            return dataclasses.replace(obs, annotations=self._claimed(name, obs.annotations, mr))
        if mr.deleting:
            return Observation(exists=False)  # never delete what is not its own: the cloud object stays
        raise AdoptionRefused(
            f"{mr.display}: a cloud object {name!r} exists that this object did not create, and {self.policy.display} "
            f"does not allow adopting it: annotate the ProviderConfig {ADOPTION}: {ALLOWED}, or have the operator "
            f"allow this object (tfbridge workspaces allow-adoption), or choose another name",
            delay=REFUSED_RETRY)

    def create(self, mr: Managed) -> Creation:
        try:
            created = self.inner.create(mr)
        except BridgeError as exc:
            if exc.external_name:  # made, then failed (kept tainted): still its own
                self.claims.made(mr, exc.external_name)
            raise
        if not created.external_name:
            return created
        self.claims.made(mr, created.external_name)
        return dataclasses.replace(created, annotations=self._claimed(created.external_name, created.annotations, mr))

    def update(self, mr: Managed) -> Update:
        try:
            updated = self.inner.update(mr)
        except BridgeError as exc:
            if exc.external_name:  # a replacement's new object, made before the step that failed
                self.claims.made(mr, exc.external_name)
            raise
        replaced = updated.replaced
        if replaced is None or not replaced.new_name:
            return updated
        self.claims.made(mr, replaced.new_name)
        return dataclasses.replace(updated, annotations=self._claimed(replaced.new_name, updated.annotations, mr))

    def delete(self, mr: Managed) -> None:
        self.inner.delete(mr)

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        found = self.inner.find(mr)
        if found is not None and len(found) == 1:
            self.claims.made(mr, found[0])  # found by the tags its own create put on
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
