"""An ExternalClient that talks to a long-lived provider over its protocol, with no terraform run.

It keeps the same workspace as the CLI executor (the same ``main.tf.json``, the same
``terraform.tfstate``), so a person or the CLI executor can take over at any time; what it saves
is the terraform run around each provider call. Per call:

* observe: the stored state is upgraded to the current schema, refreshed with ReadResource and
  saved; with no state, an external name is imported (ImportResourceState + ReadResource, the
  CLI executor's fallback rule; an argument the importer could not read takes the value the plan
  gives it, and is read again); then a plan against the configuration decides up to date or not;
* create/update: validate, plan (proposed new state as Terraform core computes it), apply, save;
  a change that requires replacement is refused unless the object consents
  (``tfbridge.io/replace-policy``), then made as Terraform would (create before destroy, the old
  object deposed in the state until deleted, or destroy before create); after a create, the
  import ID the kind builds from the new external name is imported and read (nothing saved) to
  prove it finds the object just made;
* delete: plan the destroy (when the provider asks for it), apply, remove the workspace.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from bridge.api import reasons
from bridge.api.errors import InvalidSpec, OperationFailed, ReplacementFailed
from bridge.api.external import Creation, Observation, Replacement, Update
from bridge.api.managed import CREATE_BEFORE_DESTROY, Managed
from bridge.api.policies import Policies
from bridge.tfplugin import cty, plan
from bridge.tfplugin.provider import Provider, ProviderGone, failed
from bridge.tfplugin.schema import Schema
from bridge.workspace import tfstate
from bridge.workspace.backend import config_key, names_no_object
from bridge.workspace.document import RESOURCE_NAME, Rendered
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import Workspace

if TYPE_CHECKING:
    from bridge.tfplugin.backend import DirectBackend

# How long the state our own apply saved answers the one observe that follows it without a read (as the
# CLI executor's fresh state: the reconcile that records the outcome of the apply, moments later).
JUST_APPLIED_SECONDS = 60.0


def _deposed_key(name: str) -> str:
    """A deposed instance's key (8 hex digits, as terraform's), stable for one old object."""
    return hashlib.sha256(name.encode()).hexdigest()[:8]


def _known(value: Any) -> Any:
    """A planned value with unknowns as a marker that equals nothing stored."""
    if value is cty.UNKNOWN:
        return ("(known after apply)",)
    if isinstance(value, dict):
        return {k: _known(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_known(v) for v in value]
    if isinstance(value, cty.Dynamic):
        return _known(value.value)
    return value


@dataclasses.dataclass
class _Polled:
    """What a workspace's last observe read and decided, so that the next, when nothing changed, does
    not work it out again."""

    doc: dict[str, Any] | None  # the stored state document its prior came from; None: read it again
    prior: Any  # the stored state, decoded
    encoded: bytes  # ``prior`` as sent to ReadResource
    private: bytes  # the stored private state
    answer: bytes  # ReadResource's new state as the provider encoded it
    answer_private: bytes
    state: Any  # ``answer``, decoded
    # The inputs of the last plan that found nothing to change on ``state`` (DirectClient._observed_action).
    plan_inputs: tuple[Any, ...] | None


@dataclasses.dataclass(frozen=True)
class _Applied:
    """What our own create or update just wrote into a workspace (DirectClient._just_applied)."""

    uid: str
    rendered: Rendered  # the configuration it applied
    doc: dict[str, Any] | None  # the state document it saved, as read back
    at: float  # time.monotonic()


@dataclasses.dataclass(frozen=True)
class _Session:
    ws: Workspace
    rendered: Rendered
    p: Provider
    schema: Schema


class DirectClient:
    def __init__(self, backend: DirectBackend, floor: KindWorkspaces) -> None:
        self.backend = backend
        self.floor = floor
        self.config = floor.config
        self.tf_type = floor.config.tf_type

    # -- values ------------------------------------------------------------------------------

    def _config(self, mr: Managed, rendered: Rendered, schema: Schema) -> Any:
        """The resource's configuration as a schema-typed value."""
        try:
            return plan.configuration(schema.block, schema.type, rendered.resource.configuration)
        except cty.CtyError as exc:
            raise InvalidSpec(f"{mr.display}: argument {exc}") from exc

    def _instance(self, schema: Schema, value: Any) -> tfstate.Instance:
        return tfstate.Instance(cty.to_json(schema.type, value), tuple(schema.block.sensitive_paths(value)),
                                schema.version, False)

    def _load(self, doc: dict[str, Any] | None, p: Provider, timeout: float) -> tuple[Any, bytes, bool]:
        """(state value in the current schema, private, tainted) of a state document; value None when
        there is no state."""
        inst = self.floor.instance(doc)
        if inst is None:
            return None, b"", False
        return self._value(inst, p, timeout), inst.private, inst.tainted

    def _value(self, inst: tfstate.Instance, p: Provider, timeout: float) -> Any:
        """A stored instance's value in the current schema."""
        schema = p.schema(self.tf_type)
        value = None
        if inst.schema_version == schema.version:
            # Already in the current schema's shape: decoding it here saves a provider call.
            with contextlib.suppress(cty.CtyError):
                value = schema.block.with_absent_blocks(cty.from_json(schema.type, inst.attributes))
        if value is None:
            value = p.upgrade(self.tf_type, inst.schema_version, inst.attributes, timeout)
        return value

    def _save(self, ws: Workspace, schema: Schema, value: Any, private: bytes, *, tainted: bool = False,
              deposed: dict[str, tfstate.Instance] | None = None) -> None:
        ws.write_state(tfstate.with_instance(
            ws.read_state(), tf_type=self.tf_type, name=RESOURCE_NAME, provider=self.floor.provider.registry_source,
            attributes=cty.to_json(schema.type, value) if value is not None else None, schema_version=schema.version,
            private=private, sensitive_paths=schema.block.sensitive_paths(value) if value is not None else (),
            tainted=tainted, deposed=deposed))

    # -- steps -------------------------------------------------------------------------------

    def _plan_change(self, p: Provider, mr: Managed, schema: Schema, rendered: Rendered, prior: Any,
                     private: bytes, timeout: float, *, validate: bool = True) -> plan.Change:
        """The plan terraform core would make (:func:`bridge.tfplugin.plan.plan_change`).

        An observe skips validation: it changes nothing, and the create or update that would act on
        a bad value validates first."""
        return plan.plan_change(p, self.tf_type, self._config(mr, rendered, schema), prior, private,
                                rendered.resource.ignore_changes, timeout, validate=validate, what=mr.display)

    def _observed_action(self, ws: Workspace, p: Provider, mr: Managed, schema: Schema, rendered: Rendered,
                         state: Any, private: bytes, timeout: float) -> str | None:
        """The plan's verdict for an observe. A plan is a function of the state, the configuration, the
        private state and the provider's configuration: when all equal those of this workspace's last
        no-op plan, the verdict is known without asking again. In this process, the state and its
        private state are those the last poll read when it answered them (``_Polled``), and the rest are
        compared as they are; across processes (the first poll after a restart), a digest of them all,
        kept in the workspace's metadata, is compared."""
        polled = self.backend.polled.get(ws.key)
        same_state = polled is not None and polled.state is state
        inputs = (rendered.resource.configuration, tuple(sorted(rendered.resource.ignore_changes)),
                  config_key(rendered.provider, self.floor.setup), p.pid)
        if same_state and polled is not None and polled.plan_inputs == inputs:
            return None
        # The state as encoded to be read, when it is the stored one: not encoded again.
        encoded = polled.encoded if polled is not None and polled.prior is state else None
        digest = self._plan_digest(schema, state, private, rendered, encoded)
        if ws.meta().noop_plan == digest:
            action = None
        else:
            action = self._plan_change(p, mr, schema, rendered, state, private, timeout, validate=False).action
            ws.update_meta(noop_plan=digest if action is None else "")
        if polled is not None:
            polled.plan_inputs = inputs if action is None and same_state else None
        return action

    def _plan_digest(self, schema: Schema, state: Any, private: bytes, rendered: Rendered,
                     encoded: bytes | None = None) -> str:
        """What a plan's verdict depends on, as one digest that outlives the process (``encoded``:
        ``state`` as msgpack, when known)."""
        provider = rendered.provider
        return hashlib.sha256(b"\0".join([
            self.tf_type.encode(), f"{provider.source} {provider.version}".encode(),
            config_key(provider, self.floor.setup).encode(),
            encoded if encoded is not None else cty.to_msgpack(schema.type, state),
            json.dumps(rendered.resource.configuration, sort_keys=True, default=str).encode(),
            json.dumps(sorted(rendered.resource.ignore_changes)).encode(), private])).hexdigest()

    def _import(self, ws: Workspace, p: Provider, mr: Managed, rendered: Rendered,
                timeout: float) -> tuple[Any, bytes] | None:
        imported = self._imported(p, self.floor.import_id(mr, rendered), timeout)
        # An observe-only object reports the cloud's values alone: nothing is planned against its spec.
        if imported is not None and not Policies.of(mr).read_only:
            imported = self._with_unread(p, mr, rendered, *imported, timeout)
        if imported is not None:
            self._save(ws, p.schema(self.tf_type), *imported)
        return imported

    def _with_unread(self, p: Provider, mr: Managed, rendered: Rendered, state: Any, private: bytes,
                     timeout: float) -> tuple[Any, bytes] | None:
        """An imported object with each argument the importer left null given the value the plan gives
        it (:meth:`KindWorkspaces.with_unread`), then read again: the read puts back the cloud's value
        of every argument it can read."""
        schema = p.schema(self.tf_type)
        try:
            change = self._plan_change(p, mr, schema, rendered, state, private, timeout, validate=False)
            action, planned = change.action, change.planned
        except InvalidSpec:
            return state, private  # reported by the plan the observe makes next
        if action is None or not isinstance(state, dict) or not isinstance(planned.state, dict):
            return state, private
        known = {k: v for k, v in planned.state.items() if _known(v) == v}
        filled = self.floor.with_unread(state, known)
        if filled == state:
            return state, private
        read, new_private = p.read(self.tf_type, filled, private, timeout)
        return None if read is None else (read, new_private)

    def _imported(self, p: Provider, import_id: str, timeout: float,
                  deadline: float | None = None) -> tuple[Any, bytes] | None:
        """(state, private) that importing ``import_id`` reads (ImportResourceState, then ReadResource,
        each within ``timeout``, or together by ``deadline``); None when there is no such object: the
        provider imported nothing, read nothing ("Cannot import non-existent remote object", as the
        CLI executor's rule), or failed either call in its own words for an ID that names no object
        (an importer that looks the object up itself). Any other failure is raised."""
        def left() -> float:
            return timeout if deadline is None else max(deadline - time.monotonic(), 0.1)

        try:
            found = [r for r in p.import_state(self.tf_type, import_id, left()) if r.type_name == self.tf_type]
            if not found:
                return None
            state, private = p.read(self.tf_type, found[0].state, found[0].private, left())
        except ProviderGone:
            raise
        except OperationFailed as exc:
            if names_no_object(exc.diagnostics, self.floor.provider.import_not_found):
                return None
            raise
        return None if state is None else (state, private)

    def _refreshed(self, ws: Workspace, p: Provider, mr: Managed, rendered: Rendered, timeout: float,
                   current: dict[str, Any] | None, *, trusted: bool = False) -> tuple[Any, bytes, tuple[str, ...]]:
        """The object as the cloud has it now (None: gone or never made), saved; what it took.
        ``current`` is the workspace's state document as the caller read it; ``trusted``: our own apply
        has just saved it (:meth:`_just_applied`), and it is taken as read.

        A settled poll repeats itself: the same stored state (the same document, while its file is
        unchanged) is read, and the provider answers the same bytes. What the last poll decoded and
        compared is then known (``_Polled``) and not worked out again."""
        schema = p.schema(self.tf_type)
        last = self.backend.polled.pop(ws.key, None)
        # Only a poll that changed nothing leaves its document behind: its prior is the state it read back.
        reused = last is not None and last.doc is not None and last.doc is current
        if reused and last is not None:
            prior, private, tainted, encoded = last.prior, last.private, False, last.encoded
        else:
            prior, private, tainted = self._load(current, p, timeout)
            encoded = cty.to_msgpack(schema.type, prior) if prior is not None else b""
        if prior is None:
            if not mr.external_name:
                return None, b"", ()
            imported = self._import(ws, p, mr, rendered, timeout)
            return (*imported, ("import",)) if imported else (None, b"", ())
        if trusted and not tainted:
            # As if the provider had answered the stored state with its own bytes: the next poll reads,
            # and compares its answer with these.
            self.backend.polled[ws.key] = _Polled(current, prior, encoded, private, encoded, private, prior, None)
            return prior, private, ()
        answer, new_private = p.read_encoded(self.tf_type, encoded, private, timeout)
        repeated = last is not None and answer == last.answer and new_private == last.answer_private
        # The provider encodes a value as we do: an answer of the very bytes it was sent (what a settled
        # object's first poll after a restart gets) is the stored state, with nothing to decode or compare.
        echoed = not repeated and not tainted and answer == encoded and new_private == private
        if repeated and last is not None:
            state = last.state
        elif echoed:
            state = prior
        else:
            state = schema.block.with_absent_blocks(cty.from_msgpack(schema.type, answer))
        # The same stored state read back as the last poll read it back is unchanged without comparing.
        unchanged = (reused and repeated) or echoed or (
            not tainted and new_private == private and cty.equal(schema.type, prior, state))
        plan_inputs = last.plan_inputs if repeated and last is not None else None
        if unchanged:
            self.backend.polled[ws.key] = _Polled(current, prior, encoded, private, answer, new_private, state,
                                                  plan_inputs)
        else:
            # Saved untainted: a tainted object exists and is updated, never replaced (as the CLI executor).
            self._save(ws, schema, state, new_private)
            # The stored state is now another document: the next poll reads it, then compares again.
            self.backend.polled[ws.key] = _Polled(None, None, b"", b"", answer, new_private, state, None)
        return state, new_private, ("untaint",) if tainted else ()

    @contextlib.contextmanager
    def _session(self, mr: Managed, operation: str, *, prevent_destroy: bool = True) -> Iterator[_Session]:
        """The workspace held, its main.tf.json current, and the provider process for its configuration."""
        with self.floor.hold(mr, operation) as ws:
            rendered = self.floor.render(mr, prevent_destroy=prevent_destroy)
            self.floor.prepare(ws, mr, rendered)
            with self.backend.session(rendered.provider, self.floor.setup) as p:
                yield _Session(ws, rendered, p, p.schema(self.tf_type))

    def _mark_applied(self, ws: Workspace, mr: Managed, rendered: Rendered) -> None:
        self.backend.applied[ws.key] = _Applied(mr.uid, rendered, ws.read_state(), time.monotonic())

    def _just_applied(self, ws: Workspace, mr: Managed, rendered: Rendered, current: dict[str, Any] | None) -> bool:
        """Whether ``current`` is the state our own create or update saved moments ago for this object and
        this same configuration, and this is the first observe since (the reconcile that records the
        apply's outcome): the provider read the object back at the end of its apply (and a create's import
        check read it again), so a third read now would tell nothing new. Once only, within
        :data:`JUST_APPLIED_SECONDS`; never for a reconcile someone asked for (they may have changed the
        cloud meanwhile); every later observe reads, as every poll does."""
        applied = self.backend.applied.pop(ws.key, None)
        return (applied is not None and current is not None and applied.doc is current and applied.uid == mr.uid
                and not mr.reconcile_requested and time.monotonic() - applied.at < JUST_APPLIED_SECONDS
                and applied.rendered.resource == rendered.resource and applied.rendered.provider == rendered.provider)

    # -- the ExternalClient protocol -------------------------------------------------------

    def observe(self, mr: Managed) -> Observation:
        try:
            return self._observe(mr)
        except ProviderGone:
            return self._observe(mr)  # read-only, so safe to repeat once on a fresh provider process

    def _observe(self, mr: Managed) -> Observation:
        timeout = self.config.timeouts.observe
        with self.floor.observing(mr) as observing:
            if observing is None:
                return Observation(exists=False)
            ws, rendered, current = observing
            if self.floor.prepare(ws, mr, rendered):
                current = None  # another object's state, now set aside
            trusted = self._just_applied(ws, mr, rendered, current)
            with self.backend.session(rendered.provider, self.floor.setup) as p:
                schema = p.schema(self.tf_type)
                state, private, recovered = self._refreshed(ws, p, mr, rendered, timeout, current, trusted=trusted)
                if state is None:
                    return Observation(exists=False, recovered=recovered)
                if Policies.of(mr).read_only:
                    # Nothing is ever planned against this spec (it may leave required arguments empty):
                    # read, never plan, and compare argument by argument for the drift summary.
                    return self.floor.observation(mr, rendered, self._instance(schema, state), None, recovered,
                                                  compared=True)
                action = self._observed_action(ws, p, mr, schema, rendered, state, private, timeout)
                doc = ws.read_state()
                if action is None and tfstate.deposed_instances(doc, self.tf_type, RESOURCE_NAME):
                    action = "delete replaced"  # a replacement's old object is still there: the update deletes it
                # What the last observe concluded from the same configuration (the same Rendered: the same
                # spec), the same state read back and the same stored state holds again.
                inputs = (rendered, state, doc)
                last = self.backend.observed.get(ws.key)
                if action is None and not recovered and last is not None and all(
                        a is b for a, b in zip(last[0], inputs, strict=True)):
                    return last[1]
                observation = self.floor.observation(mr, rendered, self._instance(schema, state), action, recovered)
                if action is None and not recovered:
                    self.backend.observed[ws.key] = (inputs, observation)
                else:
                    self.backend.observed.pop(ws.key, None)
                return observation

    def create(self, mr: Managed) -> Creation:
        timeout = self.config.timeouts.create
        with self._session(mr, "create") as s:
            self._destroy_deposed(s, mr, timeout)
            made = self._plan_change(s.p, mr, s.schema, s.rendered, None, b"", timeout)
            state, private, errors = s.p.apply(self.tf_type, None, made.planned.state, made.config,
                                               made.planned.private, timeout)
            if state is not None:
                self._save(s.ws, s.schema, state, private, tainted=bool(errors))
            if errors:
                exc = failed(f"{mr.display}: create failed", "apply", errors)
                exc.external_name = self.floor.created_anyway(s.ws)
                raise exc
            if state is None:
                raise OperationFailed(f"{mr.display}: create reported success but returned no state", verb="apply")
            inst = self._instance(s.schema, state)
            check = self.floor.check_import(s.ws, mr, s.rendered, inst,
                                            functools.partial(self._probe, s.p, s.schema))
            self._mark_applied(s.ws, mr, s.rendered)
            return Creation(external_name=self.floor.external_name(inst),
                            connection_details=self.floor.connection_details(inst), import_check=check)

    def _probe(self, p: Provider, schema: Schema, import_id: str, timeout: float) -> tfstate.Instance | None:
        """What importing ``import_id`` reads, saving nothing, within ``timeout`` seconds in all; None
        when it finds no object."""
        imported = self._imported(p, import_id, timeout, time.monotonic() + timeout)
        return None if imported is None else self._instance(schema, imported[0])

    def update(self, mr: Managed) -> Update:
        timeout = self.config.timeouts.update
        with self._session(mr, "update") as s:
            prior, private, _ = self._refreshed(s.ws, s.p, mr, s.rendered, timeout, s.ws.read_state())
            if prior is None:
                raise OperationFailed(f"{mr.display}: update failed: the object no longer exists", verb="apply")
            self._destroy_deposed(s, mr, timeout)
            change = self._plan_change(s.p, mr, s.schema, s.rendered, prior, private, timeout)
            action, planned, config = change.action, change.planned, change.config
            if action == "replace":
                policy = self.floor.replace_policy(mr, change.replacing)
                return self._replace(s, mr, policy, prior, private, timeout)
            state = prior
            if action is not None:
                state, private, errors = s.p.apply(self.tf_type, prior, planned.state, config, planned.private,
                                                   timeout)
                if state is not None:
                    self._save(s.ws, s.schema, state, private)
                if errors:
                    raise failed(f"{mr.display}: update failed", "apply", errors)
                self._mark_applied(s.ws, mr, s.rendered)
            inst = self._instance(s.schema, state)
            return Update(connection_details=self.floor.connection_details(inst))

    # -- replacement (tfbridge.io/replace-policy) ---------------------------------------------

    def _replace(self, s: _Session, mr: Managed, policy: str, prior: Any, private: bytes, timeout: float) -> Update:
        """Replace the object ``prior`` with one made from the spec. Never two live objects left
        unreported: a new object that cannot be made leaves the old one current; an old object that
        cannot be deleted stays in the state as deposed, and every later update (or the delete)
        deletes it first."""
        old_name = self.floor.external_name(self._instance(s.schema, prior))
        steps: list[tuple[str, str]] = []
        if policy == CREATE_BEFORE_DESTROY:
            state, new_private = self._create_replacement(s, mr, policy, old_name, steps, timeout)
            new_name = self.floor.external_name(self._instance(s.schema, state))
            steps.append((reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}"))
            old = self._instance(s.schema, prior)
            self._save(s.ws, s.schema, state, new_private,
                       deposed={**tfstate.deposed_instances(s.ws.read_state(), self.tf_type, RESOURCE_NAME),
                                _deposed_key(old_name): dataclasses.replace(old, private=private)})
            self._destroy_deposed(s, mr, timeout, Replacement(policy, old_name, new_name, tuple(steps)))
            steps.append((reasons.DELETED_REPLACED, f"deleted {old_name}, replaced by {new_name}"))
        else:
            errors = self._destroy(s, prior, private, timeout)
            if errors:
                raise ReplacementFailed(
                    f"{mr.display}: replacement ({policy}): deleting the old object {old_name} failed (it is kept): "
                    f"{'; '.join(map(str, errors))}", Replacement(policy, old_name, "", tuple(steps)),
                    diagnostics=tuple(map(str, errors)))
            self._save(s.ws, s.schema, None, b"")
            steps.append((reasons.DELETED_REPLACED, f"deleted {old_name} to replace it"))
            state, new_private = self._create_replacement(s, mr, policy, old_name, steps, timeout)
            new_name = self.floor.external_name(self._instance(s.schema, state))
            steps.append((reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}"))
        inst = self._instance(s.schema, state)
        self.backend.polled.pop(s.ws.key, None)
        self.backend.observed.pop(s.ws.key, None)
        return Update(connection_details=self.floor.connection_details(inst),
                      replaced=Replacement(policy, old_name, new_name, tuple(steps)))

    def _create_replacement(self, s: _Session, mr: Managed, policy: str, old_name: str,
                            steps: list[tuple[str, str]], timeout: float) -> tuple[Any, bytes]:
        """The new object, made; what a failed create left half made is deleted again (raises)."""
        made = self._plan_change(s.p, mr, s.schema, s.rendered, None, b"", timeout)
        state, private, errors = s.p.apply(self.tf_type, None, made.planned.state, made.config, made.planned.private,
                                           timeout)
        if not errors and state is not None:
            return state, private
        words = tuple(map(str, errors)) or ("the provider returned no state",)
        left = ""
        if state is not None and self._destroy(s, state, private, timeout):
            # Kept as deposed: the next update deletes it before anything else.
            half = dataclasses.replace(self._instance(s.schema, state), private=private)
            self._save_deposed(s, {**tfstate.deposed_instances(s.ws.read_state(), self.tf_type, RESOURCE_NAME),
                                   _deposed_key(f"half-made {old_name}"): half})
            left = "; what it half made could not be deleted and is deleted before the next attempt"
        kept = (f"the old object {old_name} is kept" if policy == CREATE_BEFORE_DESTROY
                else f"the old object {old_name} was deleted; the next attempt creates the new one")
        raise ReplacementFailed(f"{mr.display}: replacement ({policy}): creating the new object failed ({kept}"
                                f"{left}): {'; '.join(words)}", Replacement(policy, old_name, "", tuple(steps)),
                                diagnostics=words)

    def _destroy(self, s: _Session, state: Any, private: bytes, timeout: float) -> list[Any]:
        """Delete the object ``state``; the provider's error diagnostics (none: gone)."""
        if s.p.plan_destroy:
            private = s.p.plan(self.tf_type, state, None, None, private, timeout).private
        _, _, errors = s.p.apply(self.tf_type, state, None, None, private, timeout)
        return list(errors)

    def _destroy_deposed(self, s: _Session, mr: Managed, timeout: float, replacing: Replacement | None = None) -> None:
        """Delete every object a replacement left deposed in the state (raises while one remains)."""
        left = tfstate.deposed_instances(s.ws.read_state(), self.tf_type, RESOURCE_NAME)
        for key, inst in sorted(left.items()):
            state, private = s.p.read(self.tf_type, self._value(inst, s.p, timeout), inst.private, timeout)
            errors = self._destroy(s, state, private, timeout) if state is not None else []
            if errors:
                old = self.floor.external_name(inst)
                words = tuple(map(str, errors))
                current = self.floor.state_instance(s.ws)
                new = replacing.new_name if replacing else (self.floor.external_name(current) if current else "")
                raise ReplacementFailed(
                    f"{mr.display}: replaced by {new}; deleting the old object {old} failed, and is retried: "
                    f"{'; '.join(words)}",
                    replacing or Replacement("", old, new), diagnostics=words, external_name=new or None)
            del left[key]
            self._save_deposed(s, left)

    def _save_deposed(self, s: _Session, deposed: dict[str, tfstate.Instance]) -> None:
        doc = s.ws.read_state()
        current = self.floor.instance(doc)
        s.ws.write_state(tfstate.with_instance(
            doc, tf_type=self.tf_type, name=RESOURCE_NAME, provider=self.floor.provider.registry_source,
            attributes=current.attributes if current else None,
            schema_version=current.schema_version if current else s.schema.version,
            private=current.private if current else b"", sensitive_paths=current.sensitive_paths if current else (),
            tainted=current.tainted if current else False, deposed=deposed))

    def delete(self, mr: Managed) -> None:
        timeout = self.config.timeouts.delete
        with self._session(mr, "delete", prevent_destroy=False) as s:
            self._destroy_deposed(s, mr, timeout)
            prior, private, _ = self._refreshed(s.ws, s.p, mr, s.rendered, timeout, s.ws.read_state())
            if prior is not None:
                planned_private = private
                if s.p.plan_destroy:
                    planned_private = s.p.plan(self.tf_type, prior, None, None, private, timeout).private
                state, private, errors = s.p.apply(self.tf_type, prior, None, None, planned_private, timeout)
                if errors:
                    if state is not None:
                        self._save(s.ws, s.schema, state, private)
                    raise failed(f"{mr.display}: delete failed", "apply", errors)
        self.backend.polled.pop(s.ws.key, None)
        self.backend.observed.pop(s.ws.key, None)
        self.backend.applied.pop(s.ws.key, None)
        s.ws.remove()

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        return self.floor.find(mr, self.backend.read_data)
