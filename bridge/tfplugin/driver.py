"""The direct executor's verbs in one workspace (a :class:`~bridge.workspace.driver.Driver`), spoken
to a long-lived provider process over its protocol, with no terraform run.

It keeps the same ``terraform.tfstate`` as the CLI executor, so a person or the CLI executor can take
over at any time; what it saves is the terraform run around each provider call.

* refresh: the stored state is upgraded to the current schema, read with ReadResource and saved;
* import: ImportResourceState + ReadResource ("nothing read", or either call failing in the provider's
  words for an ID that names no object, means there is none, as the CLI executor's rule);
* plan: as Terraform core plans (:func:`bridge.tfplugin.plan.plan_change`): the proposed new state, then
  PlanResourceChange, its answer checked and the paths that force a replacement compared;
* apply: validate, plan, ApplyResourceChange, save; a replacement is made as Terraform would (create
  before destroy, the old object deposed in the state until deleted, or destroy before create);
* destroy: plan the destroy (when the provider asks for it), apply.

A settled poll repeats itself: the same stored state is read, the provider answers the same bytes, and
a plan of the same inputs finds nothing to change. What the last poll read and decided is kept
(:class:`Polls`), so that such a poll is one ReadResource and little decoding.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import time
from collections.abc import Mapping
from typing import Any

from bridge.api import reasons
from bridge.api.errors import InvalidSpec, OperationFailed, ReplacementFailed
from bridge.api.external import Replacement
from bridge.api.managed import CREATE_BEFORE_DESTROY
from bridge.tfplugin import cty, plan
from bridge.tfplugin.provider import Provider, ProviderGone, failed
from bridge.workspace import tfstate
from bridge.workspace.backend import config_key, names_no_object
from bridge.workspace.document import RESOURCE_NAME
from bridge.workspace.driver import Operation, Plan, Refreshed


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

    doc: Mapping[str, Any] | None  # the stored state document its prior came from; None: read it again
    prior: Any  # the stored state, decoded
    encoded: bytes  # ``prior`` as sent to ReadResource
    private: bytes  # the stored private state
    answer: bytes  # ReadResource's new state as the provider encoded it
    answer_private: bytes
    state: Any  # ``answer``, decoded
    # The inputs of the last plan that found nothing to change on ``state`` (DirectDriver._observed_action).
    plan_inputs: tuple[Any, ...] | None
    # ``state`` as an instance of the state file, once worked out.
    found: tfstate.Instance | None = None


class Polls(dict[str, _Polled]):
    """Workspace key → what its last observe read and decided (one for all of an executor's workspaces)."""


class DirectDriver:
    def __init__(self, p: Provider, polls: Polls, op: Operation) -> None:
        self.p = p
        self.polled = polls
        self.op = op
        self.floor = op.floor  # what the kind and its workspaces say
        self.schema = p.schema(op.tf_type)
        # The object as the last refresh or import left it (None: none), and its private state.
        self._prior: Any = None
        self._private = b""
        # The last plan made for a change.
        self._planned: plan.Change | None = None

    # -- values ------------------------------------------------------------------------------

    def _config(self) -> Any:
        """The resource's configuration as a schema-typed value."""
        try:
            return plan.configuration(self.schema.block, self.schema.type, self.op.rendered.resource.configuration)
        except cty.CtyError as exc:
            raise InvalidSpec(f"{self.op.mr.display}: argument {exc}") from exc

    def _instance(self, value: Any) -> tfstate.Instance:
        schema = self.schema
        return tfstate.Instance(cty.to_json(schema.type, value), tuple(schema.block.sensitive_paths(value)),
                                schema.version, False)

    def _found(self, state: Any) -> tfstate.Instance:
        """``state`` as an instance, worked out once for the state the last poll read."""
        polled = self.polled.get(self.op.ws.key)
        if polled is None or polled.state is not state:
            return self._instance(state)
        if polled.found is None:
            polled.found = self._instance(state)
        return polled.found

    def _value(self, inst: tfstate.Instance) -> Any:
        """A stored instance's value in the current schema."""
        schema = self.schema
        value = None
        if inst.schema_version == schema.version:
            # Already in the current schema's shape: decoding it here saves a provider call.
            with contextlib.suppress(cty.CtyError):
                value = schema.block.with_absent_blocks(cty.from_json(schema.type, inst.attributes))
        if value is None:
            value = self.p.upgrade(self.op.tf_type, inst.schema_version, inst.attributes, self.op.timeout)
        return value

    def _save(self, value: Any, private: bytes, *, tainted: bool = False,
              deposed: dict[str, tfstate.Instance] | None = None) -> None:
        schema = self.schema
        self.op.ws.write_state(tfstate.with_instance(
            self.op.ws.read_state(), tf_type=self.op.tf_type, name=RESOURCE_NAME,
            provider=self.floor.provider.registry_source,
            attributes=cty.to_json(schema.type, value) if value is not None else None, schema_version=schema.version,
            private=private, sensitive_paths=schema.block.sensitive_paths(value) if value is not None else (),
            tainted=tainted, deposed=deposed))

    def _save_deposed(self, deposed: dict[str, tfstate.Instance]) -> None:
        doc = self.op.ws.read_state()
        current = self.floor.instance(doc)
        self.op.ws.write_state(tfstate.with_instance(
            doc, tf_type=self.op.tf_type, name=RESOURCE_NAME, provider=self.floor.provider.registry_source,
            attributes=current.attributes if current else None,
            schema_version=current.schema_version if current else self.schema.version,
            private=current.private if current else b"", sensitive_paths=current.sensitive_paths if current else (),
            tainted=current.tainted if current else False, deposed=deposed))

    # -- plans ---------------------------------------------------------------------------------

    def _plan_change(self, prior: Any, private: bytes, *, validate: bool) -> plan.Change:
        """The plan terraform core would make (:func:`bridge.tfplugin.plan.plan_change`).

        An observe skips validation: it changes nothing, and the create or update that would act on
        a bad value validates first."""
        return plan.plan_change(self.p, self.op.tf_type, self._config(), prior, private,
                                self.op.rendered.resource.ignore_changes, self.op.timeout, validate=validate,
                                what=self.op.mr.display)

    def _observed_action(self, state: Any, private: bytes) -> str | None:
        """The plan's verdict for an observe. A plan is a function of the state, the configuration, the
        private state and the provider's configuration: when all equal those of this workspace's last
        no-op plan, the verdict is known without asking again. In this process, the state and its
        private state are those the last poll read when it answered them (``_Polled``), and the rest are
        compared as they are; across processes (the first poll after a restart), a digest of them all,
        kept in the workspace's metadata, is compared."""
        rendered = self.op.rendered
        polled = self.polled.get(self.op.ws.key)
        same_state = polled is not None and polled.state is state
        inputs = (rendered.resource.configuration, tuple(sorted(rendered.resource.ignore_changes)),
                  config_key(rendered.provider, self.floor.setup), self.p.pid)
        if same_state and polled is not None and polled.plan_inputs == inputs:
            return None
        # The state as encoded to be read, when it is the stored one: not encoded again.
        encoded = polled.encoded if polled is not None and polled.prior is state else None
        digest = self._plan_digest(state, private, encoded)
        if self.op.ws.meta().noop_plan == digest:
            action = None
        else:
            action = self._plan_change(state, private, validate=False).action
            self.op.ws.update_meta(noop_plan=digest if action is None else "")
        if polled is not None:
            polled.plan_inputs = inputs if action is None and same_state else None
        return action

    def _plan_digest(self, state: Any, private: bytes, encoded: bytes | None = None) -> str:
        """What a plan's verdict depends on, as one digest that outlives the process (``encoded``:
        ``state`` as msgpack, when known)."""
        provider = self.op.rendered.provider
        resource = self.op.rendered.resource
        return hashlib.sha256(b"\0".join([
            self.op.tf_type.encode(), f"{provider.source} {provider.version}".encode(),
            config_key(provider, self.floor.setup).encode(),
            encoded if encoded is not None else cty.to_msgpack(self.schema.type, state),
            json.dumps(resource.configuration, sort_keys=True, default=str).encode(),
            json.dumps(sorted(resource.ignore_changes)).encode(), private])).hexdigest()

    # -- imports -------------------------------------------------------------------------------

    def _imported(self, import_id: str, timeout: float, deadline: float | None = None) -> tuple[Any, bytes] | None:
        """(state, private) that importing ``import_id`` reads (ImportResourceState, then ReadResource,
        each within ``timeout``, or together by ``deadline``); None when there is no such object: the
        provider imported nothing, read nothing ("Cannot import non-existent remote object", as the
        CLI executor's rule), or failed either call in its own words for an ID that names no object
        (an importer that looks the object up itself). Any other failure is raised."""
        def left() -> float:
            return timeout if deadline is None else max(deadline - time.monotonic(), 0.1)

        tf_type = self.op.tf_type
        try:
            found = [r for r in self.p.import_state(tf_type, import_id, left()) if r.type_name == tf_type]
            if not found:
                return None
            state, private = self.p.read(tf_type, found[0].state, found[0].private, left())
        except ProviderGone:
            raise
        except OperationFailed as exc:
            if names_no_object(exc.diagnostics, self.floor.provider.import_not_found):
                return None
            raise
        return None if state is None else (state, private)

    def _with_unread(self, state: Any, private: bytes) -> tuple[Any, bytes] | None:
        """An imported object with each argument the importer left null given the value the plan gives
        it (:meth:`KindWorkspaces.with_unread`), then read again: the read puts back the cloud's value
        of every argument it can read."""
        try:
            change = self._plan_change(state, private, validate=False)
            action, planned = change.action, change.planned
        except InvalidSpec:
            return state, private  # reported by the plan the observe makes next
        if action is None or not isinstance(state, dict) or not isinstance(planned.state, dict):
            return state, private
        known = {k: v for k, v in planned.state.items() if _known(v) == v}
        filled = self.floor.with_unread(state, known)
        if filled == state:
            return state, private
        read, new_private = self.p.read(self.op.tf_type, filled, private, self.op.timeout)
        return None if read is None else (read, new_private)

    # -- the verbs -----------------------------------------------------------------------------

    def refresh(self, current: Mapping[str, Any]) -> Refreshed:
        """A settled poll repeats itself: the same stored state (the same document, while its file is
        unchanged) is read, and the provider answers the same bytes. What the last poll decoded and
        compared is then known (``_Polled``) and not worked out again."""
        schema = self.schema
        last = self.polled.pop(self.op.ws.key, None)
        # Only a poll that changed nothing leaves its document behind: its prior is the state it read back.
        reused = last is not None and last.doc is not None and last.doc is current
        if reused and last is not None:
            prior, private, tainted, encoded = last.prior, last.private, False, last.encoded
        else:
            inst = self.floor.instance(current)
            if inst is None:
                return Refreshed(None)
            prior, private, tainted = self._value(inst), inst.private, inst.tainted
            encoded = cty.to_msgpack(schema.type, prior)
        answer, new_private = self.p.read_encoded(self.op.tf_type, encoded, private, self.op.timeout)
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
        kept = last if repeated and last is not None else None
        if unchanged:
            self.polled[self.op.ws.key] = _Polled(current, prior, encoded, private, answer, new_private, state,
                                                  kept.plan_inputs if kept else None, kept.found if kept else None)
        else:
            # Saved untainted: a tainted object exists and is updated, never replaced (as the CLI executor).
            self._save(state, new_private)
            # The stored state is now another document: the next poll reads it, then compares again.
            self.polled[self.op.ws.key] = _Polled(None, None, b"", b"", answer, new_private, state, None,
                                                  kept.found if kept else None)
        self._prior, self._private = state, new_private
        return Refreshed(None if state is None else self._found(state), untainted=tainted)

    def import_(self, import_id: str, *, fill_unread: bool) -> tfstate.Instance | None:
        self.polled.pop(self.op.ws.key, None)
        imported = self._imported(import_id, self.op.timeout)
        if imported is not None and fill_unread:
            imported = self._with_unread(*imported)
        if imported is None:
            return None
        self._save(*imported)
        self._prior, self._private = imported
        return self._instance(self._prior)

    def plan(self, what: str, *, validate: bool) -> Plan:
        """An observe's plan (``validate`` False) is answered by the last no-op plan's verdict while
        nothing it depends on changed."""
        prior, private = self._prior, self._private
        if prior is None:
            return Plan("create", None)
        if not validate:
            return Plan(self._observed_action(prior, private), self._found(prior))
        self._planned = change = self._plan_change(prior, private, validate=True)
        return Plan(change.action, self._found(prior), tuple(change.replacing))

    def apply(self, what: str) -> None:
        prior, private = self._prior, self._private
        if self._planned is None:  # a create
            self._destroy_deposed()
            prior, private = None, b""
            change = self._plan_change(None, b"", validate=True)
        else:
            change = self._planned
        planned = change.planned
        state, private, errors = self.p.apply(self.op.tf_type, prior, planned.state, change.config, planned.private,
                                              self.op.timeout)
        if state is not None:
            # A create that failed part way made an object all the same: kept, tainted, as terraform does.
            self._save(state, private, tainted=prior is None and bool(errors))
        if errors:
            raise failed(f"{self.op.mr.display}: {what}", "apply", errors)

    def delete_deposed(self) -> None:
        self._destroy_deposed()

    def destroy(self) -> None:
        self._destroy_deposed()
        prior, private = self._prior, self._private
        if prior is not None:
            if self.p.plan_destroy:
                private = self.p.plan(self.op.tf_type, prior, None, None, private, self.op.timeout).private
            state, private, errors = self.p.apply(self.op.tf_type, prior, None, None, private, self.op.timeout)
            if errors:
                if state is not None:
                    self._save(state, private)
                raise failed(f"{self.op.mr.display}: delete failed", "apply", errors)

    def probe(self, import_id: str, timeout: float) -> tfstate.Instance | None:
        """What importing ``import_id`` reads, saving nothing, within ``timeout`` seconds in all."""
        imported = self._imported(import_id, timeout, time.monotonic() + timeout)
        return None if imported is None else self._instance(imported[0])

    # -- replacement (tfbridge.io/replace-policy) ---------------------------------------------

    def replace(self, policy: str) -> Replacement:
        """Never two live objects left unreported: a new object that cannot be made leaves the old one
        current; an old object that cannot be deleted stays in the state as deposed, and every later
        update (or the delete) deletes it first."""
        prior, private = self._prior, self._private
        old_name = self.floor.external_name(self._instance(prior))
        steps: list[tuple[str, str]] = []
        if policy == CREATE_BEFORE_DESTROY:
            state, new_private = self._create_replacement(policy, old_name, steps)
            new_name = self.floor.external_name(self._instance(state))
            steps.append((reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}"))
            old = self._instance(prior)
            self._save(state, new_private,
                       deposed={**tfstate.deposed_instances(self.op.ws.read_state(), self.op.tf_type, RESOURCE_NAME),
                                _deposed_key(old_name): dataclasses.replace(old, private=private)})
            self._destroy_deposed(Replacement(policy, old_name, new_name, tuple(steps)))
            steps.append((reasons.DELETED_REPLACED, f"deleted {old_name}, replaced by {new_name}"))
        else:
            errors = self._destroy(prior, private)
            if errors:
                raise ReplacementFailed(
                    f"{self.op.mr.display}: replacement ({policy}): deleting the old object {old_name} failed (it is "
                    f"kept): {'; '.join(map(str, errors))}", Replacement(policy, old_name, "", tuple(steps)),
                    diagnostics=tuple(map(str, errors)))
            self._save(None, b"")
            steps.append((reasons.DELETED_REPLACED, f"deleted {old_name} to replace it"))
            state, new_private = self._create_replacement(policy, old_name, steps)
            self._save(state, new_private)
            new_name = self.floor.external_name(self._instance(state))
            steps.append((reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}"))
        self.polled.pop(self.op.ws.key, None)
        return Replacement(policy, old_name, new_name, tuple(steps))

    def _create_replacement(self, policy: str, old_name: str, steps: list[tuple[str, str]]) -> tuple[Any, bytes]:
        """The new object, made; what a failed create left half made is deleted again (raises)."""
        made = self._plan_change(None, b"", validate=True)
        state, private, errors = self.p.apply(self.op.tf_type, None, made.planned.state, made.config,
                                              made.planned.private, self.op.timeout)
        if not errors and state is not None:
            return state, private
        words = tuple(map(str, errors)) or ("the provider returned no state",)
        left = ""
        if state is not None and self._destroy(state, private):
            # Kept as deposed: the next update deletes it before anything else.
            half = dataclasses.replace(self._instance(state), private=private)
            self._save_deposed({**tfstate.deposed_instances(self.op.ws.read_state(), self.op.tf_type, RESOURCE_NAME),
                                _deposed_key(f"half-made {old_name}"): half})
            left = "; what it half made could not be deleted and is deleted before the next attempt"
        kept = (f"the old object {old_name} is kept" if policy == CREATE_BEFORE_DESTROY
                else f"the old object {old_name} was deleted; the next attempt creates the new one")
        raise ReplacementFailed(f"{self.op.mr.display}: replacement ({policy}): creating the new object failed ({kept}"
                                f"{left}): {'; '.join(words)}", Replacement(policy, old_name, "", tuple(steps)),
                                diagnostics=words)

    def _destroy(self, state: Any, private: bytes) -> list[Any]:
        """Delete the object ``state``; the provider's error diagnostics (none: gone)."""
        if self.p.plan_destroy:
            private = self.p.plan(self.op.tf_type, state, None, None, private, self.op.timeout).private
        _, _, errors = self.p.apply(self.op.tf_type, state, None, None, private, self.op.timeout)
        return list(errors)

    def _destroy_deposed(self, replacing: Replacement | None = None) -> None:
        """Delete every object a replacement left deposed in the state (raises while one remains)."""
        left = tfstate.deposed_instances(self.op.ws.read_state(), self.op.tf_type, RESOURCE_NAME)
        for key, inst in sorted(left.items()):
            state, private = self.p.read(self.op.tf_type, self._value(inst), inst.private, self.op.timeout)
            errors = self._destroy(state, private) if state is not None else []
            if errors:
                old = self.floor.external_name(inst)
                words = tuple(map(str, errors))
                current = self.floor.state_instance(self.op.ws)
                new = replacing.new_name if replacing else (self.floor.external_name(current) if current else "")
                raise ReplacementFailed(
                    f"{self.op.mr.display}: replaced by {new}; deleting the old object {old} failed, and is retried: "
                    f"{'; '.join(words)}",
                    replacing or Replacement("", old, new), diagnostics=words, external_name=new or None)
            del left[key]
            self._save_deposed(left)
