"""The ExternalClient of a kind under one ProviderConfig, whichever executor runs it.

It owns every operation's sequence: the object's workspace held (its outcome recorded in it), the spec
rendered, the workspace made this object's with its ``main.tf.json`` current, then the executor's
:class:`~bridge.workspace.driver.Driver` asked what only it can do, and what it found turned into an
Observation, a Creation or an Update. So both executors keep one on-disk contract and decide alike:
when an object exists, what a lost state imports, when a replacement is refused, which answer a poll
may reuse.

observe, per managed resource:

1. no state and no external name: it does not exist, and no provider is asked (a new object shows
   Creating at once);
2. Observe-only (neither Create nor Update): imported afresh, never planned (see :meth:`_observe_only`);
3. right after our own apply, its state answers (:mod:`bridge.workspace.applied`);
4. no state: with an external name, imported by the ID the kind's GetIDFn builds (external name,
   parameters, provider metadata), each argument the importer could not read given the plan's value
   and read again; else refreshed (a tainted instance untainted: it exists);
5. a replacement's old object still in the state: the update deletes it;
6. a plan says create (gone), update or replace (drift), or nothing; nothing, on the very same
   configuration and object as the last observe, is that observe's answer again.

A change that needs replacement is refused unless the object consents (``tfbridge.io/replace-policy``);
then the executor replaces it. After a create, the import ID the kind builds from the new external
name is proven to find the object just made (:meth:`KindWorkspaces.check_import`).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from bridge.api.errors import BridgeError, OperationFailed
from bridge.api.external import Creation, Observation, ProviderSetup, SecretReader, Update
from bridge.api.managed import CREATE_BEFORE_DESTROY, Managed
from bridge.api.policies import Policies
from bridge.api.registry import Kind
from bridge.workspace import tfstate
from bridge.workspace.document import Rendered
from bridge.workspace.driver import Driver, Executor, Operation
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import Workspace


class WorkspaceClient:
    def __init__(self, executor: Executor, floor: KindWorkspaces) -> None:
        self.executor = executor
        self.floor = floor
        self.timeouts = floor.config.timeouts

    @classmethod
    def of(cls, executor: Executor, kind: Kind, setup: ProviderSetup,
           secrets: SecretReader | None = None) -> WorkspaceClient:
        settings = executor.settings
        return cls(executor, KindWorkspaces(
            store=executor.store, provider=executor.provider, kind=kind, setup=setup, secrets=secrets,
            executor=executor.name, lock_timeout=settings.lock_timeout, metadata=executor.identity,
            import_check_timeout=settings.import_check_timeout))

    # -- the sequence -------------------------------------------------------------------------

    @contextlib.contextmanager
    def _operation(self, mr: Managed, operation: str, timeout: float, *,
                   prevent_destroy: bool = True) -> Iterator[tuple[Workspace, Rendered, Driver]]:
        """The workspace held for ``operation``, its main.tf.json current, and the executor's driver in it."""
        with self.floor.hold(mr, operation) as ws:
            rendered = self._prepare(ws, mr, prevent_destroy=prevent_destroy)
            with self.executor.driver(Operation(self.floor, ws, rendered, mr, timeout)) as d:
                yield ws, rendered, d

    def _prepare(self, ws: Workspace, mr: Managed, *, prevent_destroy: bool = True,
                 create_before_destroy: bool = False) -> Rendered:
        rendered = self.floor.render(mr, prevent_destroy=prevent_destroy, create_before_destroy=create_before_destroy)
        self.floor.prepare(ws, mr, rendered)
        return rendered

    def _found(self, ws: Workspace, mr: Managed, rendered: Rendered, d: Driver) -> tfstate.Instance | None:
        """The object before a change: refreshed from the state, or, the state lost, imported by its
        external name; None when there is none."""
        current = ws.read_state()
        if current is not None and self.floor.instance(current) is not None:
            return d.refresh(current).found
        if mr.external_name:
            return self._lost(ws, mr, rendered, d, fill_unread=False)[0]
        return None

    def _lost(self, ws: Workspace, mr: Managed, rendered: Rendered, d: Driver, *,
              fill_unread: bool) -> tuple[tfstate.Instance | None, str]:
        """The object of a lost state, by its external name, and how it was found: imported, or for a kind
        Terraform cannot import, its state rebuilt and read (``rebuild``; the CLI executor reads it in the
        plan that follows). None when the cloud has no such object."""
        if self.floor.config.importless is None:
            return d.import_(self.floor.import_id(mr, rendered), fill_unread=fill_unread), "import"
        return d.refresh(self.floor.rebuild(ws, mr, rendered)).found, "rebuild"

    # -- the ExternalClient protocol -----------------------------------------------------------

    def observe(self, mr: Managed) -> Observation:
        try:
            return self._observe(mr)
        except self.executor.repeatable:
            return self._observe(mr)  # it changed nothing: made once more on what the executor replaced

    def _observe(self, mr: Managed) -> Observation:
        timeout = self.timeouts.observe
        with self.floor.hold(mr, "observe") as ws:
            rendered = self.floor.render(mr)
            current = ws.read_state()
            if current is None and not mr.external_name:
                return Observation(exists=False)
            if Policies.of(mr).read_only:
                return self._observe_only(ws, mr, rendered, timeout)
            applied = self.executor.after_apply.recall(ws, mr, rendered, current)
            if applied is not None:
                return dataclasses.replace(self.floor.observation(mr, rendered, applied, None, ()), from_apply=True)
            before = ws.meta()
            aside = self.floor.prepare(ws, mr, rendered)
            if aside:
                current = None  # another object's state, now set aside
            lost = current is None or self.floor.instance(current) is None
            rebuilt = self.floor.rebuild_reason(ws, mr, before, aside) if lost else ""
            with self.executor.driver(Operation(self.floor, ws, rendered, mr, timeout)) as d:
                observation = self._observed(ws, mr, rendered, current, d)
            built = {"import", "rebuild"} & set(observation.recovered)  # by importing, or from the external name
            return dataclasses.replace(observation, rebuilt=rebuilt) if built else observation

    def _observed(self, ws: Workspace, mr: Managed, rendered: Rendered, current: Mapping[str, Any] | None,
                  d: Driver) -> Observation:
        recovered: tuple[str, ...] = ()
        if current is None or self.floor.instance(current) is None:
            if not mr.external_name:
                return Observation(exists=False)
            found, how = self._lost(ws, mr, rendered, d, fill_unread=True)
            if found is None:
                return Observation(exists=False)
            recovered = (how,)
        else:
            refreshed = d.refresh(current)
            recovered = ("untaint",) if refreshed.untainted else ()
            if refreshed.found is None:
                return Observation(exists=False, recovered=recovered)
            found = refreshed.found
        if self.floor.deposed(ws):
            # A replacement's old object is still there: the update deletes it (a plan here would
            # refuse its destroy).
            return self.floor.observation(mr, rendered, found, "delete replaced", recovered)
        plan = d.plan("observe failed", validate=False)
        if plan.found is None or plan.action == "create":
            return Observation(exists=False, recovered=recovered)
        settled = plan.action is None and not recovered
        last = ws.observed
        if settled and last is not None and last[0] is rendered and last[1] is plan.found:
            return last[2]
        observation = self.floor.observation(mr, rendered, plan.found, plan.action, recovered)
        ws.observed = (rendered, plan.found, observation) if settled else None
        return observation

    def _observe_only(self, ws: Workspace, mr: Managed, rendered: Rendered, timeout: float) -> Observation:
        """Neither Create nor Update: nothing is ever planned against this spec, which may leave required
        arguments empty (a plan would refuse them; an import does not validate them). As upjet: import
        afresh at every observe, never plan, and report the object up to date; what differs is compared
        argument by argument, for the drift summary."""
        if not mr.external_name:
            return Observation(exists=False)
        self.floor.prepare(ws, mr, rendered)
        ws.drop_state()
        with self.executor.driver(Operation(self.floor, ws, rendered, mr, timeout)) as d:
            found, how = self._lost(ws, mr, rendered, d, fill_unread=False)
            if found is not None and how == "rebuild":
                # Read by a plan, the CLI executor's way; the direct executor's refresh has read it.
                found = d.plan("observe failed", validate=False).found
        if found is None:
            return Observation(exists=False)
        return self.floor.observation(mr, rendered, found, None, (how,), compared=True)

    def create(self, mr: Managed) -> Creation:
        with self._operation(mr, "create", self.timeouts.create) as (ws, rendered, d):
            try:
                d.apply("create failed")
            except BridgeError as exc:
                exc.external_name = self.floor.created_anyway(ws)
                raise
            inst = self.floor.state_instance(ws)
            if inst is None:
                raise OperationFailed(f"{mr.display}: create reported success but the state has no "
                                      f"{self.floor.address}", verb="apply")
            self.executor.after_apply.mark(ws, mr, rendered)
            # No importer to prove: a lost state of this kind is rebuilt, not imported.
            check = None if self.floor.config.importless else self.floor.check_import(ws, mr, rendered, inst, d.probe)
            return Creation(external_name=self.floor.external_name(inst),
                            connection_details=self.floor.connection_details(inst), import_check=check)

    def update(self, mr: Managed) -> Update:
        with self._operation(mr, "update", self.timeouts.update) as (ws, rendered, d):
            if self.floor.deposed(ws):
                # A replacement's old object is still there: deleted first.
                self._prepare(ws, mr, prevent_destroy=False,
                              create_before_destroy=mr.replace_policy == CREATE_BEFORE_DESTROY)
                d.delete_deposed()
            gone = OperationFailed(f"{mr.display}: update failed: the object no longer exists", verb="apply")
            if self._found(ws, mr, rendered, d) is None:
                raise gone
            plan = d.plan("update failed", validate=True)
            if plan.found is None or plan.action == "create":
                raise gone
            if plan.action == "replace":
                policy = self.floor.replace_policy(mr, list(plan.replacing))
                rendered = self._prepare(ws, mr, prevent_destroy=False,
                                         create_before_destroy=policy == CREATE_BEFORE_DESTROY)
                replaced = d.replace(policy)
            elif plan.action is not None:
                d.apply("update failed")
                replaced = None
            else:
                inst = self.floor.state_instance(ws)
                return Update(connection_details=self.floor.connection_details(inst) if inst else {})
            self.executor.after_apply.mark(ws, mr, rendered)
            inst = self.floor.state_instance(ws)
            if inst is None:
                raise OperationFailed(f"{mr.display}: update reported success but the state has no "
                                      f"{self.floor.address}", verb="apply")
            return Update(connection_details=self.floor.connection_details(inst), replaced=replaced)

    def delete(self, mr: Managed) -> None:
        """Delete the cloud object (importing it first if the state was lost), then the workspace."""
        with self._operation(mr, "delete", self.timeouts.delete, prevent_destroy=False) as (ws, rendered, d):
            if self._found(ws, mr, rendered, d) is not None or self.floor.deposed(ws):
                d.destroy()
        self.executor.forget(ws)
        ws.remove()

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        return self.floor.find(mr, self.executor.read_data)
