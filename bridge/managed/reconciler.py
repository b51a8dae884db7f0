"""The managed-resource reconciler, with crossplane-runtime's semantics.

A reconcile follows crossplane-runtime's ``managed.Reconciler``: the pause annotation or an empty
``spec.managementPolicies`` pauses; a reconcile someone asked for (``crossplane.io/reconcile-requested-at``)
is recorded in ``status.lastHandledReconcileAt``; an unsupported policy set is refused; an object
being deleted whose policies orphan the cloud object lets go of it before anything connects (so a
deleted ProviderConfig or revoked credentials never block that). Then each step is re-asserted, so
that a conflict or a crash between two of them costs only a retry: the finalizer, external-name
initialisation, reference resolution and in-use bookkeeping (each a collaborator that can be
swapped, as crossplane-runtime's ``WithX`` options), connect, observe.

Create, update and delete start in the operation pool and the reconcile returns at once, so a slow
cloud never holds up the reconciles of other objects; while one runs, the resource shows
Creating/Deleting or "update in progress" with the elapsed time, and no second one starts. When it
ends the resource is requeued and the next reconcile records the outcome: the external name and
``crossplane.io/external-create-succeeded`` (or ``-failed``), retried until they stick.
``crossplane.io/external-create-pending`` is written, and a conflict aborts the create, before any
create starts; when pending is newer than both outcomes, nothing is created blindly. Two rules are
stricter than crossplane-runtime's: a create whose outcome is unknown (interrupted mid-apply) is not
marked failed, and is recovered by a lookup of its tags or stopped with instructions; and that check
runs after observe, so an object that turns out to exist is simply adopted.

Nothing fails silently: every error ends up on its object as ``Synced=False`` with
crossplane-runtime's message prefix for the step that failed (``connect failed: ``, ``observe failed: ``,
``cannot resolve references: ``...) and its event reason, after the Redactor (no secret, capped).
A spec nested deeper than :data:`SPEC_DEPTH` levels is refused before anything recurses over it.
"""

from __future__ import annotations

import calendar
import contextlib
import copy
import dataclasses
import logging
import re
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from bridge.api import reasons
from bridge.api.errors import BridgeError, ProviderConfigFailed, ReplacementFailed, Retryable, Terminal, outcome_unknown
from bridge.api.external import Creation, ExternalClient, ImportCheck, ImportOutcome, Observation, Replacement, Update
from bridge.api.managed import (
    CREATE_FAILED,
    CREATE_PENDING,
    CREATE_SUCCEEDED,
    EXTERNAL_NAME,
    FINALIZER,
    IMPORT_CHECK_FAILED,
    PAUSED,
    POLL_INTERVAL,
    Managed,
)
from bridge.api.policies import Policies
from bridge.api.registry import Kind, ProviderPackage
from bridge.kube import decode, errors, names
from bridge.kube.cache import CachedReader
from bridge.kube.client import Kube
from bridge.kube.controller import Result, request_fingerprint
from bridge.managed import conditions, references
from bridge.managed.changelogs import ChangeLogs, NoChangeLogs
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
from bridge.managed.metrics import ManagedMetrics
from bridge.managed.operations import Operation, OperationKey, Operations
from bridge.managed.secrets import inputs_owner, outputs_owner

log = logging.getLogger(__name__)
INCOMPLETE = ("cannot determine creation result - remove the crossplane.io/external-create-pending annotation if "
              "it is safe to proceed")
PAUSED_MESSAGE = "Reconciliation is paused either through the `spec.managementPolicies` or the pause annotation"
ABSENT = "external resource does not exist"
# The success events' words, as crossplane-runtime's (the elapsed time goes to the log and the
# operation-duration metric: a message that differs each time defeats event counting).
REQUESTED = {"create": "Successfully requested creation of external resource",
             "update": "Successfully requested update of external resource",
             "delete": "Successfully requested deletion of external resource"}

# Levels of objects and arrays below ``spec``. The deepest generated schema nests far less; this
# keeps every recursion over a spec (conversion, escaping, copies, JSON) far from Python's limit.
SPEC_DEPTH = 64
# After a create succeeded, an observe that finds nothing for this long is taken for an eventually
# consistent read, not for a deleted object (crossplane-runtime's default creation grace period).
CREATION_GRACE = 30.0
# How soon an object within its creation grace period is observed again.
GRACE_RECHECK = 5.0

Connect = Callable[[Managed, Kind], ExternalClient]


def _stamp(at: float | None = None) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() if at is None else at))


def _parsed(stamp: str) -> float:
    """Seconds of an RFC 3339 annotation; 0 for a value that does not parse (as crossplane-runtime, which
    then treats it as never set: a hand-written ``true`` blocks nothing)."""
    try:
        return float(calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")))
    except ValueError:
        return 0.0


def create_incomplete(mr: Managed) -> bool:
    pending = _parsed(mr.annotations.get(CREATE_PENDING, ""))
    return pending > 0 and pending > max(_parsed(mr.annotations.get(CREATE_SUCCEEDED, "")),
                                         _parsed(mr.annotations.get(CREATE_FAILED, "")))


def create_failed_last(mr: Managed) -> bool:
    """The last create attempt was reported failed (not interrupted, not succeeded since)."""
    failed = _parsed(mr.annotations.get(CREATE_FAILED, ""))
    return failed > 0 and failed >= _parsed(mr.annotations.get(CREATE_PENDING, "")) and \
        failed > _parsed(mr.annotations.get(CREATE_SUCCEEDED, ""))


_DURATION_UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}
_DURATION_PART = re.compile(r"(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)")


def go_duration(text: str) -> float | None:
    """Seconds of a Go duration (``90s``, ``1h30m``, ``1.5h``); None when it does not parse."""
    text = text.strip()
    if text in ("0", "+0", "-0"):
        return 0.0
    sign = -1.0 if text.startswith("-") else 1.0
    body = text.lstrip("+-")
    pos, total = 0, 0.0
    while pos < len(body):
        m = _DURATION_PART.match(body, pos)
        if m is None:
            return None
        total += float(m.group(1)) * _DURATION_UNITS[m.group(2)]
        pos = m.end()
    return sign * total if body else None


class _Failed(Exception):
    """One step of a reconcile failed: what the object's condition and event say about it."""

    def __init__(self, cause: BaseException, reason: str, message: str, event: str | None = None,
                 ready: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.cause, self.reason, self.message = cause, reason, message
        self.event = message if event is None else event
        self.ready = ready


# What Synced says of a spec the cloud does not keep: updates that succeeded, then an observe still differing.
NOT_KEPT = "still differs from the spec after"


class ManagedReconciler:
    """Reconciles one kind. Collaborators not given are the API-backed defaults; ``reader``, when
    given, serves reads from an informer's cache (a settled poll then reads nothing from the API
    server)."""

    def __init__(self, *, kube: Kube, kind: Kind, package: ProviderPackage, connect: Connect,
                 operations: Operations, recorder: Recorder, poll: float = 600.0, reader: CachedReader | None = None,
                 finalizer: Finalizer | None = None, initializer: Initializer | None = None,
                 resolver: ReferenceResolver | None = None, publisher: ConnectionPublisher | None = None,
                 metrics: ManagedMetrics | None = None, min_poll: float = 0.0,
                 cross_namespace_references: bool = False, changelogs: ChangeLogs | None = None) -> None:
        self.kube, self.kind, self.package = kube, kind, package
        self.res = kind_resource(kind)
        self.connect = connect
        self.ops = operations
        self.recorder = recorder
        self.poll = poll
        self.min_poll = min_poll
        self.cache = reader
        self.metrics = metrics or ManagedMetrics()
        self.changelogs = changelogs or NoChangeLogs()
        self.finalizer = finalizer or APIFinalizer(self._update)
        self.initializer = initializer or NameAsExternalName(kind, self._update)
        self.resolver = resolver or APIReferenceResolver(kube, kind, package, self._update,
                                                         cross_namespace=cross_namespace_references)
        self.publisher = publisher or APIConnectionPublisher(kube, kind, recorder.redactor)

    def _read(self, key: tuple[str, str]) -> Managed:
        namespace, name = key
        return Managed.wrap(self.cache.get(name, namespace) if self.cache else self.kube.get(self.res, name, namespace))

    def _wrote(self, obj: dict[str, Any]) -> Managed:
        return Managed.wrap(self.cache.wrote(obj) if self.cache else obj)

    def _confirm(self, mr: Managed) -> None:
        """Before acting on the cloud: the object read from the cache must be the API server's."""
        if self.cache is not None and not self.cache.is_current(mr.obj):
            # As a write with that resourceVersion would fail: start over from the current object.
            raise errors.Conflict(409, "Conflict", "the object changed since it was read from the cache")

    def op_key(self, key: tuple[str, str]) -> OperationKey:
        return OperationKey.of(self.kind.id, key)

    def _polled(self, mr: Managed) -> Result:
        """The next poll: the controller's, or the object's own ``crossplane.io/poll-interval`` (a Go
        duration; one that does not parse, or is not positive, means the controller's)."""
        wanted = go_duration(mr.annotations.get(POLL_INTERVAL, "") or "")
        if wanted is None or wanted <= 0:
            return Result()
        return Result(requeue_after=max(wanted, self.min_poll))

    # -- writes -----------------------------------------------------------------------------

    def _update(self, mr: Managed) -> Managed:
        return self._wrote(self.kube.update(self.res, mr.obj))

    def _write_observation(self, mr: Managed, obs: Observation, policy: Policies,
                           observed: tuple[int, dict[str, str]]) -> Managed:
        """Write what an observe found onto the object (:func:`_record_observation`). A write that meets
        another one leaving the spec and annotations as they were observed (a storage migration rewriting the
        object, a referencing object's in-use finalizer, a status) is made again on the object as it now is:
        the observation still holds, and starting the reconcile over would ask the cloud again. Any other
        conflict starts it over."""
        for _ in range(2):
            try:
                return self._update(mr)
            except errors.Conflict:
                fresh = Managed.wrap(self.kube.get(self.res, mr.name, mr.namespace))
                if fresh.obj["metadata"].get("deletionTimestamp") or \
                        (fresh.generation, dict(fresh.annotations)) != observed:
                    raise
                _record_observation(fresh, obs, policy)
                mr = fresh
        return self._update(mr)

    def _status(self, mr: Managed, *conds: dict[str, Any], at_provider: dict[str, Any] | None = None,
                handled: bool = True, drift: str | None = None) -> Managed:
        """Write conditions (and atProvider, and ``status.drift``: "" clears it), and, when ``handled``,
        the reconcile request this reconcile answers; on a conflict, re-read and write them again."""
        # What the object's own namespace may read: cleaned of its tenant's secrets and the cluster's.
        tenant = mr.namespace
        if drift:
            drift = self.recorder.redactor(drift, tenant=tenant)
        redact = self.recorder.redactor
        conds = tuple(conditions.condition(c["type"], c["status"], c["reason"],
                                           redact(c.get("message") or "", tenant=tenant)) for c in conds)
        # The conditions speak of the generation this reconcile read, also when a conflict has the status
        # written onto a newer one: that one's change is still to be reconciled.
        generation = mr.generation
        for _ in range(5):
            # The new status is built beside the old one, which is left as it is to compare with (no copy
            # of it is made): a poll of a settled object ends here having written nothing.
            before = mr.obj.get("status")
            status = dict(before) if isinstance(before, dict) else {}
            status["conditions"] = conditions.merged(status.get("conditions"), generation, *conds)
            if at_provider is not None:
                status["atProvider"] = at_provider
            if handled and mr.reconcile_request:
                status["lastHandledReconcileAt"] = mr.reconcile_request
            if drift:
                status["drift"] = drift
            elif drift is not None:
                status.pop("drift", None)
            if status == before:
                return mr
            mr.obj["status"] = status
            try:
                return self._wrote(self.kube.update_status(self.res, mr.obj))
            except errors.Conflict:
                kept = {k: v for k, v in status.items() if k in ("atProvider", "lastHandledReconcileAt", "drift")}
                mr = Managed.wrap(self.kube.get(self.res, mr.name, mr.namespace))
                mr.obj["status"] = {**(mr.obj.get("status") or {}), **kept}
        raise Retryable(f"{mr.display}: status kept conflicting")

    def _annotate(self, key: tuple[str, str], values: dict[str, str], *, remove: tuple[str, ...] = ()) -> Managed:
        """Set annotations (and drop those in ``remove``), retried until they stick (they record what
        happened in the cloud)."""
        namespace, name = key
        delay = 0.05
        last: Exception | None = None
        for _ in range(10):
            try:
                mr = Managed.wrap(self.kube.get(self.res, name, namespace))
                if all(mr.annotations.get(k) == v for k, v in values.items()) and not set(remove) & set(mr.annotations):
                    return mr
                mr.set_annotations(values)
                for k in remove:
                    mr.annotations.pop(k, None)
                return self._update(mr)
            except (errors.Conflict, errors.ServerError) as exc:
                last = exc
                time.sleep(delay)
                delay = min(delay * 2, 2.0)
        where = f"{namespace}/{name}" if namespace else name
        raise Retryable(f"{self.kind.kind}/{where}: cannot record {', '.join(values)}: {last}")

    def _fail(self, mr: Managed, failed: _Failed) -> None:
        """Show the error on the object, then hand it to the controller's retry policy."""
        conds = (conditions.reconcile_error(failed.message), *([failed.ready] if failed.ready else []))
        with contextlib.suppress(errors.APIError, Retryable):  # the error itself is what matters
            self._status(mr, *conds)
        self.recorder.warning(mr.obj, failed.reason, failed.event)

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

    @contextlib.contextmanager
    def _step(self, mr: Managed, reason: str, prefix: str, *, event_is_message: bool = False,
              ready: dict[str, Any] | None = None) -> Iterator[None]:
        """Errors of one step of the reconcile, as crossplane-runtime words them: ``<prefix>: <error>``
        in Synced, and an event of ``reason`` carrying the error (or, ``event_is_message``, the same
        text as Synced). A conflict is no error: the reconcile starts over."""
        try:
            yield
        except (errors.Conflict, _Failed):
            raise
        except Exception as exc:
            message = f"{prefix}: {self._describe(mr, exc)}"
            raise _Failed(exc, reason, message, None if event_is_message else self._describe(mr, exc), ready) from exc

    # -- the reconcile ------------------------------------------------------------------------

    def reconcile(self, key: tuple[str, str]) -> Result:
        if not names.dns_subdomain(key[1]):
            # Only a lax API server stores such an object, and no request can name it.
            log.warning("%s %s: not a valid object name; not reconciled", self.kind.kind, names.shown(key[1]))
            return Result(done=True)
        op_key = self.op_key(key)
        try:
            mr = self._read(key)
        except errors.NotFound:
            return self._not_cached(key, op_key)
        self.metrics.reconciling(mr)
        policy = Policies.of(mr)
        if mr.annotations.get(PAUSED) == "true" or policy.paused:
            self.recorder.normal(mr.obj, reasons.PAUSED, PAUSED_MESSAGE)
            self._status(mr, conditions.reconcile_paused(), handled=False)
            return Result(done=True)
        if mr.reconcile_requested:
            self.recorder.normal(mr.obj, reasons.REQUEST_HANDLED, "Handling reconcile request")
        invalid = policy.invalid()
        if invalid is not None:
            # Not retried: the next spec change (a new generation) brings the object back.
            self.recorder.warning(mr.obj, reasons.CANNOT_USE_INVALID_POLICY, invalid)
            self._status(mr, conditions.reconcile_error(invalid))
            return Result(done=True)
        try:
            if decode.depth(mr.obj.get("spec"), SPEC_DEPTH) > SPEC_DEPTH:
                too_deep = Terminal(f"{mr.display}: spec: nested deeper than {SPEC_DEPTH} levels (objects and "
                                    f"arrays); no schema of this provider nests so deep")
                raise _Failed(too_deep, reasons.CANNOT_INITIALIZE,
                              f"cannot update managed resource: {too_deep}")
            finished = self.ops.finished(op_key)
            if finished is not None:
                try:
                    mr = self._collect(mr, op_key, finished)
                    if finished.verb == "delete" and finished.error is None and mr.deleting:
                        # The executor deleted it; another observe could only be misled (an import of a
                        # just-deleted ID may succeed while the cloud catches up, or fail outright).
                        self._release(mr)
                        return Result(done=True)
                except BaseException:
                    if finished.verb == "delete" and finished.error is None:
                        self.ops.put_back(finished)  # the next reconcile releases the object
                    raise
            running = self.ops.running(op_key)
            if running is not None:
                return self._show_running(mr, running)
            return self._reconcile(mr, op_key, policy)
        except errors.Conflict as exc:
            raise Retryable(f"{mr.display}: {exc.message}", delay=0.5) from exc
        except _Failed as failed:
            self._fail(mr, failed)
            raise failed.cause from None
        except Exception as exc:  # anything else, expected or not, is shown on the object and retried
            message = self._describe(mr, exc)
            self._fail(mr, _Failed(exc, reasons.CANNOT_RECONCILE, message))
            raise

    def _not_cached(self, key: tuple[str, str], op_key: OperationKey) -> Result:
        """The cache does not hold the object: deleted, or (sharded) no longer this replica's. An
        operation that ended meanwhile still has its outcome recorded, read from the API server."""
        finished = self.ops.finished(op_key)
        if finished is not None:
            try:
                mr = Managed.wrap(self.kube.get(self.res, key[1], key[0]))
            except errors.NotFound:
                mr = None
            if mr is not None:
                try:
                    mr = self._collect(mr, op_key, finished)
                    if finished.verb == "delete" and finished.error is None and mr.deleting:
                        self._release(mr)
                except (_Failed, BridgeError, errors.APIError):
                    if finished.verb == "delete" and finished.error is None:
                        self.ops.put_back(finished)  # the next reconcile releases the object
                return Result(done=True)
        gone = Managed({"kind": self.kind.kind, "metadata": {"name": key[1], "namespace": key[0]}})
        for owner in (inputs_owner(gone), outputs_owner(gone)):
            self.recorder.redactor.forget(owner)
        return Result(done=True)

    def _next_attempt(self, mr: Managed, key: OperationKey) -> str:
        wait = self.ops.retry_in(key, mr.generation)
        return f"the next attempt is at {_stamp(time.time() + wait)}" if wait > 0 else "it is retried now"

    def _collect(self, mr: Managed, key: OperationKey, op: Operation) -> Managed:
        """Record the outcome of a finished operation; every write about it happens here."""
        if op.error is not None:
            return self._collect_failure(mr, key, op, op.error)
        log.info("%s: %s succeeded in %.1fs", mr.display, op.verb, op.elapsed(),
                 extra={"object": mr.display, "operation": op.verb})
        self.changelogs.record(op.subject or mr.obj, op.verb, None)
        with contextlib.suppress(errors.APIError, Retryable):  # the observe that follows writes them again
            mr = self._status(mr, conditions.last_async_success(), conditions.async_finished(), handled=False)
        if op.verb == "create":
            created: Creation = op.result
            values = {CREATE_SUCCEEDED: _stamp(), **created.annotations}
            if created.external_name:
                values[EXTERNAL_NAME] = created.external_name
            check = created.import_check
            if check is not None and check.failed:
                values[IMPORT_CHECK_FAILED] = check.import_id
            with self._step(mr, reasons.CANNOT_UPDATE_MANAGED,
                            "cannot update managed resource annotations: cannot update critical annotations",
                            event_is_message=True, ready=conditions.creating()):
                mr = self._annotate(mr.key, values)
            with self._step(mr, reasons.CANNOT_PUBLISH, "cannot create or update connection secret",
                            ready=conditions.creating()):
                self.publisher.publish(mr, created.connection_details)
            if check is not None:
                self._show_import_check(mr, check)
        elif op.verb == "update":
            self.metrics.updated(mr)
            replaced = op.result.replaced if isinstance(op.result, Update) else None
            if replaced is not None:
                return self._replaced(mr, replaced, op.result.connection_details, op.result.annotations)
        self.recorder.normal(mr.obj, reasons.SUCCEEDED_OPERATION[op.verb], REQUESTED[op.verb])
        return mr

    def _replaced(self, mr: Managed, replaced: Replacement, details: Mapping[str, bytes],
                  annotations: Mapping[str, str]) -> Managed:
        """A replacement finished: the external name moves to the new object, which now has the connection
        details; each step has its event."""
        for reason, message in replaced.steps:
            self.recorder.normal(mr.obj, reason, message)
        with self._step(mr, reasons.CANNOT_UPDATE_MANAGED,
                        "cannot update managed resource annotations: cannot update critical annotations",
                        event_is_message=True):
            mr = self._annotate(mr.key, {EXTERNAL_NAME: replaced.new_name, **annotations})
        with self._step(mr, reasons.CANNOT_PUBLISH, "cannot create or update connection secret"):
            self.publisher.publish(mr, details)
        self.recorder.normal(mr.obj, reasons.REPLACED,
                             f"Successfully replaced external resource ({replaced.policy})")
        return mr

    def _collect_failure(self, mr: Managed, key: OperationKey, op: Operation, error: BaseException) -> Managed:
        ready: dict[str, Any] | None = None
        if op.verb == "create":
            # A create that may have reached the cloud is not "failed": the pending annotation stays,
            # and the next reconcile recovers (lookup) or stops, instead of creating a second one.
            made = getattr(error, "external_name", None)
            values = {EXTERNAL_NAME: made} if made else {}
            unknown = not made and outcome_unknown(error)
            if not unknown:
                values[CREATE_FAILED] = _stamp()
            if values:
                mr = self._annotate(mr.key, values)
            ready = conditions.creating("the create was interrupted and its outcome is unknown; looking for the object"
                                        if unknown else f"the create failed; {self._next_attempt(mr, key)}")
        elif op.verb == "delete":
            ready = conditions.deleting(f"the delete failed; {self._next_attempt(mr, key)}")
        elif isinstance(error, ReplacementFailed) and isinstance(error.replacement, Replacement):
            for reason, message in error.replacement.steps:
                self.recorder.normal(mr.obj, reason, message)
            if error.external_name and error.external_name != mr.external_name:
                # The new object lives (the old one waits to be deleted): it is this object's from now on.
                mr = self._annotate(mr.key, {EXTERNAL_NAME: error.external_name})
            elif not error.external_name and any(r == reasons.DELETED_REPLACED for r, _ in error.replacement.steps):
                # The old object is gone and no new one was made: absent on purpose. The old create's
                # success no longer holds, and must not hold back the create that follows.
                mr = self._annotate(mr.key, {CREATE_FAILED: _stamp()}, remove=(CREATE_SUCCEEDED,))
        detail = self._describe(mr, error)
        message = f"{op.verb} failed: {detail} (after {op.elapsed():.0f}s)"
        # Where an operator looks first: the log (one line per failure), the metric, a change log entry.
        shown = self.recorder.redactor(detail)
        log.warning("%s: %s failed after %.1fs: %s", mr.display, op.verb, op.elapsed(), shown,
                    extra={"object": mr.display, "operation": op.verb, "error": shown})
        self.metrics.operation_failed(mr, op.verb)
        self.changelogs.record(op.subject or mr.obj, op.verb, shown)
        self._status(mr, conditions.reconcile_error(message), *([ready] if ready else []),
                     conditions.last_async_failure(op.verb, detail), conditions.async_finished())
        self.recorder.warning(mr.obj, reasons.FAILED_OPERATION[op.verb], detail)
        return mr

    def _show_import_check(self, mr: Managed, check: ImportCheck) -> None:
        """A failed check says so at once: its annotation (written with the create's) is what makes
        a lost workspace stop with instructions; the condition and event say why."""
        if check.failed:
            message = (f"{check.describe()}; if its workspace is lost, tfbridge will stop and ask for its state "
                       f"instead of importing or creating it")
            self._status(mr, conditions.import_check_failed(message))
            self.recorder.warning(mr.obj, reasons.IMPORT_CHECK_FAILED, message)
        elif check.outcome is ImportOutcome.UNCHECKED:
            message = f"{check.describe()}; a lost workspace will be imported by this ID unproven"
            self._status(mr, conditions.import_check_unchecked(message))
            self.recorder.normal(mr.obj, reasons.IMPORT_CHECK_UNCHECKED, message)
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
        conds = (*conds, conditions.async_ongoing())
        # No observe ran: a reconcile someone asked for is handled by the one after the operation.
        self._status(mr, *conds, handled=False)
        # The end of the operation requeues the object; this only refreshes the elapsed time.
        return Result(requeue_after=30.0)

    def _held(self, mr: Managed, key: OperationKey) -> Result | None:
        """After a failed operation, wait out its backoff: the failure stays on the object meanwhile."""
        wait = self.ops.retry_in(key, mr.generation)
        return Result(requeue_after=wait) if wait > 0 else None

    def _reconcile(self, mr: Managed, key: OperationKey, policy: Policies) -> Result:
        if mr.deleting and not policy.should_delete():
            # Orphaning needs nothing of the cloud: no provider, no credentials, no observe.
            with self._step(mr, reasons.CANNOT_UPDATE_MANAGED, "cannot update object", event_is_message=True,
                            ready=conditions.deleting()):
                self._release(mr)
            return Result(done=True)
        if not mr.deleting:
            with self._step(mr, reasons.CANNOT_UPDATE_MANAGED, "cannot update object", event_is_message=True):
                mr = self.finalizer.add(mr)
            with self._step(mr, reasons.CANNOT_INITIALIZE, "cannot update managed resource",
                            event_is_message=True):
                mr = self.initializer.initialize(mr)
            with self._step(mr, reasons.CANNOT_RESOLVE_REFERENCES, "cannot resolve references", event_is_message=True):
                mr = self.resolver.resolve(mr)
        with self._step(mr, reasons.CANNOT_CONNECT, "connect failed"):
            client = self.connect(mr, self.kind)
        with self._step(mr, reasons.CANNOT_OBSERVE, "observe failed"):
            observation = client.observe(mr)
        if mr.deleting:
            return self._delete(mr, key, client, observation)
        if not observation.exists:
            return self._absent(mr, key, client, policy)
        return self._observed(mr, key, client, observation, policy)

    def _release(self, mr: Managed) -> Managed:
        """Drop our in-use finalizers from everything we referenced, then our own finalizer."""
        self.resolver.release(mr)
        had = FINALIZER in mr.finalizers
        mr = self.finalizer.remove(mr)
        if had:
            self.metrics.deleted(mr)
        return mr

    def _delete(self, mr: Managed, key: OperationKey, client: ExternalClient, obs: Observation) -> Result:
        if not obs.exists:
            self._release(mr)
            return Result(done=True)
        others = [f for f in mr.finalizers if f != FINALIZER]
        if others:
            # As crossplane-runtime: any other finalizer (a platform's own, foregroundDeletion, the in-use
            # marks of referencing resources) holds the cloud object back until it is gone.
            users = references.users(mr.obj)
            if len(users) == len(others):
                waiting = f"waiting for {len(users)} referencing resources to be deleted"
            else:
                shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
                waiting = f"waiting for {len(others)} other finalizers to be removed ({shown})"
            self._status(mr, conditions.deleting(f"{waiting} before deleting the external resource"),
                         conditions.reconcile_success())
            return Result(requeue_after=30.0)
        if (held := self._held(mr, key)) is not None:
            return held
        self._confirm(mr)
        snapshot = Managed(mr.obj)
        return self._show_running(mr, self.ops.start(key, "delete", mr.generation, lambda: client.delete(snapshot),
                                                      snapshot.obj))

    def _absent(self, mr: Managed, key: OperationKey, client: ExternalClient, policy: Policies) -> Result:
        if not policy.create:
            # A stable state, not an error to back off from: polled at the usual interval.
            self.recorder.warning(mr.obj, reasons.CANNOT_OBSERVE, ABSENT)
            self._status(mr, conditions.reconcile_error(f"observe failed: {ABSENT}"))
            return self._polled(mr)
        if create_incomplete(mr):
            return self._recover(mr, client)
        succeeded = _parsed(mr.annotations.get(CREATE_SUCCEEDED, ""))
        if succeeded and time.time() - succeeded < CREATION_GRACE:
            # Just created: a read that finds nothing yet is an eventually consistent API, not a
            # deleted object; creating again now would make a second one.
            self.recorder.normal(mr.obj, reasons.PENDING,
                                 "Waiting for external resource existence to be confirmed")
            return Result(requeue_after=GRACE_RECHECK)
        if (held := self._held(mr, key)) is not None:
            return held
        if create_failed_last(mr) and (found := self._look_before_creating_again(mr, client)) is not None:
            return found
        with self._step(mr, reasons.CANNOT_UPDATE_MANAGED, "cannot update managed resource", event_is_message=True,
                        ready=conditions.creating()):
            mr = self._tag(mr)
            mr.set_annotations({CREATE_PENDING: _stamp()})
            mr = self._update(mr)  # a conflict here aborts the create; the reconcile starts over
        snapshot = Managed(mr.obj)
        return self._show_running(mr, self.ops.start(key, "create", mr.generation, lambda: client.create(snapshot),
                                                      snapshot.obj))

    def _tag(self, mr: Managed) -> Managed:
        """Put the default tags on before create (as upjet's tagger), so a lost create can be found."""
        field = self.kind.tags_field
        tags = self.kind.default_tags(mr)
        current = mr.for_provider.get(field) if field else None
        if not field or not tags or (isinstance(current, dict) and tags.items() <= current.items()):
            return mr
        mr.set_for_provider(field, {**(current or {}), **tags})
        return self._update(mr)

    def _recover(self, mr: Managed, client: ExternalClient) -> Result:
        """A create started but recorded no outcome (the provider died, or the run was interrupted):
        adopt what a lookup by tags finds, or stop and say exactly what a person must check."""
        found = client.find(mr) if self.kind.tags_field else None
        if found is not None and len(found) == 1:
            return self._adopt(mr, found[0], "the interrupted create")
        what = self._tagged(mr)
        advice = (f"if it exists, set annotation {EXTERNAL_NAME} to its ID; if it does not, remove annotation "
                  f"{CREATE_PENDING} to create it")
        if found is None:
            detail = f"look in the cloud for {what}, created at about {mr.annotations[CREATE_PENDING]}: {advice}"
        elif not found:
            detail = f"a lookup found no {what}; check the cloud again: {advice}"
        else:
            return self._stop_for_look_alikes(mr, found)
        return self._stop_incomplete(mr, detail)

    def _look_before_creating_again(self, mr: Managed, client: ExternalClient) -> Result | None:
        """A create reported failed may still have made its object: a cloud SDK retries a request whose
        answer it lost, and the retry's "already exists" is the failure reported. So before creating again,
        a kind that can find its objects by tags looks: one found is adopted, several stop with instructions,
        none (or no lookup) lets the create go ahead."""
        if not self.kind.tags_field:
            return None
        try:
            found = client.find(mr)
        except Exception as exc:  # a lookup that cannot run must not stop creates for good
            log.info("lookup before creating %s again failed: %s", mr.display,
                     self.recorder.redactor(self._describe(mr, exc)))
            return None
        if not found:
            return None
        if len(found) == 1:
            return self._adopt(mr, found[0], "the create reported failed")
        return self._stop_for_look_alikes(mr, found)

    def _adopt(self, mr: Managed, name: str, what: str) -> Result:
        mr = self._annotate(mr.key, {EXTERNAL_NAME: name, CREATE_SUCCEEDED: _stamp()})
        self.recorder.normal(mr.obj, reasons.RECOVERED,
                             f"{what} had made {name}; adopted it, found by its tags")
        return Result()

    def _tagged(self, mr: Managed) -> str:
        tags = self.kind.default_tags(mr)
        return f"a {mr.kind} tagged {', '.join(f'{k}={v}' for k, v in sorted(tags.items()))}" if tags else \
            f"a {mr.kind} created for {mr.display}"

    def _stop_for_look_alikes(self, mr: Managed, found: tuple[str, ...]) -> Result:
        return self._stop_incomplete(mr, f"a lookup found {len(found)} of {self._tagged(mr)} ({', '.join(found)}): "
                                         f"set annotation {EXTERNAL_NAME} to the one this object owns and delete "
                                         f"the others")

    def _stop_incomplete(self, mr: Managed, detail: str) -> Result:
        message = f"{INCOMPLETE}: {detail}"
        self._status(mr, conditions.creating(), conditions.reconcile_error(message))
        self.recorder.warning(mr.obj, reasons.CANNOT_INITIALIZE, message)
        return Result()

    def _observed(self, mr: Managed, key: OperationKey, client: ExternalClient, obs: Observation,
                  policy: Policies) -> Result:
        if obs.recovered or not obs.up_to_date:
            # As crossplane-runtime: what differs, and what the observe had to repair, for whoever debugs.
            log.debug("observed %s", mr.display, extra={"diff": obs.diff, "recovered": list(obs.recovered)})
        if obs.rebuilt:
            # Never unseen: a rebuild means a state was lost or not where it should be. A kind Terraform cannot
            # import has its state written again from the external name and the spec, then read.
            external = obs.external_name or mr.external_name
            if "rebuild" in obs.recovered:
                how, rebuilt = "from the external name", f"rebuilt from external name {external} and the spec"
            else:
                how, rebuilt = "by import", f"rebuilt by importing {external}"
            log.warning("workspace rebuilt %s", how, extra={"mr": mr.display, "why": obs.rebuilt})
            self.recorder.normal(mr.obj, reasons.REBUILT_WORKSPACE, f"workspace {rebuilt}: {obs.rebuilt}")
        observed = (mr.generation, dict(mr.annotations))
        if _record_observation(mr, obs, policy):
            with self._step(mr, reasons.CANNOT_UPDATE_MANAGED, "cannot update managed resource"):
                mr = self._write_observation(mr, obs, policy, observed)
        available = conditions.available()
        # Even with nothing new to say: a restored Secret must be re-owned, keeping what it holds.
        try:
            with self._step(mr, reasons.CANNOT_PUBLISH, "cannot create or update connection secret"):
                self.publisher.publish(mr, obs.connection_details)
        except _Failed:
            # What the cloud says is true whether or not the Secret could be written.
            self._status(mr, available, at_provider=dict(obs.at_provider), drift=obs.drift)
            raise
        if obs.up_to_date and not obs.from_apply:
            # Only a read of the cloud shows that it kept what was applied: the apply's own answer always agrees.
            self.ops.converged(key)
        if not obs.up_to_date and policy.update:
            if (held := self._held(mr, key)) is not None:
                updates = self.ops.unconverged(key, mr.generation)
                conds = [available]
                if updates > 1:
                    conds.append(conditions.reconcile_error(
                        f"the external resource {NOT_KEPT} {updates} updates "
                        f"({obs.diff or 'no argument named'}); the cloud does not keep what was applied, so the "
                        f"next update waits {held.requeue_after or 0:.0f}s"))
                self._status(mr, *conds, at_provider=dict(obs.at_provider), drift=obs.drift)
                return held
            self._confirm(mr)
            snapshot = Managed(mr.obj)
            self.ops.start(key, "update", mr.generation, lambda: client.update(snapshot), snapshot.obj)
            self._status(mr, available, conditions.reconcile_success("update in progress for 0s"),
                         conditions.async_ongoing(), at_provider=dict(obs.at_provider), drift=obs.drift)
            return Result(requeue_after=30.0)
        # No operation runs now; an object found as its spec says clears an old failure (as upjet).
        done = (conditions.async_finished(), *([conditions.last_async_success()] if obs.up_to_date else []))
        written = self._status(mr, available, conditions.reconcile_success(), *done,
                               at_provider=dict(obs.at_provider), drift=obs.drift)
        if obs.up_to_date:
            self.metrics.in_sync(written)
        # Observed as it now is: a change event of this reconcile's own writes (the annotations of a create
        # just recorded, a finalizer, the external name the observe found, values late-initialised from
        # the very state it read, which plan no change) asks nothing it has not done. A status written after
        # a conflict onto an object someone else changed meanwhile answers the object observed, not that one.
        acted = request_fingerprint(written.obj) == request_fingerprint(mr.obj)
        return dataclasses.replace(self._polled(written), handled=written.obj if acted else None)


def _record_observation(mr: Managed, obs: Observation, policy: Policies) -> bool:
    """Put what an observe found on ``mr`` (the external name, the annotations it records, the values
    late-initialised into the spec); whether anything changed."""
    changed = False
    if obs.external_name and obs.external_name != mr.external_name:
        mr.set_external_name(obs.external_name)
        changed = True
    if any(mr.annotations.get(k) != v for k, v in obs.annotations.items()):
        mr.set_annotations(dict(obs.annotations))
        changed = True
    if obs.late_init and policy.late_initialize:
        changed = late_initialize(mr.obj, obs.late_init) or changed
    return changed


def late_initialize(obj: dict[str, Any], values: Mapping[str, Any]) -> bool:
    """Fill ``values`` (CR form, nested objects for single blocks, one object per element for a list
    of blocks) into ``spec.forProvider`` wherever it has nothing yet, never overwriting a value the
    spec has; True if anything was filled."""
    spec = obj.setdefault("spec", {})
    target = spec.get("forProvider")
    if not isinstance(target, dict):
        target = spec["forProvider"] = {}
    return _fill(target, values)


def _fill(target: dict[str, Any], values: Mapping[str, Any]) -> bool:
    changed = False
    for field, value in values.items():
        current = target.get(field)
        if current is None:
            target[field] = copy.deepcopy(value)
            changed = True
        elif isinstance(current, dict) and isinstance(value, Mapping):
            changed = _fill(current, value) or changed
        elif isinstance(current, list) and isinstance(value, list) and len(current) == len(value):
            for have, more in zip(current, value, strict=True):
                if isinstance(have, dict) and isinstance(more, Mapping):
                    changed = _fill(have, more) or changed
    return changed
