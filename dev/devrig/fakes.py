"""In-process fakes for the two seams the reconciler has: the cluster and the cloud."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator, Mapping
from typing import Any

from bridge.api import conversion
from bridge.api.errors import ImmutableChange, InvalidSpec, OperationFailed, OperationTimedOut, ReplacementFailed
from bridge.api.external import (
    Creation,
    ExternalClient,
    ImportCheck,
    Observation,
    ProviderSetup,
    Replacement,
    SecretReader,
    Update,
)
from bridge.api.managed import (
    CREATE_BEFORE_DESTROY,
    DESTROY_BEFORE_CREATE,
    REPLACE_POLICIES,
    REPLACE_POLICY,
    Managed,
    replacement_refused,
)
from bridge.api.policies import Policies
from bridge.api.registry import Kind
from bridge.kube import errors
from bridge.kube.client import Obj, Resource
from devserver import patch as patching
from devserver import store as st


def _translate(exc: st.ApiError) -> errors.APIError:
    return errors.from_status(exc.code, exc.reason, exc.message)


class StoreKube:
    """The Kube protocol over a :class:`~devserver.store.Store`, for fast reconciler tests."""

    def __init__(self, store: st.Store | None = None) -> None:
        self.store = store or st.Store()
        self.conflict_every: dict[tuple[str, str], int] = {}  # (verb, plural) → every n-th write conflicts
        self._counts: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()

    def _rt(self, res: Resource) -> st.ResourceType:
        try:
            return self.store.find(res.group, res.version, res.plural)
        except st.ApiError as exc:
            raise _translate(exc) from exc

    def _maybe_conflict(self, verb: str, res: Resource) -> None:
        every = self.conflict_every.get((verb, res.plural))
        if not every:
            return
        with self._lock:
            n = self._counts[(verb, res.plural)] = self._counts.get((verb, res.plural), 0) + 1
        if n % every == 0:
            raise errors.Conflict(409, "Conflict", f"injected conflict on {verb} {res.plural}")

    def _do(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except st.ApiError as exc:
            raise _translate(exc) from exc

    def get(self, res: Resource, name: str, namespace: str = "") -> Obj:
        return dict(self._do(self.store.get, self._rt(res), namespace, name))

    def list(self, res: Resource, namespace: str = "", label_selector: str = "") -> tuple[list[Obj], str]:
        from devserver import selectors

        reqs = selectors.parse(label_selector)
        items, rv = self.store.list_objects(self._rt(res), namespace or None,
                                            lambda o: selectors.match_labels(reqs, o["metadata"].get("labels") or {}))
        return items, str(rv)

    def watch(self, res: Resource, resource_version: str, *, timeout: float,
              stop: threading.Event, label_selector: str = "") -> Iterator[tuple[str, Obj]]:
        from devserver import selectors

        reqs = selectors.parse(label_selector)

        def matches(obj: Obj) -> bool:
            return selectors.match_labels(reqs, obj["metadata"].get("labels") or {})

        rt = self._rt(res)
        rv = int(resource_version or 0)
        changes = self.store.changes(rt.key)
        while not stop.is_set():
            with self.store.cond:
                events = self._do(self.store.events_after, rt.key, rv)
                if not events:
                    changes.wait(timeout=0.2)
            for e in events:
                rv = e.rv
                told = selectors.watch_event(e.type, e.old, e.obj, matches)
                if told is not None:
                    yield told, dict(e.obj)

    def create(self, res: Resource, obj: Obj, namespace: str = "") -> Obj:
        self._maybe_conflict("create", res)
        ns = namespace or (obj.get("metadata") or {}).get("namespace", "")
        return dict(self._do(self.store.create, self._rt(res), ns, obj))

    def update(self, res: Resource, obj: Obj) -> Obj:
        self._maybe_conflict("update", res)
        meta = obj["metadata"]
        return dict(self._do(self.store.update, self._rt(res), meta.get("namespace", ""), meta["name"], obj))

    def update_status(self, res: Resource, obj: Obj) -> Obj:
        meta = obj["metadata"]
        return dict(self._do(self.store.update, self._rt(res), meta.get("namespace", ""), meta["name"], obj,
                             subresource="status"))

    def patch(self, res: Resource, name: str, patch: Mapping[str, Any], namespace: str = "") -> Obj:
        self._maybe_conflict("patch", res)
        current = self.get(res, name, namespace)
        return self.update(res, patching.merge(current, dict(patch)))

    def delete(self, res: Resource, name: str, namespace: str = "") -> None:
        self._do(self.store.delete, self._rt(res), namespace, name)


class FakeCloud:
    """A cloud of resources keyed by external name, and the ExternalClient factory for it.

    ``block`` holds operations of a verb until the returned event is set; ``fail`` makes the next
    calls of a verb raise; ``interrupt_create`` makes the next create reach the cloud and then fail:
    interrupted with no ID recorded, or (``recorded``) failed with the object left in the state, or
    (``before_apply``) interrupted before it asked the provider, so the cloud never saw it, or
    (``reported_failed``) failed with an error that names no object, as an SDK's retry of a create whose
    answer it lost reports "already exists" for the object its first attempt made.
    ``drops`` names spec fields the cloud does not keep: applied, and gone again, so such an object
    never converges. ``calls`` counts every call per verb; every create reports ``import_check`` (None:
    not checked).
    """

    def __init__(self) -> None:
        self.resources: dict[str, dict[str, Any]] = {}
        self.calls: dict[str, int] = {}
        self.gates: dict[str, threading.Event] = {}
        self.failures: dict[str, int] = {}
        self.errors: dict[str, BaseException] = {}
        self.interrupted_creates = 0
        self.interrupted_recorded = False
        self.interrupted_before_apply = False
        self.interrupted_reported_failed = False
        self.import_check: ImportCheck | None = None
        self.setups: list[ProviderSetup] = []
        self.readers: list[SecretReader] = []  # how each client reads its *SecretRef fields
        # Secrets (namespace, name) every observe reads, as an executor reads a spec's *SecretRef fields.
        self.secret_refs: list[tuple[str, str]] = []
        self.drops: set[str] = set()
        # Answer the observe right after an update from what it applied, as the executors' state after
        # their own apply does (``Observation.from_apply``); the external names that answer is due for.
        self.answers_after_apply = False
        self.just_applied: set[str] = set()
        # Spec fields whose change needs the object replaced (Terraform's "forces replacement").
        self.forces_replacement: set[str] = set()
        # New external name → the old object a replacement has not deleted yet.
        self.deposed: dict[str, str] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def block(self, verb: str) -> threading.Event:
        gate = threading.Event()
        self.gates[verb] = gate
        return gate

    def fail(self, verb: str, times: int = 1, error: BaseException | None = None) -> None:
        """The next ``times`` calls of ``verb`` raise ``error`` (by default, a failed terraform run)."""
        self.failures[verb] = times
        if error is not None:
            self.errors[verb] = error

    def interrupt_create(self, times: int = 1, *, recorded: bool = False, before_apply: bool = False,
                         reported_failed: bool = False) -> None:
        self.interrupted_creates, self.interrupted_recorded = times, recorded
        self.interrupted_before_apply, self.interrupted_reported_failed = before_apply, reported_failed

    def _enter(self, verb: str) -> None:
        with self._lock:
            self.calls[verb] = self.calls.get(verb, 0) + 1
            failing = self.failures.get(verb, 0) > 0
            if failing:
                self.failures[verb] -= 1
        gate = self.gates.get(verb)
        if gate is not None:
            gate.wait(60)
        if failing:
            raise self.errors.get(verb) or OperationFailed(f"{verb} failed: injected", verb=verb)

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader) -> ExternalClient:
        self.setups.append(setup)
        self.readers.append(secrets)
        return _FakeClient(self, kind, secrets)


class _FakeClient:
    def __init__(self, cloud: FakeCloud, kind: Kind, secrets: SecretReader) -> None:
        self.cloud = cloud
        self.kind = kind
        self.secrets = secrets

    def observe(self, mr: Managed) -> Observation:
        self.cloud._enter("observe")
        for namespace, name in self.cloud.secret_refs:
            self.secrets(namespace, name)
        found = self.cloud.resources.get(mr.external_name) if mr.external_name else None
        if found is None:
            return Observation(exists=False)
        if mr.external_name in self.cloud.just_applied:
            self.cloud.just_applied.discard(mr.external_name)
            return Observation(exists=True, up_to_date=True, at_provider={"id": mr.external_name, **mr.for_provider},
                               external_name=mr.external_name, from_apply=True)
        found = {**found, "spec": self._seen(found)}
        late = {k: v for k, v in (found.get("late") or {}).items() if k not in mr.for_provider}
        wanted = {k: v for k, v in mr.for_provider.items() if k not in (found.get("late") or {})}
        differs = sorted(k for k in {*found["spec"], *wanted} if found["spec"].get(k) != wanted.get(k))
        return Observation(exists=True, up_to_date=not differs and mr.external_name not in self.cloud.deposed,
                           at_provider={"id": mr.external_name, **found["spec"]}, external_name=mr.external_name,
                           connection_details={"attribute.password": b"s3cret"}, late_init=late,
                           drift="; ".join(f"{k}: differs" for k in differs))

    def create(self, mr: Managed) -> Creation:
        self.cloud._enter("create")
        with self.cloud._lock:
            interrupted, self.cloud.interrupted_creates = self.cloud.interrupted_creates > 0, \
                max(0, self.cloud.interrupted_creates - 1)
        if interrupted and self.cloud.interrupted_before_apply:
            raise OperationTimedOut(f"{mr.display}: create failed: terraform apply was timed out, before it asked "
                                    "the provider to apply", applying=False)
        name = mr.external_name or f"id-{next(self.cloud._ids)}"
        self.cloud.resources[name] = {"spec": self._kept(mr), "kind": self.kind}
        if interrupted and self.cloud.interrupted_reported_failed:
            raise OperationFailed(f"{mr.display}: create failed: it already exists", verb="apply")
        if interrupted and self.cloud.interrupted_recorded:
            failed = OperationFailed(f"{mr.display}: create failed: waiting for it to become available", verb="apply")
            failed.external_name = name
            raise failed
        if interrupted:
            raise OperationTimedOut(f"{mr.display}: create failed: terraform apply was interrupted")
        return Creation(external_name=name, connection_details={"attribute.password": b"s3cret"},
                        import_check=self.cloud.import_check)

    def update(self, mr: Managed) -> Update:
        self.cloud._enter("update")
        self._delete_deposed(mr, Replacement("", "", mr.external_name))
        current = self.cloud.resources.get(mr.external_name, {}).get("spec") or {}
        changed = sorted(k for k in self.cloud.forces_replacement if current.get(k) != mr.for_provider.get(k))
        if changed:
            return self._replace(mr, changed)
        self.cloud.resources[mr.external_name] = {"spec": self._kept(mr), "kind": self.kind}
        if self.cloud.answers_after_apply:
            self.cloud.just_applied.add(mr.external_name)
        return Update()

    def _replace(self, mr: Managed, changed: list[str]) -> Update:
        """As the executors replace: the new object first (CreateBeforeDestroy) or the old one deleted
        first; "replace-create" and "replace-delete" failures inject a failed step."""
        policy = mr.replace_policy
        if policy is None:
            raise ImmutableChange(replacement_refused(mr.display, changed))
        if policy not in REPLACE_POLICIES:
            raise InvalidSpec(f"{mr.display}: metadata.annotations[{REPLACE_POLICY}]: must be one of "
                              f"{', '.join(REPLACE_POLICIES)}")
        if not (Policies.of(mr).create and Policies.of(mr).should_delete()):
            raise InvalidSpec(f"{mr.display}: replacing needs the Create and Delete management policies")
        old, steps = mr.external_name, []
        if policy == DESTROY_BEFORE_CREATE:
            self._step("replace-delete", f"{mr.display}: deleting the old object {old} failed",
                       Replacement(policy, old))
            self.cloud.resources.pop(old, None)
            steps.append(("DeletedReplacedExternalResource", f"deleted {old} to replace it"))
        self._step("replace-create", f"{mr.display}: creating the new object failed", Replacement(policy, old, "",
                                                                                                  tuple(steps)))
        new = f"id-{next(self.cloud._ids)}"
        self.cloud.resources[new] = {"spec": self._kept(mr), "kind": self.kind}
        steps.append(("CreatedReplacementExternalResource", f"created {new} to replace {old}"))
        if policy == CREATE_BEFORE_DESTROY:
            self.cloud.deposed[new] = old
            self._delete_deposed(mr, Replacement(policy, old, new, tuple(steps)))
            steps.append(("DeletedReplacedExternalResource", f"deleted {old}, replaced by {new}"))
        return Update(replaced=Replacement(policy, old, new, tuple(steps)))

    def _step(self, verb: str, message: str, replacement: Replacement) -> None:
        try:
            self.cloud._enter(verb)
        except OperationFailed as exc:
            raise ReplacementFailed(f"{message}: {exc}", replacement,
                                    external_name=replacement.new_name or None) from exc

    def _delete_deposed(self, mr: Managed, replacement: Replacement) -> None:
        old = self.cloud.deposed.get(replacement.new_name)
        if old is None:
            return
        self._step("replace-delete", f"{mr.display}: replaced by {replacement.new_name}; deleting the old "
                                     f"object {old} failed, and is retried", replacement)
        self.cloud.resources.pop(old, None)
        del self.cloud.deposed[replacement.new_name]

    def _seen(self, found: Mapping[str, Any]) -> dict[str, Any]:
        """A resource's spec as this kind's version shows it: the cloud holds values, not an API version's
        shapes, so a resource written through another version (one-element lists where this one embeds
        objects) reads as the conversion webhook shows it."""
        writer: Kind | None = found.get("kind")
        spec: dict[str, Any] = found["spec"]
        if writer is None or writer.config.version == self.kind.config.version:
            return spec
        shown = conversion.convert({"spec": {"forProvider": spec}}, writer.views(), self.kind.views(), "")
        return dict(shown["spec"]["forProvider"])

    def _kept(self, mr: Managed) -> dict[str, Any]:
        return {k: v for k, v in mr.for_provider.items() if k not in self.cloud.drops}

    def delete(self, mr: Managed) -> None:
        self.cloud._enter("delete")
        self.cloud.resources.pop(mr.external_name, None)

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        self.cloud._enter("find")
        tags = self.kind.default_tags(mr)
        if self.kind.config.lookup is None or not tags or not self.kind.tags_field:
            return None
        return tuple(sorted(name for name, r in self.cloud.resources.items()
                            if tags.items() <= (r["spec"].get(self.kind.tags_field) or {}).items()))
