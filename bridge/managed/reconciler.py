"""The managed-resource reconciler, with crossplane-runtime's semantics.

Each reconcile re-asserts every step, so that a conflict or a crash between two of them costs only
a retry: the finalizer, external-name initialisation, reference resolution and in-use bookkeeping
(each a collaborator that can be swapped, as crossplane-runtime's ``WithX`` options), then observe.
Create, update and delete start in the operation pool and the reconcile returns at once, so a slow
cloud never holds up the reconciles of other objects; while one runs, the resource shows
Creating/Deleting or "update in progress" with the elapsed time, and no second one starts. When it
ends the resource is requeued and the next reconcile records the outcome: the external name and
``crossplane.io/external-create-succeeded`` (or ``-failed``), retried until they stick.
``crossplane.io/external-create-pending`` is written, and a conflict aborts the create, before any
create starts; when pending is newer than both outcomes, nothing is created blindly.

Nothing fails silently: every error of a reconcile ends up on its object as ``Synced=False`` with
a message that passed the Redactor (no secret, capped), and an event. A spec nested deeper than
:data:`SPEC_DEPTH` levels is refused before anything recurses over it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from bridge.api.errors import BridgeError, ProviderConfigFailed, Retryable, Terminal, outcome_unknown
from bridge.api.external import Creation, ExternalClient, ImportCheck, ImportOutcome, Observation
from bridge.api.managed import (
    CREATE_FAILED,
    CREATE_PENDING,
    CREATE_SUCCEEDED,
    EXTERNAL_NAME,
    IMPORT_CHECK_FAILED,
    PAUSED,
    Managed,
)
from bridge.api.registry import Kind, ProviderPackage
from bridge.kube import decode, errors, names
from bridge.kube.cache import CachedReader
from bridge.kube.client import Kube
from bridge.kube.controller import Result
from bridge.managed import conditions, references
from bridge.managed.collaborators import (
    APIConnectionPublisher,
    APIFinalizer,
    APIReferenceResolver,
    ConnectionPublisher,
    Finalizer,
    Initializer,
    NameAsExternalName,
    ReferenceResolver,
    kind_resource,
)
from bridge.managed.events import Recorder
from bridge.managed.operations import Operation, OperationKey, Operations
from bridge.managed.secrets import inputs_owner, outputs_owner

log = logging.getLogger(__name__)
INCOMPLETE = ("cannot determine creation result - remove the crossplane.io/external-create-pending annotation if "
              "it is safe to proceed")

# Levels of objects and arrays below ``spec``. The deepest generated schema nests far less; this
# keeps every recursion over a spec (conversion, escaping, copies, JSON) far from Python's limit.
SPEC_DEPTH = 64

Connect = Callable[[Managed, Kind], ExternalClient]


def _stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def create_incomplete(mr: Managed) -> bool:
    pending = mr.annotations.get(CREATE_PENDING, "")
    return bool(pending) and pending > max(mr.annotations.get(CREATE_SUCCEEDED, ""),
                                           mr.annotations.get(CREATE_FAILED, ""))


class ManagedReconciler:
    """Reconciles one kind. Collaborators not given are the API-backed defaults; ``reader``, when
    given, serves reads from an informer's cache (a settled poll then reads nothing from the API
    server)."""

    def __init__(self, *, kube: Kube, kind: Kind, package: ProviderPackage, connect: Connect,
                 operations: Operations, recorder: Recorder, poll: float = 600.0, reader: CachedReader | None = None,
                 finalizer: Finalizer | None = None, initializer: Initializer | None = None,
                 resolver: ReferenceResolver | None = None, publisher: ConnectionPublisher | None = None) -> None:
        self.kube, self.kind, self.package = kube, kind, package
        self.res = kind_resource(kind)
        self.connect = connect
        self.ops = operations
        self.recorder = recorder
        self.poll = poll
        self.cache = reader
        self.finalizer = finalizer or APIFinalizer(self._update)
        self.initializer = initializer or NameAsExternalName(kind, self._update)
        self.resolver = resolver or APIReferenceResolver(kube, kind, package, self._update)
        self.publisher = publisher or APIConnectionPublisher(kube, kind, recorder.redactor)

    def _read(self, name: str) -> Managed:
        return Managed.wrap(self.cache.get(name) if self.cache else self.kube.get(self.res, name))

    def _wrote(self, obj: dict[str, Any]) -> Managed:
        return Managed.wrap(self.cache.wrote(obj) if self.cache else obj)

    def _confirm(self, mr: Managed) -> None:
        """Before acting on the cloud: the object read from the cache must be the API server's."""
        if self.cache is not None and not self.cache.is_current(mr.obj):
            # As a write with that resourceVersion would fail: start over from the current object.
            raise errors.Conflict(409, "Conflict", "the object changed since it was read from the cache")

    def op_key(self, key: tuple[str, str]) -> OperationKey:
        return OperationKey.of(self.kind.config.tf_type, key)

    # -- writes -----------------------------------------------------------------------------

    def _update(self, mr: Managed) -> Managed:
        return self._wrote(self.kube.update(self.res, mr.obj))

    def _status(self, mr: Managed, *conds: dict[str, Any], at_provider: dict[str, Any] | None = None) -> Managed:
        """Write conditions (and atProvider); on a conflict, re-read and write them again."""
        redact = self.recorder.redactor
        conds = tuple({**c, "message": redact(c.get("message") or "")} for c in conds)
        for _ in range(5):
            before = json.dumps(mr.obj.get("status"), sort_keys=True)
            conditions.set_conditions(mr.obj, *conds)
            if at_provider is not None:
                mr.obj.setdefault("status", {})["atProvider"] = at_provider
            if json.dumps(mr.obj.get("status"), sort_keys=True) == before:
                return mr
            try:
                return self._wrote(self.kube.update_status(self.res, mr.obj))
            except errors.Conflict:
                status = mr.obj.get("status")
                mr = Managed.wrap(self.kube.get(self.res, mr.name))
                mr.obj["status"] = {**(mr.obj.get("status") or {}), **{k: v for k, v in (status or {}).items()
                                                                        if k == "atProvider"}}
        raise Retryable(f"{mr.display}: status kept conflicting")

    def _annotate(self, name: str, values: dict[str, str]) -> Managed:
        """Set annotations, retried until they stick (they record what happened in the cloud)."""
        delay = 0.05
        last: Exception | None = None
        for _ in range(10):
            try:
                mr = Managed.wrap(self.kube.get(self.res, name))
                if all(mr.annotations.get(k) == v for k, v in values.items()):
                    return mr
                mr.set_annotations(values)
                return self._update(mr)
            except (errors.Conflict, errors.ServerError) as exc:
                last = exc
                time.sleep(delay)
                delay = min(delay * 2, 2.0)
        raise Retryable(f"{self.kind.kind}/{name}: cannot record {', '.join(values)}: {last}")

    def _fail(self, mr: Managed, exc: BaseException, reason: str) -> None:
        """Show the error on the object, then hand it to the controller's retry policy."""
        message = self._describe(mr, exc)
        with contextlib.suppress(errors.APIError, Retryable):  # the error itself is what matters
            self._status(mr, conditions.reconcile_error(message))
        self.recorder.warning(mr.obj, reason, message)

    def _describe(self, mr: Managed, exc: BaseException) -> str:
        """What the object's condition and event say about ``exc``."""
        if isinstance(exc, ProviderConfigFailed):
            # The provider may quote what it was configured with (a region read from a file, a
            # credential): its words go to the log only, which the operator reads, not the object's author.
            log.warning("%s: %s", mr.display, exc, extra={"object": mr.display})
            return (f"the provider refused its configuration (ProviderConfig {mr.provider_config_name!r}: its "
                    f"credentials, region or another provider setting); the provider's log has its words, "
                    f"logged for {mr.display}")
        if isinstance(exc, BridgeError | errors.APIError):
            return str(exc)
        return f"unexpected {type(exc).__name__}: {exc}"

    # -- the reconcile ------------------------------------------------------------------------

    def reconcile(self, key: tuple[str, str]) -> Result:
        if not names.dns_subdomain(key[1]):
            # Only a lax API server stores such an object, and no request can name it.
            log.warning("%s %s: not a valid object name; not reconciled", self.kind.kind, names.shown(key[1]))
            return Result(done=True)
        try:
            mr = self._read(key[1])
        except errors.NotFound:
            gone = Managed({"kind": self.kind.kind, "metadata": {"name": key[1]}})
            for owner in (inputs_owner(gone), outputs_owner(gone)):
                self.recorder.redactor.forget(owner)
            return Result(done=True)
        if mr.annotations.get(PAUSED) == "true":
            self._status(mr, conditions.reconcile_paused())
            return Result(done=True)
        if decode.depth(mr.obj.get("spec"), SPEC_DEPTH) > SPEC_DEPTH:
            self._fail(mr, Terminal(f"{mr.display}: spec: nested deeper than {SPEC_DEPTH} levels (objects and "
                                    f"arrays); no schema of this provider nests so deep"), "CannotReconcile")
            raise Terminal(f"{mr.display}: spec nested too deep")
        op_key = self.op_key(key)
        try:
            finished = self.ops.finished(op_key)
            if finished is not None:
                mr = self._collect(mr, finished)
                if finished.verb == "delete" and finished.error is None and mr.deleting:
                    # The executor deleted it; another observe could only be misled (an import of a
                    # just-deleted ID may succeed while the cloud catches up).
                    self._release(mr)
                    return Result(done=True)
            running = self.ops.running(op_key)
            if running is not None:
                return self._show_running(mr, running)
            return self._reconcile(mr, op_key)
        except errors.Conflict as exc:
            raise Retryable(f"{mr.display}: {exc.message}", delay=0.5) from exc
        except Exception as exc:  # anything else, expected or not, is shown on the object and retried
            self._fail(mr, exc, "CannotReconcile")
            raise

    def _collect(self, mr: Managed, op: Operation) -> Managed:
        """Record the outcome of a finished operation; every write about it happens here."""
        if op.error is not None:
            if op.verb == "create":
                # A create that may have reached the cloud is not "failed": the pending annotation stays,
                # and the next reconcile recovers (lookup) or stops, instead of creating a second one.
                made = getattr(op.error, "external_name", None)
                values = {EXTERNAL_NAME: made} if made else {}
                if made or not outcome_unknown(op.error):
                    values[CREATE_FAILED] = _stamp()
                if values:
                    mr = self._annotate(mr.name, values)
            reason = {"create": "CannotCreateExternalResource", "update": "CannotUpdateExternalResource",
                      "delete": "CannotDeleteExternalResource"}[op.verb]
            message = f"{op.verb} failed after {op.elapsed():.0f}s: {self._describe(mr, op.error)}"
            self._status(mr, conditions.reconcile_error(message))
            self.recorder.warning(mr.obj, reason, message)
            return mr
        if op.verb == "create":
            created: Creation = op.result
            values = {CREATE_SUCCEEDED: _stamp()}
            if created.external_name:
                values[EXTERNAL_NAME] = created.external_name
            check = created.import_check
            if check is not None and check.failed:
                values[IMPORT_CHECK_FAILED] = check.import_id
            mr = self._annotate(mr.name, values)
            self.publisher.publish(mr, created.connection_details)
            self.recorder.normal(mr.obj, "CreatedExternalResource", f"created in {op.elapsed():.1f}s")
            if check is not None:
                self._show_import_check(mr, check)
        elif op.verb == "update":
            self.recorder.normal(mr.obj, "UpdatedExternalResource", f"updated in {op.elapsed():.1f}s")
        else:
            self.recorder.normal(mr.obj, "DeletedExternalResource", f"deleted in {op.elapsed():.1f}s")
        return mr

    def _show_import_check(self, mr: Managed, check: ImportCheck) -> None:
        """A failed check says so at once: its annotation (written with the create's) is what makes
        a lost workspace stop with instructions; the condition and event say why."""
        if check.failed:
            message = (f"{check.describe()}; if its workspace is lost, tfbridge will stop and ask for its state "
                       f"instead of importing or creating it")
            self._status(mr, conditions.import_check_failed(message))
            self.recorder.warning(mr.obj, "ImportCheckFailed", message)
        elif check.outcome is ImportOutcome.IMPORTED and conditions.get(mr.obj, conditions.IMPORTABLE):
            # A failed check of an earlier create no longer holds for this one.
            self._status(mr, conditions.import_check_passed(check.describe()))

    def _show_running(self, mr: Managed, op: Operation) -> Result:
        elapsed = f"{op.elapsed():.0f}s"
        conds: tuple[dict[str, Any], ...]
        if op.verb == "create":
            conds = (conditions.creating(f"create in progress for {elapsed}"), conditions.reconcile_success())
        elif op.verb == "delete":
            conds = (conditions.deleting(f"delete in progress for {elapsed}"), conditions.reconcile_success())
        else:
            conds = (conditions.reconcile_success(f"update in progress for {elapsed}"),)
        self._status(mr, *conds)
        # The end of the operation requeues the object; this only refreshes the elapsed time.
        return Result(requeue_after=30.0)

    def _held(self, mr: Managed, key: OperationKey) -> Result | None:
        """After a failed operation, wait out its backoff: the failure stays on the object meanwhile."""
        wait = self.ops.retry_in(key, mr.generation)
        return Result(requeue_after=wait) if wait > 0 else None

    def _reconcile(self, mr: Managed, key: OperationKey) -> Result:
        if not mr.deleting:
            mr = self.finalizer.add(mr)
            mr = self.initializer.initialize(mr)
            mr = self.resolver.resolve(mr)
        client = self.connect(mr, self.kind)
        observation = client.observe(mr)
        if mr.deleting:
            return self._delete(mr, key, client, observation)
        if not observation.exists:
            return self._create(mr, key, client)
        return self._observed(mr, key, client, observation)

    def _release(self, mr: Managed) -> Managed:
        """Drop our in-use finalizers from everything we referenced, then our own finalizer."""
        self.resolver.release(mr)
        return self.finalizer.remove(mr)

    def _delete(self, mr: Managed, key: OperationKey, client: ExternalClient, obs: Observation) -> Result:
        if not obs.exists or mr.deletion_policy == "Orphan" or not mr.allows("Delete"):
            self._release(mr)
            return Result(done=True)
        users = references.users(mr.obj)
        if users:
            self._status(mr, conditions.deleting(f"waiting for {len(users)} referencing resources to be deleted "
                                                 f"before deleting the external resource"),
                         conditions.reconcile_success())
            return Result(requeue_after=30.0)
        if (held := self._held(mr, key)) is not None:
            return held
        self._confirm(mr)
        snapshot = Managed(mr.obj)
        return self._show_running(mr, self.ops.start(key, "delete", mr.generation, lambda: client.delete(snapshot)))

    def _create(self, mr: Managed, key: OperationKey, client: ExternalClient) -> Result:
        if not mr.allows("Create"):
            self._status(mr, conditions.unavailable(), conditions.reconcile_error(
                "external resource does not exist and the management policies do not allow creating it"))
            return Result()
        if create_incomplete(mr):
            return self._recover(mr, client)
        if (held := self._held(mr, key)) is not None:
            return held
        mr = self._tag(mr)
        mr.set_annotations({CREATE_PENDING: _stamp()})
        mr = self._update(mr)  # a conflict here aborts the create; the reconcile starts over
        snapshot = Managed(mr.obj)
        return self._show_running(mr, self.ops.start(key, "create", mr.generation, lambda: client.create(snapshot)))

    def _tag(self, mr: Managed) -> Managed:
        """Put the default tags on before create (as upjet's tagger), so a lost create can be found."""
        field = self.kind.tags_field
        tags = self.kind.config.default_tags(mr.name, mr.provider_config_name)
        current = mr.for_provider.get(field) if field else None
        if not field or not tags or (isinstance(current, dict) and tags.items() <= current.items()):
            return mr
        mr.set_for_provider(field, {**(current or {}), **tags})
        return self._update(mr)

    def _recover(self, mr: Managed, client: ExternalClient) -> Result:
        """A create started but recorded no outcome (the provider died, or the run was interrupted):
        adopt what a lookup by tags finds, or stop and say exactly what a person must check."""
        tags = self.kind.config.default_tags(mr.name, mr.provider_config_name)
        found = client.find(mr) if self.kind.tags_field else None
        if found is not None and len(found) == 1:
            mr = self._annotate(mr.name, {EXTERNAL_NAME: found[0], CREATE_SUCCEEDED: _stamp()})
            self.recorder.normal(mr.obj, "RecoveredExternalResource",
                                 f"the interrupted create had made {found[0]}; adopted it, found by its tags")
            return Result()
        what = f"a {mr.kind} tagged {', '.join(f'{k}={v}' for k, v in sorted(tags.items()))}" if tags else \
            f"a {mr.kind} created for {mr.display}"
        advice = (f"if it exists, set annotation {EXTERNAL_NAME} to its ID; if it does not, remove annotation "
                  f"{CREATE_PENDING} to create it")
        if found is None:
            detail = f"look in the cloud for {what}, created at about {mr.annotations[CREATE_PENDING]}: {advice}"
        elif not found:
            detail = f"a lookup found no {what}; check the cloud again: {advice}"
        else:
            detail = (f"a lookup found {len(found)} of {what} ({', '.join(found)}): set annotation {EXTERNAL_NAME} "
                      f"to the one this object owns and delete the others")
        message = f"{INCOMPLETE}: {detail}"
        self._status(mr, conditions.unavailable(), conditions.reconcile_error(message))
        self.recorder.warning(mr.obj, "CannotInitializeManagedResource", message)
        return Result()

    def _observed(self, mr: Managed, key: OperationKey, client: ExternalClient, obs: Observation) -> Result:
        if obs.recovered or not obs.up_to_date:
            # As crossplane-runtime: what differs, and what the observe had to repair, for whoever debugs.
            log.debug("observed %s", mr.display, extra={"diff": obs.diff, "recovered": list(obs.recovered)})
        changed = False
        if obs.external_name and obs.external_name != mr.external_name:
            mr.set_external_name(obs.external_name)
            changed = True
        if obs.late_init and mr.allows("LateInitialize"):
            for field, value in obs.late_init.items():
                if field not in mr.for_provider:
                    mr.set_for_provider(field, value)
                    changed = True
        if changed:
            mr = self._update(mr)
        # Even with nothing new to say: a restored Secret must be re-owned, keeping what it holds.
        try:
            self.publisher.publish(mr, obs.connection_details)
        except BridgeError:
            # What the cloud says is true whether or not the Secret could be written.
            self._status(mr, conditions.available(), at_provider=dict(obs.at_provider))
            raise
        if not obs.up_to_date and mr.allows("Update"):
            if (held := self._held(mr, key)) is not None:
                self._status(mr, conditions.available(), at_provider=dict(obs.at_provider))
                return held
            self._confirm(mr)
            snapshot = Managed(mr.obj)
            self.ops.start(key, "update", mr.generation, lambda: client.update(snapshot))
            self._status(mr, conditions.available(), conditions.reconcile_success("update in progress for 0s"),
                         at_provider=dict(obs.at_provider))
            return Result(requeue_after=30.0)
        self._status(mr, conditions.available(), conditions.reconcile_success(), at_provider=dict(obs.at_provider))
        return Result()
