"""The reconciler's collaborators, as crossplane-runtime passes them in with its ``WithX`` options.

Each step a reconcile re-asserts is an object with one small protocol: the finalizer, the
external-name initialiser, the reference resolver and the connection publisher. The reconciler
makes the API-backed ones below unless it is given others, so a test can swap any one of them.
Each writes through ``update``, the reconciler's own write, which keeps its cache consistent.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Protocol

from bridge.api.errors import Terminal
from bridge.api.managed import FINALIZER, Managed
from bridge.api.registry import Kind, ProviderPackage
from bridge.kube import errors
from bridge.kube.client import Kube, Resource
from bridge.kube.redact import Redactor
from bridge.managed import connection, references
from bridge.managed.secrets import inputs_owner, outputs_owner
from tfconfig import lower_camel

Update = Callable[[Managed], Managed]  # write the object; the API server's answer


class Finalizer(Protocol):
    def add(self, mr: Managed) -> Managed: ...

    def remove(self, mr: Managed) -> Managed: ...


class Initializer(Protocol):
    def initialize(self, mr: Managed) -> Managed: ...


class ReferenceResolver(Protocol):
    def resolve(self, mr: Managed) -> Managed:
        """Fill the fields ``mr``'s references point at, and keep what they point at from being deleted."""
        ...

    def release(self, mr: Managed) -> None:
        """Let go of everything ``mr`` kept from being deleted."""
        ...


class ConnectionPublisher(Protocol):
    def publish(self, mr: Managed, details: Mapping[str, bytes]) -> bool:
        """Write ``details`` where ``mr`` asks; True if anything changed."""
        ...


def kind_resource(kind: Kind) -> Resource:
    return Resource(kind.config.group, kind.config.version, kind.config.plural, kind.kind, kind.namespaced)


class APIFinalizer:
    """``finalizer.managedresource.crossplane.io``: the cloud object is deleted before the managed resource."""

    def __init__(self, update: Update) -> None:
        self.update = update

    def add(self, mr: Managed) -> Managed:
        finalizers = mr.finalizers
        if FINALIZER in finalizers:
            return mr
        mr.set_finalizers([*finalizers, FINALIZER])
        return self.update(mr)

    def remove(self, mr: Managed) -> Managed:
        finalizers = mr.finalizers
        if FINALIZER not in finalizers:
            return mr
        mr.set_finalizers([f for f in finalizers if f != FINALIZER])
        try:
            return self.update(mr)
        except errors.NotFound:
            return mr


class NameAsExternalName:
    """A kind whose external name is its identifier starts with the object's name, as upjet's
    NameAsIdentifier does; other kinds learn theirs from the cloud. A kind named by an argument
    (``name_argument``) gets the object's name there when a new object's spec leaves it out: written
    into the spec, so that every later render and a lost workspace see the same name. An object that
    already has an external name (adopted, or created before) is never given one: renaming the cloud
    object after ``metadata.name`` is not a default's to do. A kind that serves the argument its external
    name fills (``identifier_in_spec``) starts with the value a new object's spec gives there instead."""

    def __init__(self, kind: Kind, update: Update) -> None:
        self.enabled = kind.config.external_name.name_initializer
        self.name_field = lower_camel(kind.config.name_argument) if kind.config.name_argument else ""
        served = kind.config.identifier_in_spec
        self.identifier_field = lower_camel(served) if served else ""
        self.update = update

    def initialize(self, mr: Managed) -> Managed:
        if mr.external_name:
            return mr
        named = bool(self.name_field) and all(
            spec.get(self.name_field) in (None, "") for spec in (mr.for_provider, mr.init_provider))
        if named:
            mr.set_for_provider(self.name_field, mr.name)
        if self.enabled:
            given = mr.for_provider.get(self.identifier_field) if self.identifier_field else None
            mr.set_external_name(given if isinstance(given, str) and given else mr.name)
        return self.update(mr) if named or self.enabled else mr


class APIReferenceResolver:
    """Resolves ``<field>Ref``/``<field>Selector`` and keeps an in-use finalizer on every target, so
    that nothing this object references is deleted in the cloud first."""

    def __init__(self, kube: Kube, kind: Kind, package: ProviderPackage, update: Update, *,
                 cross_namespace: bool = False) -> None:
        self.kube, self.kind, self.package = kube, kind, package
        self.update = update
        self.cross_namespace = cross_namespace

    def resolve(self, mr: Managed) -> Managed:
        if not self.kind.references and not references.pinned(mr):
            return mr  # nothing to resolve, nothing pinned to let go of
        before = copy.deepcopy(mr.obj)
        _, targets = references.resolve(self.kube, mr, self.kind, self.package, kind_resource,
                                        cross_namespace=self.cross_namespace)
        # A target pinned at an earlier API version of its kind is the same object, not a stale one.
        stale = [t for t in references.pinned(mr) if not any(references.same_object(t, u) for u in targets)]
        references.set_pinned(mr, [*targets, *stale])
        if mr.obj != before:
            mr = self.update(mr)
        finalizer, earlier = references.in_use_finalizer(mr), self._earlier(mr)
        for api_version, kind, name, namespace in targets:
            references.pin(self.kube, self._resource(api_version, kind), name, finalizer, namespace or mr.namespace,
                           replaces=earlier)
        if stale:
            for api_version, kind, name, namespace in stale:
                references.unpin(self.kube, self._resource(api_version, kind), name, (finalizer, *earlier),
                                 namespace or mr.namespace)
            references.set_pinned(mr, targets)
            mr = self.update(mr)
        return mr

    def release(self, mr: Managed) -> None:
        finalizers = (references.in_use_finalizer(mr), *self._earlier(mr))
        for api_version, kind, name, namespace in references.pinned(mr):
            references.unpin(self.kube, self._resource(api_version, kind), name, finalizers,
                             namespace or mr.namespace)

    def _earlier(self, mr: Managed) -> tuple[str, ...]:
        """What an earlier release that reconciled ``mr`` at another of its kind's versions named its pins."""
        return references.earlier_in_use_finalizers(mr, (v.name for v in self.kind.config.versions))

    def _resource(self, api_version: str, kind: str) -> Resource:
        # By group: a target pinned by an earlier release names the version its kind had then.
        group = api_version.rsplit("/", 1)[0]
        for k in self.package.kinds:
            if k.config.group == group and k.kind == kind:
                return kind_resource(k)
        raise Terminal(f"unknown referenced kind {kind} ({api_version})")


class APIConnectionPublisher:
    """Connection details in the Secret ``spec.writeConnectionSecretToRef`` names: only outputs, never a
    value the object was given from a Secret. Every detail is a secret to the redactor from then on."""

    def __init__(self, kube: Kube, kind: Kind, redactor: Redactor) -> None:
        self.kube, self.kind, self.redactor = kube, kind, redactor

    def publish(self, mr: Managed, details: Mapping[str, bytes]) -> bool:
        self.redactor.add(outputs_owner(mr), details.values(), tenant=mr.namespace)
        outputs = connection.outputs(details, input_arguments=self.kind.converter.secret_arguments,
                                     input_values=self.redactor.values(inputs_owner(mr)))
        return connection.publish(self.kube, mr, outputs)
