"""An ExternalClient over a Terraform CLI workspace.

observe, per managed resource:

1. render ``main.tf.json`` from the spec (``prevent_destroy`` on) and link the shared plugins;
2. no state: with an external name, ``terraform import`` by the ID the GetIDFn builds (external
   name + parameters + provider metadata); "non-existent remote object" means it does not exist;
   without an external name it does not exist. The state after an import is the cloud's; where the
   plan after it would change an argument the importer left null, that argument takes the plan's
   value (the spec's, or the provider's default) and the plan is made again, its refresh reading back
   what the cloud holds;
3. a tainted instance (an apply interrupted mid-create) is untainted: it exists and is updated,
   never destroyed and created again;
4. one ``terraform plan -out``: its JSON stream says create (gone), update (drift) or nothing;
   the plan file carries the refreshed state, from which status, connection details and the
   external name are read.

A change that needs replacement is refused unless the object consents (``tfbridge.io/replace-policy``);
then terraform replaces it itself (``create_before_destroy`` as the policy says, ``prevent_destroy``
off for that run), and an old object it could not delete stays deposed until the next update.

After a create, ``terraform import`` in a scratch workspace beside the object's own proves that
the import ID the kind builds from the new external name finds the object just made.
"""

from __future__ import annotations

import contextlib
import functools
import time
from typing import TYPE_CHECKING, Any

from bridge.api import reasons
from bridge.api.errors import BridgeError, OperationFailed, ReplacementFailed
from bridge.api.external import Creation, Observation, Replacement, Update
from bridge.api.managed import CREATE_BEFORE_DESTROY, Managed
from bridge.api.policies import Policies
from bridge.tfexec.verbs import Planned, Terraform
from bridge.workspace import tfstate
from bridge.workspace.document import RESOURCE_NAME, Rendered
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.metadata import FreshState
from bridge.workspace.store import Workspace

if TYPE_CHECKING:
    from bridge.tfexec.backend import CLIBackend

# How long after our own apply its state answers an observe without a refresh.
FRESH_SECONDS = 60.0
# Planned actions that would destroy the object: an update never applies them.
_REPLACING = ("replace", "delete", "create-then-delete", "delete-then-create")


class CLIClient:
    def __init__(self, backend: CLIBackend, floor: KindWorkspaces) -> None:
        self.backend = backend
        self.floor = floor
        self.config = floor.config

    def _terraform(self, ws: Workspace, rendered: Rendered, mr: Managed) -> Terraform:
        run = functools.partial(self._run, ws, rendered)
        return Terraform(ws.dir, run, mr.display, self.floor.provider.import_not_found)

    def _run(self, ws: Workspace, rendered: Rendered, args: list[str], timeout: float) -> Any:
        return self.backend.terraform(ws, args, provider=rendered.provider, setup=self.floor.setup, timeout=timeout)

    def _prepare(self, ws: Workspace, mr: Managed, rendered: Rendered) -> bool:
        aside = self.floor.prepare(ws, mr, rendered)
        self.backend.link(ws, rendered.provider)
        return aside

    # -- the ExternalClient protocol -------------------------------------------------------

    def observe(self, mr: Managed) -> Observation:
        timeout = self.config.timeouts.observe
        with self.floor.observing(mr) as observing:
            if observing is None:
                return Observation(exists=False)
            ws, rendered, current = observing
            if Policies.of(mr).read_only:
                return self._observe_only(ws, mr, rendered, timeout)
            # A reconcile someone asked for reads the cloud: they may have changed it meanwhile.
            fresh = None if mr.reconcile_requested else self._fresh_after_apply(ws, mr, rendered, current)
            if fresh is not None:
                return self.floor.observation(mr, rendered, fresh, None, ())
            if self._prepare(ws, mr, rendered):
                current = None  # another object's state, now set aside
            tf = self._terraform(ws, rendered, mr)
            inst = self.floor.instance(current)
            recovered: tuple[str, ...] = ()
            if inst is None:
                if not mr.external_name or not tf.import_(self.floor.address, self.floor.import_id(mr, rendered),
                                                          timeout):
                    return Observation(exists=False)
                recovered = ("import",)
            elif inst.tainted:
                tf.untaint(self.floor.address, timeout)
                recovered = ("untaint",)
            if inst is not None and self.floor.deposed(ws):
                # A replacement's old object is still there: the update deletes it (a plan here would
                # refuse its destroy under prevent_destroy).
                return self.floor.observation(mr, rendered, inst, "delete replaced", recovered)
            planned = tf.plan(self.config.tf_type, timeout)
            if recovered == ("import",) and planned.action is not None and self._with_unread(ws, tf, planned):
                planned = tf.plan(self.config.tf_type, timeout)
            if planned.refreshed is None or planned.action == "create":
                return Observation(exists=False, recovered=recovered)
            return self.floor.observation(mr, rendered, planned.refreshed, planned.action, recovered)

    def _observe_only(self, ws: Workspace, mr: Managed, rendered: Rendered, timeout: float) -> Observation:
        """Neither Create nor Update: nothing is ever planned against this spec, which may leave required
        arguments empty (a plan would refuse them; ``terraform import`` does not validate them). As
        upjet: import afresh at every observe, never plan, and report the object up to date; what
        differs is compared argument by argument, for the drift summary."""
        if not mr.external_name:
            return Observation(exists=False)
        self._prepare(ws, mr, rendered)
        ws.drop_state()
        if not self._terraform(ws, rendered, mr).import_(self.floor.address, self.floor.import_id(mr, rendered),
                                                         timeout):
            return Observation(exists=False)
        inst = self.floor.state_instance(ws)
        if inst is None:
            return Observation(exists=False)
        return self.floor.observation(mr, rendered, inst, None, ("import",), compared=True)

    def create(self, mr: Managed) -> Creation:
        with self.floor.hold(mr, "create") as ws:
            rendered = self.floor.render(mr)
            self._prepare(ws, mr, rendered)
            try:
                self._terraform(ws, rendered, mr).apply(self.config.timeouts.create, "create failed")
            except BridgeError as exc:
                exc.external_name = self.floor.created_anyway(ws)
                raise
            inst = self.floor.state_instance(ws)
            if inst is None:
                raise OperationFailed(f"{mr.display}: create reported success but the state has no "
                                      f"{self.floor.address}", verb="apply")
            self._mark_fresh(ws, mr)
            check = self.floor.check_import(ws, mr, rendered, inst,
                                            functools.partial(self._probe, ws, rendered, mr))
            return Creation(external_name=self.floor.external_name(inst),
                            connection_details=self.floor.connection_details(inst), import_check=check)

    def _probe(self, ws: Workspace, rendered: Rendered, mr: Managed, import_id: str,
               timeout: float) -> tfstate.Instance | None:
        """What ``terraform import`` of ``import_id`` reads, in a scratch workspace that is then
        removed (the object's own state stays as the create left it); None when it finds nothing."""
        area = self.backend.store.root / ".import-check"
        area.mkdir(mode=0o700, exist_ok=True)
        scratch = Workspace(area, ws.key)
        try:
            with scratch.lock("import check", self.backend.settings.lock_timeout):
                with contextlib.suppress(FileNotFoundError):
                    scratch.state_path.unlink()
                scratch.write_main(rendered.document)
                self.backend.link(scratch, rendered.provider)
                tf = self._terraform(scratch, rendered, mr)
                if not tf.import_(self.floor.address, import_id, timeout):
                    return None
                return self.floor.state_instance(scratch)
        finally:
            scratch.remove()

    def update(self, mr: Managed) -> Update:
        timeout = self.config.timeouts.update
        with self.floor.hold(mr, "update") as ws:
            rendered = self.floor.render(mr)
            self._prepare(ws, mr, rendered)
            tf = self._terraform(ws, rendered, mr)
            if self.floor.deposed(ws):
                return self._replace(ws, mr, mr.replace_policy or "", timeout)
            planned = tf.plan(self.config.tf_type, timeout, "update failed")
            if planned.action in _REPLACING:
                policy = self.floor.replace_policy(mr, self.floor.changed(rendered, planned.refreshed))
                return self._replace(ws, mr, policy, timeout)
            if planned.action is not None:
                tf.apply(timeout, "update failed", planned=True)
                self._mark_fresh(ws, mr)
            inst = self.floor.state_instance(ws)
            return Update(connection_details=self.floor.connection_details(inst) if inst else {})

    def _replace(self, ws: Workspace, mr: Managed, policy: str, timeout: float) -> Update:
        """Terraform's own replacement (create_before_destroy as the policy says), or the deletion of a
        replaced object it left deposed. A failed run says which object lives: terraform keeps a new
        object current and an old one it could not delete deposed, and the next update deletes it."""
        before = self.floor.state_instance(ws)
        old_name = self.floor.external_name(before) if before else mr.external_name
        rendered = self.floor.render(mr, prevent_destroy=False, create_before_destroy=policy == CREATE_BEFORE_DESTROY)
        self._prepare(ws, mr, rendered)
        tf = self._terraform(ws, rendered, mr)
        tf.plan(self.config.tf_type, timeout, "update failed")
        try:
            tf.apply(timeout, "update failed", planned=True)
        except OperationFailed as exc:
            inst = self.floor.state_instance(ws)
            new_name = self.floor.external_name(inst) if inst else ""
            if self.floor.deposed(ws):
                done: tuple[tuple[str, str], ...] = (
                    (reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}"),
                ) if new_name != old_name else ()
                raise ReplacementFailed(f"{mr.display}: replaced by {new_name}; deleting the old object failed, and "
                                        f"is retried: {exc}", Replacement(policy, old_name, new_name, done),
                                        diagnostics=exc.diagnostics, external_name=new_name or None) from exc
            deleted: tuple[tuple[str, str], ...] = (
                (reasons.DELETED_REPLACED, f"deleted {old_name} to replace it"),) if inst is None else ()
            kept = "the old object was deleted" if deleted else f"the old object {old_name} is kept"
            raise ReplacementFailed(f"{mr.display}: replacement ({policy}): creating the new object failed ({kept}): "
                                    f"{exc}", Replacement(policy, old_name, "", deleted),
                                    diagnostics=exc.diagnostics) from exc
        self._mark_fresh(ws, mr)
        inst = self.floor.state_instance(ws)
        if inst is None:
            raise OperationFailed(f"{mr.display}: replacement reported success but the state has no "
                                  f"{self.floor.address}", verb="apply")
        new_name = self.floor.external_name(inst)
        made = (reasons.CREATED_REPLACEMENT, f"created {new_name} to replace {old_name}")
        gone = (reasons.DELETED_REPLACED, f"deleted {old_name}")
        steps = (made, gone) if policy == CREATE_BEFORE_DESTROY else (gone, made)
        return Update(connection_details=self.floor.connection_details(inst),
                      replaced=Replacement(policy, old_name, new_name, steps) if new_name != old_name else None)

    def delete(self, mr: Managed) -> None:
        """Destroy the external resource (importing it first if the state was lost), then the workspace."""
        timeout = self.config.timeouts.delete
        with self.floor.hold(mr, "delete") as ws:
            rendered = self.floor.render(mr, prevent_destroy=False)
            self._prepare(ws, mr, rendered)
            tf = self._terraform(ws, rendered, mr)
            exists = self.floor.state_instance(ws) is not None or bool(
                mr.external_name and tf.import_(self.floor.address, self.floor.import_id(mr, rendered), timeout))
            if exists:
                tf.destroy(timeout)
        ws.remove()

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        return self.floor.find(mr, self.backend.read_data)

    # -- answers without a run ----------------------------------------------------------------

    def _mark_fresh(self, ws: Workspace, mr: Managed) -> None:
        ws.update_meta(fresh_state=FreshState(mr.uid, time.time()))

    def _fresh_after_apply(self, ws: Workspace, mr: Managed, rendered: Rendered,
                           current: dict[str, Any] | None) -> tfstate.Instance | None:
        """The instance our own apply wrote, while it is fresh and still answers the configuration.

        An apply ends with the provider's answer for exactly the configuration it applied: planning
        again at once would cost a full terraform run to learn nothing. For FRESH_SECONDS after
        our apply, an observe trusts that state if every argument that changed since (late-initialised
        values, typically) already equals what the state holds. Later observes (the polls that catch
        drift) always refresh, and so does a reconcile requested through
        ``crossplane.io/reconcile-requested-at``: the shortcut serves only the reconciles we schedule.
        """
        marker = ws.meta().fresh_state
        if marker is None or marker.uid != mr.uid or time.time() - marker.at > FRESH_SECONDS:
            return None
        inst = self.floor.instance(current)
        applied = ws.read_main()
        if inst is None or inst.tainted or applied is None:
            return None
        doc = rendered.document
        if {k: v for k, v in applied.items() if k != "resource"} != {k: v for k, v in doc.items() if k != "resource"}:
            return None
        before = applied["resource"][self.config.tf_type][RESOURCE_NAME]
        now = doc["resource"][self.config.tf_type][RESOURCE_NAME]
        for key in set(before) | set(now):
            if before.get(key) != now.get(key) and (key in ("lifecycle", "timeouts")
                                                     or rendered.resource.arguments.get(key)
                                                     != inst.attributes.get(key)):
                return None
        return inst

    def _with_unread(self, ws: Workspace, tf: Terraform, planned: Planned) -> bool:
        """Give each argument the import left null the value the plan gives it, saved in the state
        (:meth:`KindWorkspaces.with_unread`); True if any was. The plan made next refreshes the
        state, putting back the cloud's value of every argument it can read."""
        doc = ws.read_state()
        inst = self.floor.instance(doc)  # as the import wrote it, its private state and version kept
        if inst is None or planned.refreshed is None:
            return False
        after = tf.planned_values(self.config.tf_type, self.config.timeouts.observe)
        attributes = self.floor.with_unread(inst.attributes, after)
        if attributes == inst.attributes:
            return False
        ws.write_state(tfstate.with_instance(
            doc, tf_type=self.config.tf_type, name=RESOURCE_NAME,
            provider=self.floor.provider.registry_source, attributes=attributes, schema_version=inst.schema_version,
            private=inst.private, sensitive_paths=inst.sensitive_paths, tainted=inst.tainted))
        return True
