"""ProviderConfigs: what a managed resource connects with, and who uses which.

:class:`Connector` turns ``spec.providerConfigRef`` into an :class:`ExternalClient`: the
ProviderConfig's ``spec.configuration`` becomes provider-block arguments, and its credentials
(:mod:`bridge.managed.credentials`: a Secret, the pod's identity, a web identity, a role chain, an
endpoint) become provider-block arguments and process environment. Each connect records a
ProviderConfigUsage owned by the managed resource, so it disappears with it; the ProviderConfig
reconciler keeps a finalizer on a ProviderConfig while any usage names it.

Every poll of every managed resource connects, so a resolved ProviderConfig is remembered for
``setup_ttl`` seconds (a change to the ProviderConfig itself is seen at once, via
:meth:`Connector.forget`; a rotated credentials Secret within ``setup_ttl``). Whether a usage exists
is read from a watch of every usage (:class:`~bridge.managed.usages.Usages`), which is also what the
reconciler counts; without one, a usage known to exist is remembered for ``usage_ttl`` seconds (it
goes only with its managed resource, or by hand).

Every Secret read here is checked first (:mod:`bridge.managed.secrets`), and every value read from
one is handed to the :class:`~bridge.kube.redact.Redactor` with its tenant (the namespace it is
read for), so it can never be quoted in a condition, an event or a log.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import json
import os
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from bridge.api.errors import BridgeError, InvalidSpec, Retryable
from bridge.api.external import ExternalClient, ProviderSetup, SecretReader
from bridge.api.managed import Managed
from bridge.api.registry import Kind, ProviderPackage
from bridge.kube import errors, names
from bridge.kube.client import SECRETS, Kube, Resource
from bridge.kube.controller import Result
from bridge.kube.redact import Redactor
from bridge.managed import conditions, credentials
from bridge.managed.adoption import AdoptionGuard, Claims, ConfigPolicy
from bridge.managed.connection import owner_reference
from bridge.managed.generated import SecretGenerator
from bridge.managed.protected import DEFAULT_NAMESPACE, CredentialSecrets
from bridge.managed.secrets import SecretAccess, inputs_owner
from bridge.managed.usages import Usages
from bridge.workspace.values import provider_configuration
from tfconfig import ConfigKind, Provider

IN_USE = "in-use.crossplane.io"
USAGE_LABEL = "tfbridge.io/provider-config"

ClientFactory = Callable[[Kind, ProviderSetup, SecretReader], ExternalClient]
K = TypeVar("K")
V = TypeVar("V")


class _Expiring(Generic[K, V]):
    """A map whose entries are forgotten ``ttl`` seconds after they were stored."""

    def __init__(self, ttl: float) -> None:
        self.ttl = ttl
        self._items: dict[K, tuple[float, V]] = {}
        self._prune_at = 1024
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
        return found[1] if found is not None and found[0] > time.monotonic() else None

    def put(self, key: K, value: V) -> None:
        if self.ttl <= 0:
            return
        now = time.monotonic()
        with self._lock:
            if len(self._items) >= self._prune_at:  # entries of deleted objects are dropped now and then
                self._items = {k: v for k, v in self._items.items() if v[0] > now}
                self._prune_at = max(1024, 2 * len(self._items))
            self._items[key] = (now + self.ttl, value)

    def pop(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)


@dataclasses.dataclass(frozen=True)
class ConfigResources:
    configs: Resource
    usages: Resource
    # The namespaced root group's kinds, for namespaced managed resources: a namespace's ProviderConfig,
    # the ClusterProviderConfig, and the (namespaced) usage of either. None: no namespaced kinds.
    namespaced_configs: Resource | None = None
    cluster_configs: Resource | None = None
    namespaced_usages: Resource | None = None

    @classmethod
    def of(cls, package: ProviderPackage) -> ConfigResources:
        return cls.of_provider(package.provider)

    @classmethod
    def of_provider(cls, provider: Provider) -> ConfigResources:
        def res(c: ConfigKind) -> Resource:
            return Resource(c.group, c.version, c.plural, c.kind, c.namespaced)

        legacy = {c.kind: res(c) for c in provider.config_kinds if c.group == provider.root_group}
        modern = {c.kind: res(c) for c in provider.config_kinds if c.group != provider.root_group}
        return cls(legacy["ProviderConfig"], legacy["ProviderConfigUsage"], modern.get("ProviderConfig"),
                   modern.get("ClusterProviderConfig"), modern.get("ProviderConfigUsage"))

    def config_of(self, mr: Managed) -> tuple[Resource, str]:
        """The kind and namespace of the ProviderConfig ``mr`` names: a cluster-scoped object's is the
        legacy ProviderConfig; a namespaced object's is its own namespace's ProviderConfig or a
        ClusterProviderConfig, never another namespace's (its reference has no namespace)."""
        if not mr.namespace:
            return self.configs, ""
        kind = mr.provider_config_kind
        if kind == "ProviderConfig" and self.namespaced_configs is not None:
            return self.namespaced_configs, mr.namespace
        if kind == "ClusterProviderConfig" and self.cluster_configs is not None:
            return self.cluster_configs, ""
        raise InvalidSpec(f"{mr.display}: spec.providerConfigRef.kind: {names.shown(kind)} is neither "
                          f"ProviderConfig nor ClusterProviderConfig")


def tenant_of(mr: Managed) -> str:
    """Whose ``mr`` is, as far as shares of the provider go: its namespace, or for a cluster-scoped object
    (an operator's) its ProviderConfig."""
    return mr.namespace or f"ProviderConfig/{mr.provider_config_name}"


class Connector:
    def __init__(self, kube: Kube, package: ProviderPackage, client_factory: ClientFactory, *,
                 access: SecretAccess, redactor: Redactor, setup_ttl: float = 30.0,
                 usage_ttl: float = 3600.0, sources: credentials.Sources | None = None,
                 usages: Usages | None = None, protected: CredentialSecrets | None = None,
                 claims: Claims | None = None) -> None:
        self.kube, self.package, self.client_factory = kube, package, client_factory
        self.usages = usages
        # Without a watch of the ProviderConfigs: the Secrets this connector read credentials from.
        self.protected = protected or CredentialSecrets(kube, (), package.provider.credentials.extension)
        self.access, self.redactor = access, redactor
        # Where credentials come from: the provider's own environment is the pod's (the executors' base).
        self.sources = sources or credentials.Sources(package.provider.credentials, environ=dict(os.environ))
        self.res = ConfigResources.of(package)
        self._setups: _Expiring[str, ProviderSetup] = _Expiring(setup_ttl)
        # Kept a little longer than the setups, so that a setup known has its ProviderConfig's policy known.
        self._policies: _Expiring[str, ConfigPolicy] = _Expiring(max(setup_ttl, 1.0) + 5.0)
        # Without claims, an object adopts whatever its external name finds (tests of other things).
        self.claims = claims
        self._tenanted: _Expiring[tuple[int, str], tuple[ProviderSetup, ProviderSetup]] = _Expiring(
            max(setup_ttl, 1.0))
        self._usages: _Expiring[str, str] = _Expiring(usage_ttl)
        self.generator = SecretGenerator(kube, access, redactor, self.protected.protects)

    def forget(self, provider_config: str) -> None:
        """The ProviderConfig changed: the next connect reads it (and its Secret) again."""
        self._setups.pop(provider_config)
        self._policies.pop(provider_config)

    def read_secret(self, namespace: str, name: str, *, owner: str, tenant: str) -> Mapping[str, bytes]:
        """A Secret's data (checked beforehand); its values become secrets of ``owner`` (of ``tenant``: its
        namespace) to the Redactor."""
        try:
            secret = self.kube.get(SECRETS, name, namespace)
        except errors.NotFound as exc:
            raise Retryable(f"secret {namespace}/{name} not found", delay=10.0) from exc
        data = {k: base64.b64decode(v) for k, v in (secret.get("data") or {}).items()}
        self.redactor.add(owner, data.values(), tenant=tenant)
        return data

    def _reader(self, mr: Managed) -> SecretReader:
        """How ``mr``'s executor reads its ``*SecretRef`` fields: only Secrets the policy allows."""
        owner = inputs_owner(mr)

        def read(namespace: str, name: str) -> Mapping[str, bytes]:
            where = f"{mr.display}: a *SecretRef"
            namespace, name = self.access.check_for(mr, where, {"namespace": namespace, "name": name})
            protected = self.protected.protects(namespace, name)
            if protected is None:
                raise Retryable(f"{where}: the ProviderConfigs are not listed yet", delay=2.0)
            if protected:
                # Its value would go to the cloud: the provider's own credentials must never.
                raise InvalidSpec(f"{where}.name: Secret {namespace}/{name} holds a ProviderConfig's credentials, "
                                  f"which no managed resource may read")
            return self.read_secret(namespace, name, owner=owner, tenant=mr.namespace)

        return read

    def setup(self, name: str, res: Resource | None = None, namespace: str = "") -> ProviderSetup:
        """The legacy ProviderConfig ``name``'s setup, or that of a ProviderConfig of kind ``res`` (in
        ``namespace`` for a namespaced one)."""
        res = res or self.res.configs
        key = self._key(res, namespace, name)
        known = self._setups.get(key)
        if known is None:
            known = self._read_setup(res, namespace, name)
            self._setups.put(key, known)
        return known

    def _key(self, res: Resource, namespace: str, name: str) -> str:
        return name if res == self.res.configs else f"{res.kind}/{namespace}/{name}"

    def _read_setup(self, res: Resource, namespace: str, name: str) -> ProviderSetup:
        display = f"{res.kind}/{namespace}/{name}" if namespace else f"{res.kind}/{name}"
        try:
            pc = self.kube.get(res, name, namespace)
        except errors.NotFound as exc:
            where = f" in namespace {namespace}" if namespace else ""
            raise Retryable(f"{res.kind} {name!r} not found{where}", delay=10.0) from exc
        # What it allows is known before its credentials are resolved, so that an object it refuses learns
        # nothing of them, not even that they do not resolve.
        self._policies.put(self._key(res, namespace, name),
                           ConfigPolicy.of(pc, display, cluster_wide=res == self.res.cluster_configs))
        spec = pc.get("spec") or {}
        if namespace and spec.get("configuration"):
            # The provider block (files, proxies, endpoints) is a cluster administrator's choice.
            raise InvalidSpec(f"{display}: spec.configuration: only a cluster-scoped ProviderConfig may set it")
        configuration = provider_configuration(self.package.configuration, spec.get("configuration") or {},
                                               display)
        sourced = self.sources.resolve(
            spec, display=display, namespaced=bool(namespace),
            secret_value=lambda ref, where: self._secret_value(ref, where, namespace, owner=display),
            secret_data=lambda ref, where: self.read_secret(*self._secret_named(ref, where, namespace), owner=display,
                                                            tenant=namespace))
        self.redactor.add(display, sourced.secrets, tenant=namespace)
        # Fields of the provider's own spec win over spec.configuration where both say the same thing.
        return ProviderSetup(configuration={**configuration, **sourced.arguments}, credentials_env=sourced.env,
                             owned_env=self.package.provider.credentials.owned,
                             secret_arguments=sourced.secret_arguments)

    def _secret_named(self, ref: Mapping[str, Any], where: str, namespace: str) -> tuple[str, str]:
        """The Secret a ProviderConfig's ``secretRef`` names: a namespace's ProviderConfig reads Secrets of
        its own namespace alone; a cluster-scoped one, those the Secret policy allows."""
        if not namespace:
            found = self.access.check(where, ref, default_namespace=DEFAULT_NAMESPACE)
        else:
            if ref.get("namespace") not in (None, "", namespace):
                raise InvalidSpec(f"{where}.namespace: a namespaced ProviderConfig reads Secrets of its own "
                                  f"namespace ({namespace}) only")
            why = names.problem(ref.get("name"))
            if why:
                raise InvalidSpec(f"{where}.name: {why}")
            found = namespace, str(ref["name"])
        self.protected.used(*found)
        return found

    def _secret_value(self, ref: Mapping[str, Any], where: str, namespace: str, *, owner: str) -> bytes:
        """The value of the Secret key a ProviderConfig's ``secretRef`` names."""
        tenant = namespace
        namespace, secret_name = self._secret_named(ref, where, namespace)
        raw = self.read_secret(namespace, secret_name, owner=owner, tenant=tenant).get(str(ref["key"]))
        if raw is None:
            raise InvalidSpec(f"{where}: key {names.shown(str(ref['key']))} not in secret {namespace}/{secret_name}")
        return raw

    def track(self, mr: Managed) -> None:
        res = self.res.namespaced_usages if mr.namespace else self.res.usages
        assert res is not None
        config_ref: dict[str, str] = {"name": mr.provider_config_name}
        if mr.namespace:
            config_ref["kind"] = mr.provider_config_kind
        known = None if self.usages is None else self.usages.holds(
            res, mr.namespace, mr.uid, (config_ref.get("kind", ""), config_ref["name"]))
        if known:
            return
        using = f"{mr.provider_config_kind}/{mr.provider_config_name}"
        if known is None and self._usages.get(mr.uid) == using:
            return
        self._ensure_usage(mr, res, config_ref, absent=known is False)
        self._usages.put(mr.uid, using)

    def _ensure_usage(self, mr: Managed, res: Resource, config_ref: dict[str, str], *, absent: bool) -> None:
        """The usage, in a namespaced object's own namespace (the namespaced usage kind, naming the
        kind of ProviderConfig it uses), or cluster-scoped for a cluster-scoped object. ``absent``: the
        watch of usages holds none that names this ProviderConfig, so it is created without a GET first."""
        metadata: dict[str, Any] = {"name": mr.uid, "labels": {USAGE_LABEL: mr.provider_config_name},
                                    "ownerReferences": [owner_reference(mr)]}
        if mr.namespace:
            metadata["namespace"] = mr.namespace
        usage = {
            "apiVersion": res.api_version, "kind": "ProviderConfigUsage", "metadata": metadata,
            "spec": {"providerConfigRef": config_ref,
                     "resourceRef": {"apiVersion": mr.api_version, "kind": mr.kind, "name": mr.name, "uid": mr.uid}},
        }
        if absent:
            try:
                self.kube.create(res, usage, namespace=mr.namespace)
                return
            except errors.Conflict:
                pass  # it exists after all (naming another ProviderConfig, or a watch behind): read it
        try:
            current = self.kube.get(res, mr.uid, mr.namespace)
        except errors.NotFound:
            with contextlib.suppress(errors.Conflict):  # a parallel reconcile created it
                self.kube.create(res, usage, namespace=mr.namespace)
            return
        if current["spec"]["providerConfigRef"] != config_ref:
            current["spec"] = usage["spec"]
            current["metadata"]["labels"] = {USAGE_LABEL: mr.provider_config_name}
            self.kube.update(res, current)

    def setup_for(self, mr: Managed) -> ProviderSetup:
        """What ``mr``'s ProviderConfig resolves to, by the rules every use of it follows: the one way the
        runtime and ``tfbridge workspaces`` come by an object's credentials."""
        return self.config_for(mr)[0]

    def config_for(self, mr: Managed) -> tuple[ProviderSetup, ConfigPolicy]:
        """``mr``'s setup, and what its ProviderConfig allows; refused when a ClusterProviderConfig does not
        list ``mr``'s namespace."""
        ref = mr.spec.get("providerConfigRef") or {}
        why = names.problem(ref.get("name") or "default") if isinstance(ref, dict) else "must be an object"
        if why:
            raise InvalidSpec(f"{mr.display}: spec.providerConfigRef.name: {why}")
        self.access.check_spec(mr)
        res, namespace = self.res.config_of(mr)
        failure: BridgeError | None = None
        try:
            setup = self.setup(mr.provider_config_name, res, namespace)
        except BridgeError as exc:
            failure = exc
        key = self._key(res, namespace, mr.provider_config_name)
        policy = self._policies.get(key)
        if policy is None and failure is None:  # its entry outlived the policy's by a moment: read both again
            self._setups.pop(key)
            setup = self.setup(mr.provider_config_name, res, namespace)
            policy = self._policies.get(key)
        if policy is not None:
            policy.check_namespace(mr)
        if failure is not None:
            raise failure
        assert policy is not None
        return self._of_tenant(setup, tenant_of(mr)), policy

    def _of_tenant(self, setup: ProviderSetup, tenant: str) -> ProviderSetup:
        """``setup`` as ``tenant`` uses it: one object per setup and tenant, so that what is worked out
        about a setup (its process key) is worked out once."""
        if setup.tenant == tenant:
            return setup
        key = (id(setup), tenant)
        known = self._tenanted.get(key)
        if known is None or known[0] is not setup:
            known = (setup, dataclasses.replace(setup, tenant=tenant))
            self._tenanted.put(key, known)
        return known[1]

    def connect(self, mr: Managed, kind: Kind) -> ExternalClient:
        setup, policy = self.config_for(mr)
        self.track(mr)
        if not mr.deleting:  # after the ProviderConfig allowed the object, before its executor reads its Secrets
            self.generator.fill(mr, kind)
        client = self.client_factory(kind, setup, self._reader(mr))
        return client if self.claims is None else AdoptionGuard(client, self.claims, policy)


class ProviderConfigReconciler:
    """Keeps ``in-use.crossplane.io`` on a ProviderConfig while usages name it; counts its users.

    The count comes from ``usages`` (a watch, not a list per reconcile), which also requeues a
    ProviderConfig whenever its usages change: a deleted ProviderConfig lets go as soon as its last user
    is gone, and a settled one is otherwise looked at once a poll. ``on_change`` hears of a
    ProviderConfig whose spec changed (or that is gone), so that connects stop using what it said."""

    def __init__(self, kube: Kube, package: ProviderPackage, usages: Usages,
                 on_change: Callable[[str], None] = lambda name: None) -> None:
        self.kube = kube
        self.res = ConfigResources.of(package)
        self.usages = usages
        self.on_change = on_change
        self._generations: dict[str, object] = {}

    def reconcile(self, key: tuple[str, str]) -> Result:
        name = key[1]
        try:
            pc = self.kube.get(self.res.configs, name)
        except errors.NotFound:
            self._generations.pop(name, None)
            self.on_change(name)
            return Result(done=True)
        meta = pc["metadata"]
        if name not in self._generations or self._generations[name] != meta.get("generation"):
            self.on_change(name)
            self._generations[name] = meta.get("generation")
        users = self.usages.count(name)
        finalizers = meta.get("finalizers") or []
        if meta.get("deletionTimestamp"):
            if users == 0 and IN_USE in finalizers:
                meta["finalizers"] = [f for f in finalizers if f != IN_USE]
                self.kube.update(self.res.configs, pc)
                return Result(done=True)
            self._status(pc, users, f"cannot delete: in use by {users} managed resources")
            return Result(requeue_after=10.0)
        if IN_USE not in finalizers:
            meta["finalizers"] = [*finalizers, IN_USE]
            pc = self.kube.update(self.res.configs, pc)
        self._status(pc, users, "")
        return Result()

    def _status(self, pc: dict[str, Any], users: int, message: str) -> None:
        before = json.dumps(pc.get("status"), sort_keys=True)
        pc.setdefault("status", {})["users"] = users
        conditions.set_conditions(pc, conditions.condition("Ready", "False" if message else "True",
                                                           "InUse" if message else "Available", message))
        if json.dumps(pc.get("status"), sort_keys=True) != before:
            self.kube.update_status(self.res.configs, pc)
