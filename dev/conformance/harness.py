"""One kind's four steps (create, reimport, update, delete) against the cluster, the provider and moto."""

from __future__ import annotations

import base64
import contextlib
import shutil
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bridge.api.registry import Kind, ProviderPackage
from bridge.managed.reconciler import NOT_KEPT
from conformance.classes import EXAMPLE, MOTO, OURS, TIMEOUT, classify
from conformance.counting import MotoCount, second_objects, serves
from conformance.deletion import after_delete
from conformance.examples import Bundle, renamed
from conformance.result import Result, StepFailed
from conformance.update import MAX_CHANGES, Change, changes
from devrig import cloud

# The provider's arguments for the runner's own reads. The account ID is asked of moto's STS, as a
# provider in a real account asks it (the ProviderConfig the runtime uses says the same): an importer
# or a read that builds an ARN from it (an ECS capacity provider's, an Athena workgroup's) finds
# nothing by an ARN with no account in it.
_CONFIGURATION = {**cloud.MOTO_CONFIGURATION, "skip_requesting_account_id": False}
# Seconds an object may say Synced=False (not about a reference) before that is its step's failure: the
# reconciler retries at once, so a failure that lasts this long is the cloud's answer, not a moment's.
SETTLE_SECONDS = 10.0
# Seconds a kind still not Ready may go on after moto missed a host of its own services: long enough
# for the provider's own failure (which names the call) to be seen first, short because nothing moto
# has no backend for ever answers.
NO_BACKEND_SECONDS = 3.0
_ANNOTATION = "conformance.tfbridge.io/step"


class Harness:
    """The cluster, the provider and the cloud one run shares."""

    def __init__(self, kube: Any, package: ProviderPackage, store_root: Path, count: MotoCount,
                 timeout: float, read: Any, unsupported: list[str], failures: list[str], *,
                 read_root: Path | None = None) -> None:
        self.unsupported = unsupported  # AWS hosts moto had no backend for, so far
        self.failures = failures  # moto's 5xx answers, so far
        self.kube, self.package, self.root, self.count, self.timeout = kube, package, store_root, count, timeout
        # Executors of their own, on a workspace root of their own: the provider's read of a deleted object.
        self.read = read
        self.read_root = read_root or store_root.parent / "gone"
        self._local = threading.local()  # per worker: the first object not Ready at its last look

    def res(self, kind: Kind) -> Any:
        from bridge.kube.client import Resource

        group, version = kind.api_version.split("/")
        return Resource(group, version, kind.config.plural, kind.kind)

    def get(self, kind: Kind, name: str) -> dict[str, Any] | None:
        from bridge.kube import errors

        try:
            obj: dict[str, Any] = self.kube.get(self.res(kind), name)
            return obj
        except errors.NotFound:
            return None

    def workspace(self, kind: Kind, name: str) -> Any:
        from bridge.workspace.store import WorkspaceStore

        return WorkspaceStore(self.root).get(kind.api_version, kind.kind, name)

    @property
    def stuck(self) -> str:
        return str(getattr(self._local, "stuck", ""))

    @stuck.setter
    def stuck(self, value: str) -> None:
        self._local.stuck = value

    def wait(self, what: str, done: Callable[[], str | None], timeout: float | None = None) -> None:
        """Wait until ``done`` returns "" (done); it returns None (keep waiting) or a failure's words."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            answer = done()
            if answer == "":
                return
            if answer is not None:
                raise StepFailed(answer)
            if time.monotonic() > deadline:
                # Classified by the words of the conditions it ends with; none: ours.
                raise StepFailed(f"timed out waiting for {what}" + (f"; {self.stuck}" if self.stuck else ""))
            time.sleep(0.5)

    def ready(self, objects: Sequence[tuple[Kind, dict[str, Any]]], since: dict[str, float]) -> str | None:
        """"" when the kind under test (the last object) is Ready and Synced and what it references is
        Ready; a failure's words once one has said Synced=False for a while (not about a reference still
        resolving); None to keep waiting.

        A referenced object only has to exist: one whose later updates moto does not keep (a backup
        vault's tags, which moto never lists) would otherwise fail the kind that references it, or not,
        by how soon its second update lands."""
        waiting = False
        self.stuck = ""
        now = time.monotonic()
        for index, (kind, m) in enumerate(objects):
            name = m["metadata"]["name"]
            obj = self.get(kind, name) or {}
            conds = {c["type"]: c for c in (obj.get("status") or {}).get("conditions") or []}
            referenced = index < len(objects) - 1
            if conds.get("Ready", {}).get("status") == "True" and \
                    (referenced or conds.get("Synced", {}).get("status") == "True"):
                continue
            earlier_waiting, waiting = waiting, True
            self.stuck = self.stuck or f"{kind.kind}/{name}: " + "; ".join(
                f"{c['type']}={c.get('status')} {c.get('reason', '')} {c.get('message', '')}".strip()
                for c in conds.values())
            synced = conds.get("Synced", {})
            message = synced.get("message", "")
            if earlier_waiting:
                # An object whose references resolved before what they name was made (a name is known
                # at once) fails its create until it is: only its own failure, once those are Ready, counts.
                since.pop(name, None)
                since.pop(f"{name} after its references", None)
                continue
            # The failure it shows may be one from before its references were Ready, which its next
            # attempt does not repeat: for a while after they are, it counts only once it has settled.
            references_ready = since.setdefault(f"{name} after its references", now)
            if synced.get("status") == "False" and "reference" not in message.lower():
                # A failed create is the provider's answer; anything else may still settle.
                first = since.setdefault(name, now)
                # The provider's own verdict: a failed call, or updates the cloud did not keep.
                answered = any(f"{verb} failed" in message for verb in ("create", "update")) or NOT_KEPT in message
                if (answered and (index == 0 or now - references_ready > SETTLE_SECONDS)) or \
                        now - first > SETTLE_SECONDS:
                    return f"{kind.kind}/{name}: {message}"
        # Only hosts of the example's own services: the other workers' kinds miss hosts meanwhile.
        types = [k.config.tf_type for k, _ in getattr(self._local, "objects", objects)]
        missed = sorted(h for h in set(self.unsupported[:]) - getattr(self._local, "baseline", set())
                        if serves(h, types))
        if waiting and missed and time.monotonic() - getattr(self._local, "started", 0.0) > NO_BACKEND_SECONDS:
            return f"moto has no backend for {', '.join(missed)}"
        return None if waiting else ""

    def run(self, bundle: Bundle, prefix: str) -> Result:
        started = self._local.started = time.monotonic()
        self._local.baseline = set(self.unsupported[:])
        failures_before = len(self.failures)
        result = Result(bundle.kind.config.tf_type)
        objects = self._local.objects = renamed(bundle, prefix)
        types = [k.config.tf_type for k, _ in objects]
        kind, target = objects[-1]
        name = target["metadata"]["name"]
        step = "create"
        lap = started
        try:
            for k, m in objects:
                try:
                    self.kube.create(self.res(k), m)
                except Exception as exc:  # the API server refusing the example: its admission, its schema
                    raise StepFailed(f"refused {k.kind}/{m['metadata']['name']}: {exc}", EXAMPLE) from exc
            since: dict[str, float] = {}
            self.wait(f"{name} Ready", lambda: self.ready(objects, since))
            obj = self.get(kind, name) or {}
            external = (obj["metadata"].get("annotations") or {}).get("crossplane.io/external-name", "")
            result.external_name = external
            meta = self.workspace(kind, name).meta()
            result.import_check_seconds = meta.import_check_seconds
            # A create that failed but left its object in the state is not checked: its retry imports the
            # object by the same import ID, which proves the ID as the check would.
            result.import_check = meta.import_check or ("recovered" if meta.failed_operation == "create" else "")
            # A check cut short by its deadline proves nothing either way: the reimport step below,
            # which imports by the same ID, decides.
            if meta.import_check and meta.import_check not in ("imported", "unchecked"):
                raise StepFailed(f"the import check at create: {meta.import_check} by import ID {meta.import_id!r}",
                                 OURS)
            result.steps[step] = "ok"

            result.step_seconds[step], lap = round(time.monotonic() - lap, 1), time.monotonic()
            step = "reimport"
            needles = (name, external)
            before = self.count.where(needles)
            ws = self.workspace(kind, name)
            self._lose(ws)
            self.kube.patch(self.res(kind), name, {"metadata": {"annotations": {_ANNOTATION: "reimport"}}})

            failing: dict[str, float] = {}

            def reimported() -> str | None:
                current = self.get(kind, name) or {}
                now = (current["metadata"].get("annotations") or {}).get("crossplane.io/external-name", "")
                if now != external:
                    return f"the external name changed from {external!r} to {now!r}"
                # Ready from before the state was lost counts only once the state is back; a failure
                # (Synced=False for a while) counts at once, in its own words.
                answer = self.ready([(kind, current)], failing)
                return None if answer == "" and not ws.state_path.exists() else answer

            self.wait(f"{name} imported again", reimported)
            after = self.count.where(needles)
            second = second_objects(before, after)
            if second:
                result.duplicates = second
                held = ", ".join(f"{m} {len(after.get(m, set()))}, {len(ids)} before" for m, ids in before.items()
                                 if len(after.get(m, set())) > len(ids))
                raise StepFailed(f"moto holds objects naming {name} or {external}: {held}", OURS)
            result.steps[step] = "ok"

            result.step_seconds[step], lap = round(time.monotonic() - lap, 1), time.monotonic()
            step = "update"
            result.steps[step] = self._update(kind, name, ws, prefix.strip("-"), failing)

            result.step_seconds[step], lap = round(time.monotonic() - lap, 1), time.monotonic()
            step = "delete"
            last = self.get(kind, name) or {}
            self._delete(objects)
            result.steps[step] = after_delete(kind.config.tf_type, external, lambda: self._exists(kind, last))
        except StepFailed as exc:
            moto_failed = sorted({f for f in self.failures[failures_before:] if serves(f.split(" ")[0], types)})
            if exc.culprit in (None, OURS) and classify(str(exc)) in (OURS, TIMEOUT) and moto_failed:
                # Nothing in the runtime's words, but moto failed calls meanwhile: an operation it does not emulate.
                result.fail(step, f"{exc}; moto answered {', '.join(moto_failed[:5])}", MOTO)
            else:
                result.fail(step, str(exc), exc.culprit)
        except Exception as exc:
            result.fail(step, f"{type(exc).__name__}: {exc}", OURS)
        finally:
            if result.failure:
                with contextlib.suppress(Exception):
                    self._delete(objects, quiet=True)
            result.step_seconds.setdefault(step, round(time.monotonic() - lap, 1))
            result.seconds = round(time.monotonic() - started, 1)
        return result

    def _lose(self, ws: Any) -> None:
        """Everything in the workspace removed (its state, its configuration, the provider's files), as
        a lost volume would leave it; under the workspace's lock, so an operation still running on it
        (an update right after the create) ends first instead of finding its files gone mid-write."""
        from bridge.workspace.store import LOCK

        with ws.lock("conformance: the workspace lost", self.timeout):
            for entry in ws.dir.iterdir():
                if entry.name == LOCK:
                    continue
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)

    def _update(self, kind: Kind, name: str, ws: Any, mark: str, failing: dict[str, float]) -> str:
        """Change one mutable argument (:func:`changes`) that the provider updates in place, and wait
        until the change is in the state; the step's words say which. None that the plan updates in
        place: skipped, saying what each candidate would have done."""
        inst = self._instance(ws)
        state = inst.attributes if inst is not None else {}
        tried = []
        refused: StepFailed | None = None
        for_provider = ((self.get(kind, name) or {}).get("spec") or {}).get("forProvider") or {}
        for change in changes(kind, for_provider, state, mark)[:MAX_CHANGES]:
            why = self._in_place(kind, name, change)
            if why:
                tried.append(f"{change.argument} {why}")
                continue
            self.kube.patch(self.res(kind), name, {"spec": {"forProvider": {change.field: change.value}}})

            def updated(change: Change = change) -> str | None:
                # Ready from before the change counts only once the change is in the state; a failure
                # counts at once.
                answer = self.ready([(kind, self.get(kind, name) or {})], failing)
                inst = self._instance(ws)
                if inst is None or not change.shown(inst.attributes.get(change.argument)):
                    return None if answer == "" else answer
                return answer

            try:
                self.wait(f"{name} updated ({change.argument})", updated)
            except StepFailed as exc:
                failure = StepFailed(f"changing {change.argument}: {exc}", exc.culprit)
                culprit = exc.culprit or classify(str(exc))
                # moto does not emulate updating this argument, or the value the step chose for it is
                # refused with the rest of the spec (a flag another argument must come with, which a plan
                # does not validate): the next candidate may still prove the step. Only moto's refusal
                # fails the kind when none does; the step's own choice of value is not the kind's fault.
                if culprit not in (MOTO, EXAMPLE) or not self._revert(kind, name, change, for_provider):
                    raise (refused or failure) from exc
                if culprit == MOTO:
                    refused = refused or failure
                tried.append(f"{change.argument} refused ({culprit})")
                continue
            return f"ok: {change.words}"
        if refused is not None:
            raise refused
        if not tried:
            return "skipped: no tags, free-text or optional boolean argument to change"
        return "skipped: no argument changes in place (" + "; ".join(tried) + ")"

    def _revert(self, kind: Kind, name: str, change: Change, for_provider: Mapping[str, Any]) -> bool:
        """Put ``change``'s argument back as the spec had it, and whether the object is Ready and Synced
        again within the step's time."""
        before = for_provider.get(change.field)
        if isinstance(before, Mapping) and isinstance(change.value, Mapping):
            # A merge patch merges maps: the keys the change added are removed by name.
            before = {**{k: None for k in change.value if k not in before}, **before}
        patched = self.kube.patch(self.res(kind), name, {"spec": {"forProvider": {change.field: before}}})
        generation = int(patched["metadata"].get("generation") or 0)
        settled: dict[str, float] = {}

        def back() -> str | None:
            current = self.get(kind, name) or {}
            synced = [c for c in (current.get("status") or {}).get("conditions") or [] if c.get("type") == "Synced"]
            # The conditions of the refused change count until a reconcile of the reverted spec replaces them.
            if not synced or int(synced[0].get("observedGeneration") or 0) < generation:
                return None
            return self.ready([(kind, current)], settled)

        try:
            self.wait(f"{name} back as it was ({change.argument})", back)
        except StepFailed:
            return False
        return True

    def _in_place(self, kind: Kind, name: str, change: Change) -> str:
        """"" when the provider's plan for ``change`` on the object updates it in place; otherwise what
        it does instead. Planned as every observe plans (the object imported by its external name
        into a workspace of the runner's own, removed afterwards), so the object is not touched."""
        from bridge.api.external import ProviderSetup
        from bridge.api.managed import Managed
        from bridge.workspace.store import WorkspaceStore

        last = self.get(kind, name) or {}
        spec = last.get("spec") or {}
        obj = {"apiVersion": last["apiVersion"], "kind": last["kind"],
               "spec": {**spec, "forProvider": {**(spec.get("forProvider") or {}), change.field: change.value}},
               "metadata": {"name": name, "uid": last["metadata"].get("uid", ""),
                            "annotations": {"crossplane.io/external-name":
                                            last["metadata"]["annotations"]["crossplane.io/external-name"]}}}
        setup = ProviderSetup(configuration=_CONFIGURATION, credentials_env=cloud.MOTO_CREDENTIALS)
        try:
            observed = self.read.client(kind, setup, self._secret).observe(Managed(obj))
        except Exception as exc:
            return f"could not be planned: {str(exc)[:120]}"
        finally:
            shutil.rmtree(WorkspaceStore(self.read_root).get(kind.api_version, kind.kind, name).dir,
                          ignore_errors=True)
        action, _, changed = observed.diff.partition(": ")
        if not observed.exists:
            return "could not be planned: the object was not found by its external name"
        if observed.up_to_date:
            return "plans no change"
        if action != "update":
            return f"plans {action}"
        if change.argument not in [c.strip() for c in changed.split(",")]:
            return f"plans an update of {changed} instead"
        return ""

    def _exists(self, kind: Kind, last: dict[str, Any]) -> bool:
        """Whether the provider, importing the object's import ID into an empty workspace, finds it."""
        from bridge.api.external import ProviderSetup
        from bridge.api.managed import Managed

        obj = {"apiVersion": last["apiVersion"], "kind": last["kind"], "spec": last["spec"],
               "metadata": {"name": last["metadata"]["name"], "uid": last["metadata"].get("uid", ""),
                            "annotations": {"crossplane.io/external-name":
                                            last["metadata"]["annotations"]["crossplane.io/external-name"]}}}
        setup = ProviderSetup(configuration=_CONFIGURATION, credentials_env=cloud.MOTO_CREDENTIALS)
        from bridge.api.errors import OperationFailed
        from bridge.workspace.backend import names_no_object

        try:
            return bool(self.read.client(kind, setup, self._secret).observe(Managed(obj)).exists)
        except OperationFailed as exc:
            # Some importers fail, rather than answer nothing, for an ID that names no object: read as the
            # executors read a lost workspace's import.
            said = (str(exc), *exc.diagnostics)
            if names_no_object(said, self.package.provider.import_not_found) or any("non-existent" in d for d in said):
                return False
            raise

    def _secret(self, namespace: str, name: str) -> dict[str, bytes]:
        """A Secret's data, for the provider's read of a deleted object whose spec names one."""
        from bridge.kube.client import SECRETS

        data = (self.kube.get(SECRETS, name, namespace) or {}).get("data") or {}
        return {k: base64.b64decode(v) for k, v in data.items()}

    def _instance(self, ws: Any) -> Any:
        from bridge.workspace import tfstate
        from bridge.workspace.document import RESOURCE_NAME

        doc = ws.read_state()
        if not doc:
            return None
        try:
            return tfstate.instance(doc, ws.meta().address.split(".")[0], RESOURCE_NAME)
        except Exception:
            return None

    def _delete(self, objects: Sequence[tuple[Kind, dict[str, Any]]], *, quiet: bool = False) -> None:
        from bridge.kube import errors

        for kind, m in reversed(objects):
            with contextlib.suppress(errors.NotFound):
                self.kube.delete(self.res(kind), m["metadata"]["name"])
        if quiet:
            return

        def gone() -> str | None:
            left = [f"{k.kind}/{m['metadata']['name']}" for k, m in objects if self.get(k, m["metadata"]["name"])]
            if not left:
                return ""
            kind, m = objects[-1]
            obj = self.get(kind, m["metadata"]["name"]) or {}
            synced = {c["type"]: c for c in (obj.get("status") or {}).get("conditions") or []}.get("Synced", {})
            return synced.get("message") if synced.get("status") == "False" and "delet" in \
                synced.get("message", "").lower() else None

        self.wait("the example's objects deleted", gone)

