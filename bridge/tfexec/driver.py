"""The terraform CLI executor's verbs in one workspace (a :class:`~bridge.workspace.driver.Driver`).

Each verb is a terraform run (:mod:`verbs`) in the workspace the client holds, on the installed
providers linked into it. One ``plan -out`` refreshes and plans at once: the plan file carries the
refreshed state (status, connection details, external name), so an observe is one run. Terraform
makes a replacement itself (``create_before_destroy`` as the policy says, ``prevent_destroy`` off in
the configuration the client wrote for it) and keeps an old object it could not delete deposed, in
the state, until the next update deletes it.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol

from bridge.api import reasons
from bridge.api.errors import OperationFailed, ReplacementFailed
from bridge.api.external import ProviderSetup, Replacement
from bridge.api.managed import CREATE_BEFORE_DESTROY
from bridge.settings import ExecutorSettings
from bridge.tfexec.runner import Run
from bridge.tfexec.verbs import Planned, Terraform
from bridge.workspace import tfstate
from bridge.workspace.document import RESOURCE_NAME, ProviderBlock, escape
from bridge.workspace.driver import Operation, Plan, Refreshed
from bridge.workspace.store import Workspace, WorkspaceStore

# Planned actions that would destroy the object: a replacement.
_REPLACING = ("replace", "delete", "create-then-delete", "delete-then-create")
# The summary of terraform's error for a plan that would destroy a resource whose lifecycle forbids it.
_GUARDED = "Instance cannot be destroyed"


def _guarded(failure: OperationFailed) -> bool:
    """Whether ``failure`` is a plan the configuration's ``prevent_destroy`` stopped."""
    return any(d.startswith(_GUARDED) for d in failure.diagnostics)


class Runs(Protocol):
    """What the CLI executor gives its drivers: its workspace root, and terraform runs there."""

    @property
    def store(self) -> WorkspaceStore: ...

    @property
    def settings(self) -> ExecutorSettings: ...

    def link(self, ws: Workspace, provider: ProviderBlock) -> None: ...

    def terraform(self, ws: Workspace, args: list[str], *, provider: ProviderBlock, setup: ProviderSetup,
                  timeout: float) -> Run: ...


class CLIDriver:
    def __init__(self, runs: Runs, op: Operation) -> None:
        self.runs = runs
        self.op = op
        self.floor = op.floor  # what the kind and its workspaces say
        runs.link(op.ws, op.rendered.provider)  # a workspace the direct executor kept has none
        self.tf = self._terraform(op.ws)
        # The plan this driver made last (its plan file is in the workspace), and whether it answers the
        # next :meth:`plan` (made after an import, and the state unchanged since) without another run.
        self._planned: Planned | None = None
        self._current = False

    def _terraform(self, ws: Workspace) -> Terraform:
        def run(args: list[str], timeout: float) -> Run:
            return self.runs.terraform(ws, args, provider=self.op.rendered.provider, setup=self.floor.setup,
                                       timeout=timeout)

        return Terraform(ws.dir, run, self.op.mr.display, self.floor.provider.import_not_found)

    def refresh(self, current: Mapping[str, Any]) -> Refreshed:
        inst = self.floor.instance(current)
        if inst is None or not inst.tainted:
            return Refreshed(inst)
        self.tf.untaint(self.floor.address, self.op.timeout)
        return Refreshed(dataclasses.replace(inst, tainted=False), untainted=True)

    def import_(self, import_id: str, *, fill_unread: bool) -> tfstate.Instance | None:
        """With ``fill_unread`` (an observe, which plans next) one run imports and plans: ``plan -out`` of
        the configuration with an ``import`` block, whose plan answers the observe's :meth:`plan`.
        Without, ``terraform import``: nothing is planned against a configuration that may not validate
        (an Observe-only object's), or the operation plans its own change next."""
        if fill_unread:
            try:
                planned = self._import_plan(import_id)
            except OperationFailed as exc:
                if exc.canceled:
                    raise
                # The plan refused what an import alone takes: a configuration that does not validate
                # (a required argument left empty, where the ID may name no object), a replacement
                # prevent_destroy refuses. Made apart, import and plan answer as they always have.
                found, planned = self._import_apart(import_id)
            else:
                found = planned is not None
            if not found:
                return None
            self._current = planned is not None and (planned.action is None or not self._with_unread())
        elif not self.tf.import_(self.floor.address, import_id, self.op.timeout):
            return None
        return self.floor.state_instance(self.op.ws)

    def _import_apart(self, import_id: str) -> tuple[bool, Planned | None]:
        """``terraform import``, then the plan: two runs; whether the cloud has the object, and the plan. No
        plan when the configuration's ``prevent_destroy`` stopped it: the spec asks for a replacement, which
        the observe's own plan answers (:meth:`plan`)."""
        if not self.tf.import_(self.floor.address, import_id, self.op.timeout):
            return False, None
        try:
            return True, self._plan("observe failed")
        except OperationFailed as exc:
            if not _guarded(exc):
                raise
            self._planned = None
            return True, None

    def _import_plan(self, import_id: str) -> Planned | None:
        """Import ``import_id`` by an ``import`` block written for this one plan, and save what it read as
        the state, as ``terraform import`` saves it; None when the cloud has no such object. The block
        is removed again, whatever the run did: a later plan must not import once more."""
        document = self.op.rendered.document
        block = {"to": self.floor.address, "id": escape(import_id)}  # the ID is a literal, never a template
        self.op.ws.write_main({**document, "import": [block]})
        try:
            self._planned = planned = self.tf.import_plan(self.op.tf_type, import_id, self.op.timeout)
        finally:
            self.op.ws.write_main(document)
        if planned is None:
            return None
        found = planned.refreshed
        if found is None or planned.prior is None:
            # The plan file's state is the only record of the object's private data.
            raise OperationFailed(f"{self.op.mr.display}: import of {import_id!r} failed: the plan file holds no "
                                  f"state of {self.floor.address}", verb="plan")
        self.op.ws.write_state(tfstate.with_instance(
            self.op.ws.read_state(), tf_type=self.op.tf_type, name=RESOURCE_NAME,
            provider=self.floor.provider.registry_source, attributes=found.attributes,
            schema_version=found.schema_version, private=found.private, sensitive_paths=found.sensitive_paths))
        return planned

    def _with_unread(self) -> bool:
        """Give each argument the import left null the value the plan gives it, saved in the state
        (:meth:`KindWorkspaces.with_unread`); True if any was. The plan made next refreshes the state,
        putting back the cloud's value of every argument it can read."""
        doc = self.op.ws.read_state()
        inst = self.floor.instance(doc)  # as the import wrote it, its private state and version kept
        if inst is None or self._planned is None or self._planned.refreshed is None:
            return False
        attributes = self.floor.with_unread(inst.attributes, self.tf.planned_values(self.op.tf_type, self.op.timeout))
        if attributes == inst.attributes:
            return False
        self.op.ws.write_state(tfstate.with_instance(
            doc, tf_type=self.op.tf_type, name=RESOURCE_NAME, provider=self.floor.provider.registry_source,
            attributes=attributes, schema_version=inst.schema_version, private=inst.private,
            sensitive_paths=inst.sensitive_paths, tainted=inst.tainted))
        return True

    def _plan(self, what: str) -> Planned:
        self._planned = self.tf.plan(self.op.tf_type, self.op.timeout, what)
        return self._planned

    def plan(self, what: str, *, validate: bool) -> Plan:
        """Terraform validates every plan. A plan that would replace the object stops at the
        ``prevent_destroy`` the configuration carries while the object has not consented to a replacement:
        answered as the replacement it is, with the arguments that differ from the state, so that the
        object is refused in words about its spec, as the direct executor refuses it."""
        try:
            planned = self._planned if self._current and self._planned is not None else self._plan(what)
        except OperationFailed as exc:
            if not _guarded(exc):
                raise
            inst = self.floor.state_instance(self.op.ws)
            return Plan("replace", inst, tuple(self.floor.changed(self.op.rendered, inst)) if inst else ())
        self._current = False
        if planned.action in _REPLACING:
            return Plan("replace", planned.refreshed, tuple(self.floor.changed(self.op.rendered, planned.refreshed)))
        return Plan(planned.action, planned.refreshed)

    def apply(self, what: str) -> None:
        self._current = False
        self.tf.apply(self.op.timeout, what, planned=self._planned is not None)

    def replace(self, policy: str) -> Replacement | None:
        """A failed run says which object lives: terraform keeps a new object current and an old one it
        could not delete deposed."""
        before = self.floor.state_instance(self.op.ws)
        old_name = self.floor.external_name(before) if before else self.op.mr.external_name
        self._plan("update failed")
        try:
            self.apply("update failed")
        except OperationFailed as exc:
            inst = self.floor.state_instance(self.op.ws)
            new_name = self.floor.external_name(inst) if inst else ""
            if self.floor.deposed(self.op.ws):
                done: tuple[tuple[str, str], ...] = (
                    (reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}"),
                ) if new_name != old_name else ()
                raise ReplacementFailed(f"{self.op.mr.display}: replaced by {new_name}; deleting the old object "
                                        f"failed, and is retried: {exc}", Replacement(policy, old_name, new_name, done),
                                        diagnostics=exc.diagnostics, external_name=new_name or None) from exc
            deleted: tuple[tuple[str, str], ...] = (
                (reasons.DELETED_REPLACED, f"deleted {old_name} to replace it"),) if inst is None else ()
            kept = "the old object was deleted" if deleted else f"the old object {old_name} is kept"
            raise ReplacementFailed(f"{self.op.mr.display}: replacement ({policy}): creating the new object failed "
                                    f"({kept}): {exc}", Replacement(policy, old_name, "", deleted),
                                    diagnostics=exc.diagnostics) from exc
        inst = self.floor.state_instance(self.op.ws)
        new_name = self.floor.external_name(inst) if inst else ""
        if not new_name or new_name == old_name:
            return None
        made = (reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}")
        gone = (reasons.DELETED_REPLACED, f"deleted {old_name}")
        steps = (made, gone) if policy == CREATE_BEFORE_DESTROY else (gone, made)
        return Replacement(policy, old_name, new_name, steps)

    def delete_deposed(self) -> None:
        """Terraform deletes them only in an apply of the whole configuration, which makes any other
        change the configuration asks for too."""
        old = ", ".join(self.floor.external_name(i) for i in self.floor.deposed(self.op.ws).values())
        self._plan("update failed")
        try:
            self.apply("update failed")
        except OperationFailed as exc:
            if not self.floor.deposed(self.op.ws):
                raise
            inst = self.floor.state_instance(self.op.ws)
            new = self.floor.external_name(inst) if inst else ""
            raise ReplacementFailed(f"{self.op.mr.display}: replaced by {new}; deleting the old object {old} failed, "
                                    f"and is retried: {exc}", Replacement("", old, new), diagnostics=exc.diagnostics,
                                    external_name=new or None) from exc

    def destroy(self) -> None:
        self.tf.destroy(self.op.timeout)

    def probe(self, import_id: str, timeout: float) -> tfstate.Instance | None:
        """What ``terraform import`` of ``import_id`` reads, in a scratch workspace beside the object's
        own, then removed (the object's state stays as the create left it)."""
        area = self.runs.store.root / ".import-check"
        area.mkdir(mode=0o700, exist_ok=True)
        scratch = Workspace(area, self.op.ws.key)
        try:
            with scratch.lock("import check", self.runs.settings.lock_timeout):
                with contextlib.suppress(FileNotFoundError):
                    scratch.state_path.unlink()
                scratch.write_main(self.op.rendered.document)
                self.runs.link(scratch, self.op.rendered.provider)
                if not self._terraform(scratch).import_(self.floor.address, import_id, timeout):
                    return None
                return self.floor.state_instance(scratch)
        finally:
            scratch.remove()
