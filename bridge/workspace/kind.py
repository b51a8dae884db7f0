"""One kind's workspaces under one ProviderConfig: the steps every operation takes around its
provider calls, whichever executor makes them.

The client (:mod:`bridge.workspace.client`) holds the object's workspace (:meth:`KindWorkspaces.hold`:
the lock, and the outcome recorded), renders the spec (:meth:`~KindWorkspaces.render`), makes the
workspace this object's with its ``main.tf.json`` current (:meth:`~KindWorkspaces.prepare`), and turns
what the executor found into an Observation here. The import ID of a lost state, the lookup of a lost
create and the refusal of a replacement are decided here too, and so is the check that the import ID
of a just-created object imports it (:meth:`~KindWorkspaces.check_import`), each executor probing the
import its own way.
"""

from __future__ import annotations

import contextlib
import pickle
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from bridge.api.errors import ImmutableChange, InvalidSpec, OperationFailed, OperationTimedOut, StateLost, Terminal
from bridge.api.external import ImportCheck, ImportOutcome, Observation, ProviderSetup, SecretReader
from bridge.api.managed import (
    EXTERNAL_NAME,
    IMPORT_CHECK_FAILED,
    REPLACE_POLICIES,
    REPLACE_POLICY,
    Managed,
    replacement_refused,
)
from bridge.api.policies import Policies
from bridge.api.registry import Kind
from bridge.workspace import drift, initprovider, tfstate
from bridge.workspace.document import RESOURCE_NAME, DataRead, ProviderBlock, Rendered, ResourceBlock, address
from bridge.workspace.identity import Lazy
from bridge.workspace.metadata import Metadata as Recorded
from bridge.workspace.store import STATE, Workspace, WorkspaceStore
from bridge.workspace.values import Values, refuse_secrets
from tfconfig import Provider, TemplateError
from tfconfig.resource import STOP
from tfschema import schema as tfs

Metadata = Callable[[ProviderBlock, ProviderSetup], Mapping[str, str]]
# (provider block, setup, request, purpose, key, what) → outputs
ReadData = Callable[..., Mapping[str, Any]]
# (import ID, seconds it may take) → the object importing it reads (nothing saved), or None when the
# provider finds none.
Probe = Callable[[str, float], tfstate.Instance | None]
# A cloud may take a moment to list what it has just made: "not found" is asked again once after this.
RECHECK_SECONDS = 2.0
# The whole check's deadline when the executor's settings give none.
IMPORT_CHECK_SECONDS = 20.0


class _OutOfTime(Exception):
    """The import check's deadline passed before it could ask (again)."""


class KindWorkspaces:
    def __init__(self, *, store: WorkspaceStore, provider: Provider, kind: Kind, setup: ProviderSetup,
                 secrets: SecretReader | None, executor: str, lock_timeout: float, metadata: Metadata,
                 import_check_timeout: float = IMPORT_CHECK_SECONDS) -> None:
        self.store = store
        self.provider = provider
        self.kind = kind
        self.config = kind.config
        self.setup = setup
        self.values = Values(kind, secrets or refuse_secrets)
        self.executor = executor
        self.lock_timeout = lock_timeout
        self.import_check_timeout = import_check_timeout
        self.metadata = metadata
        self.address = address(self.config.tf_type)

    # -- the configuration ------------------------------------------------------------------

    def render(self, mr: Managed, *, prevent_destroy: bool = True, create_before_destroy: bool = False) -> Rendered:
        """``mr`` as Terraform configuration. What a workspace's last render was made from is kept with it:
        a poll of an object whose spec, annotations and ProviderConfig are unchanged gets the same
        Rendered back (callers never change one) instead of converting the spec again. Values read from
        Secrets may change while the spec does not: such a spec is converted every time."""
        ws = self.workspace(mr)
        inputs = pickle.dumps((mr.for_provider, mr.init_provider, mr.external_name, mr.replace_policy,
                               dict(self.setup.configuration), prevent_destroy, create_before_destroy),
                              pickle.HIGHEST_PROTOCOL)
        memo = ws.rendered
        if memo is not None and memo[0] == inputs:
            return memo[1]
        rendered, from_secrets = self._render(mr, prevent_destroy=prevent_destroy,
                                              create_before_destroy=create_before_destroy)
        ws.rendered = None if from_secrets else (inputs, rendered)
        return rendered

    def _render(self, mr: Managed, *, prevent_destroy: bool, create_before_destroy: bool) -> tuple[Rendered, bool]:
        # An object that consents to replacement may be destroyed by a plan: terraform then says "replace"
        # where it would refuse the plan outright.
        prevent_destroy = prevent_destroy and mr.replace_policy not in REPLACE_POLICIES
        spec = self.values.spec(mr)
        # initProvider values are part of the configuration (a required argument may come only from
        # it), merged in at any depth, and ignore_changes makes Terraform use them at create only.
        arguments = initprovider.merged(spec.arguments, spec.init_arguments)
        ignore = initprovider.init_only(spec.arguments, spec.init_arguments, self._object_arguments())
        self._check_identifier(mr, arguments)
        self.config.external_name.set_identifier_argument(arguments, mr.external_name)
        t = self.config.timeouts
        timeouts = None
        if self.config.timeouts_configured and self.kind.timeouts_block:
            # Only the operations the resource's timeouts block names (some have no update or delete).
            named = {a.name for bt in self.kind.schema().block.block_types if bt.name == "timeouts"
                     for a in bt.block.attributes}
            timeouts = {verb: f"{seconds:.0f}s" for verb, seconds in
                        (("create", t.create), ("update", t.update), ("delete", t.delete)) if verb in named}
        # A setting the spec leaves out is the ProviderConfig's, else the kind's own default (a global service's
        # region), else the provider's.
        defaults = {i.name: i.default for i in self.config.injected if i.default}
        provider = ProviderBlock(self.provider.name, self.provider.source, self.provider.version,
                                 {**self.provider.provider_defaults, **defaults, **self.setup.configuration,
                                  **spec.provider})
        return Rendered(provider, ResourceBlock(self.config.tf_type, arguments, ignore, prevent_destroy, timeouts,
                                                create_before_destroy)), spec.from_secrets

    def _check_identifier(self, mr: Managed, arguments: Mapping[str, Any]) -> None:
        """A spec that gives the argument the external name fills must give the external name: the object is
        refused, never renamed in the cloud, when they differ."""
        served = self.config.identifier_in_spec
        given = arguments.get(served) if served else None
        if given in (None, "") or not mr.external_name or given == mr.external_name:
            return
        field = self.kind.converter.json_name(served) or served
        raise InvalidSpec(f"{mr.display}: spec.forProvider.{field} is {given!r} but the object's external name "
                          f"({EXTERNAL_NAME}) is {mr.external_name!r}: they name the same cloud object and must "
                          f"agree; leave {field} out, or set it to the external name (a new name is a new object)")

    def _object_arguments(self) -> frozenset[str]:
        """Top-level arguments whose values are objects (``.name`` steps), not maps (``["key"]``)."""
        return _object_arguments(self.kind)

    def import_id(self, mr: Managed, rendered: Rendered) -> str:
        """The ID that imports ``mr``'s cloud object when its state is lost: its GetIDFn over the
        external name, the arguments and the provider's metadata (read only if the template needs
        it). Refused with instructions when that ID failed its check at create."""
        tried = mr.annotations.get(IMPORT_CHECK_FAILED)
        if tried:
            raise StateLost(
                f"{mr.display}: its Terraform state is gone, and tfbridge will neither import nor create it: at "
                f"create, import ID {tried!r} did not import the object just made (annotation "
                f"{IMPORT_CHECK_FAILED}), so it cannot be trusted to find it now. If the object exists, restore its "
                f"state with `tfbridge workspaces import {mr.kind}/{mr.name} <ID>`, with the ID the provider's "
                f"import documentation gives for it; if it no longer exists, remove annotations "
                f"{IMPORT_CHECK_FAILED} and {EXTERNAL_NAME} to create it again")
        return self._import_id(mr.display, mr.external_name, rendered)

    def rebuild(self, ws: Workspace, mr: Managed, rendered: Rendered) -> dict[str, Any]:
        """For a kind Terraform cannot import (``importless``): the lost state written again from the
        external name (the state id the create recorded) and the spec's arguments, every other top-level
        attribute null, for the executor to read. The read says whether the object exists. Refused with
        instructions where it cannot tell (policy ``stop``): creating again would duplicate the object."""
        importless = self.config.importless
        if importless is None or importless.policy == STOP:
            why = importless.reason if importless is not None and importless.reason else "its read cannot tell"
            raise StateLost(
                f"{mr.display}: its Terraform state is gone, and tfbridge will neither rebuild nor create it: "
                f"Terraform cannot import a {self.config.tf_type}, and a rebuilt state cannot be trusted to "
                f"say whether it exists ({why}). If it should be made again, remove annotation "
                f"{EXTERNAL_NAME}; to let go of it, set spec.deletionPolicy to Orphan and delete this object")
        attributes: dict[str, Any] = dict.fromkeys(sorted(_attribute_names(self.kind)))
        attributes.update(rendered.resource.arguments)
        attributes["id"] = self.import_id(mr, rendered)
        doc = tfstate.with_instance(ws.read_state(), tf_type=self.config.tf_type, name=RESOURCE_NAME,
                                    provider=self.provider.registry_source, attributes=attributes,
                                    schema_version=self.kind.schema().version, private=b"", sensitive_paths=())
        ws.write_state(doc)
        return doc

    def _import_id(self, display: str, external_name: str, rendered: Rendered) -> str:
        provider_args = dict(rendered.provider.arguments)
        parameters = {**provider_args, **rendered.resource.arguments}
        setup = {"client_metadata": Lazy(lambda: self.metadata(rendered.provider, self.setup)),
                 "configuration": provider_args}
        try:
            return self.config.external_name.import_id(external_name, parameters, setup)
        except TemplateError as exc:
            raise InvalidSpec(f"{display}: cannot build the import ID: {exc}") from exc

    def check_import(self, ws: Workspace, mr: Managed, rendered: Rendered, created: tfstate.Instance,
                     probe: Probe, *, recheck: float = RECHECK_SECONDS) -> ImportCheck:
        """Whether the ID built from ``created``'s external name and ``rendered``'s parameters imports
        ``created``, through ``probe`` (the executor's import and read, saving nothing); recorded in
        the workspace's metadata.

        Only a proven failure counts: an ID that cannot be built or that the provider refuses, an
        import that finds nothing (asked twice), or one that reads another object. A check that
        could not run (its deadline, a busy or lost provider) says so and proves nothing. "Not
        found" is asked again after ``recheck`` seconds. The whole check, recheck included, ends
        within ``import_check_timeout`` seconds: the create it follows has succeeded and waits."""
        started = time.monotonic()
        deadline = started + self.import_check_timeout
        import_id = ""

        def ask() -> tfstate.Instance | None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _OutOfTime
            return probe(import_id, left)

        try:
            external_name = self.external_name(created)
            import_id = self._import_id(mr.display, external_name, rendered)
            found = ask()
            if found is None:
                if deadline - time.monotonic() <= recheck:
                    raise _OutOfTime
                time.sleep(recheck)
                found = ask()
            outcome, detail = self._compare(created, external_name, found)
        except (_OutOfTime, OperationTimedOut):
            outcome = ImportOutcome.UNCHECKED
            detail = f"no answer within the import check's {self.import_check_timeout:.0f}s"
        except (InvalidSpec, TemplateError) as exc:
            outcome, detail = ImportOutcome.REFUSED, str(exc)
        except OperationFailed as exc:
            outcome = ImportOutcome.UNCHECKED if exc.canceled else ImportOutcome.REFUSED
            detail = "; ".join(exc.diagnostics) or str(exc)
        except Terminal as exc:
            outcome, detail = ImportOutcome.REFUSED, str(exc)
        except Exception as exc:  # the check must never fail a create that succeeded
            outcome, detail = ImportOutcome.UNCHECKED, f"{type(exc).__name__}: {exc}"
        check = ImportCheck(import_id, outcome, detail, time.monotonic() - started)
        ws.update_meta(import_check=outcome.value, import_id=import_id, import_check_seconds=round(check.seconds, 3))
        return check

    def _compare(self, created: tfstate.Instance, external_name: str,
                 found: tfstate.Instance | None) -> tuple[ImportOutcome, str]:
        if found is None:
            return ImportOutcome.NOT_FOUND, ""
        try:
            found_name = self.external_name(found)
        except TemplateError as exc:
            return ImportOutcome.OTHER_OBJECT, f"what it read has no external name: {exc}"
        if found_name != external_name:
            return ImportOutcome.OTHER_OBJECT, f"external name {found_name!r}, not {external_name!r}"
        for attr in self.provider.identifying_attributes:
            mine, theirs = created.attributes.get(attr), found.attributes.get(attr)
            if mine and theirs and mine != theirs:
                return ImportOutcome.OTHER_OBJECT, f"{attr} {theirs!r}, not {mine!r}"
        return ImportOutcome.IMPORTED, ""

    def lookup(self, mr: Managed) -> DataRead | None:
        """The data read that finds ``mr``'s cloud objects by the tags put on at create; None when
        the kind has no lookup."""
        lookup = self.config.lookup
        tags = self.kind.default_tags(mr)
        if lookup is None or not tags:
            return None
        return DataRead({lookup.data_source: {"this": {lookup.tags_argument: tags}}},
                        {"ids": (lookup.data_source, "this", lookup.ids)})

    def find(self, mr: Managed, read_data: ReadData) -> tuple[str, ...] | None:
        """External names of the cloud objects carrying ``mr``'s default tags, through ``read_data``."""
        request = self.lookup(mr)
        if request is None:
            return None
        found = read_data(self.render(mr).provider, self.setup, request, purpose="lookup",
                          key=self.workspace(mr).key, what=f"look up {mr.display} by its tags")
        return tuple(sorted(str(i) for i in found.get("ids") or ()))

    # -- the workspace ----------------------------------------------------------------------

    def workspace(self, mr: Managed) -> Workspace:
        return self.store.get(mr.api_version, mr.kind, mr.name, mr.namespace)

    @contextlib.contextmanager
    def hold(self, mr: Managed, operation: str) -> Iterator[Workspace]:
        """``mr``'s workspace, locked for ``operation``, whose outcome is recorded in it."""
        ws = self.workspace(mr)
        with ws.lock(operation, self.lock_timeout):
            try:
                yield ws
            except Exception as exc:
                ws.record(operation=operation, result="error", error=str(exc), executor=self.executor)
                raise
            ws.record(operation=operation, result="ok", error="", executor=self.executor)

    def prepare(self, ws: Workspace, mr: Managed, rendered: Rendered) -> bool:
        """Make the workspace ``mr``'s, its main.tf.json current; True if another object's state was set aside."""
        meta = ws.meta()
        aside = bool(meta.uid and mr.uid and meta.uid != mr.uid and ws.state_path.exists())
        if aside:
            # A different object of the same name (deleted and re-created, or restored): its state is
            # not ours to trust. Keep it aside; the external name decides what we import.
            ws.set_state_aside(f"uid-{meta.uid}")
        ws.update_meta(api_version=mr.api_version, kind=mr.kind, name=mr.name, namespace=mr.namespace, uid=mr.uid,
                       address=self.address, sensitive_arguments=self.values.secret_arguments,
                       sensitive_provider_arguments=tuple(sorted(self.provider.credentials.provider_arguments)),
                       # main.tf.json is about to stop being what our last apply applied.
                       fresh_state=None)
        ws.write_main(rendered.document)
        return aside

    def rebuild_reason(self, ws: Workspace, mr: Managed, before: Recorded, aside: bool) -> str:
        """Why ``ws`` holds no state of ``mr`` to refresh, so that an import builds it again; ``before`` is its
        metadata as the observe found it, ``aside`` whether another object's state was just set aside."""
        if aside:
            return f"its state belonged to another object of this name (uid {before.uid}) and was set aside"
        unmoved = next(((old, why) for old, new, why in self.store.not_moved if new == ws.key), None)
        if unmoved is not None:
            return f"the workspace of the earlier layout, {unmoved[0]}, was not moved here: {unmoved[1]}"
        corrupt = sorted(p.name for p in ws.dir.glob(f"{STATE}.corrupt-*") if not p.name.endswith(".backup"))
        if corrupt:
            return f"its state could not be read and was set aside as {corrupt[-1]}"
        if before.uid == mr.uid:
            return "its state was lost (the workspace kept only its metadata)"
        if before.uid:
            return f"the workspace was another object's (uid {before.uid})"
        return "no workspace of it existed (a new or lost workspace root, or an object adopted by its external name)"

    def instance(self, doc: Mapping[str, Any] | None) -> tfstate.Instance | None:
        """Our resource's instance in a state document."""
        return tfstate.instance(doc, self.config.tf_type, RESOURCE_NAME) if doc else None

    def state_instance(self, ws: Workspace) -> tfstate.Instance | None:
        return self.instance(ws.read_state())

    def with_unread(self, imported: Mapping[str, Any], planned: Mapping[str, Any]) -> dict[str, Any]:
        """An imported object's top-level attributes, each one the importer left null given the value
        ``planned`` (a plan against the imported state, its known values) gives it. An importer reads
        what the cloud holds: an argument the cloud never returns (a Terraform-only flag such as
        ``deregister_on_new_revision``, a password, the source an artifact was built from) comes back
        null, and the plan would change it, or replace the object where the argument forces that,
        though nothing in the cloud differs. The plan's value (the spec's, or the provider's default) is
        what the lost state held after the create. The caller reads the object again: the read puts
        back the cloud's value of every argument it can read, so a real difference is still planned; an
        argument no read returns keeps the plan's value, even where the spec changed it while the state
        was lost (nothing could tell that change apart)."""
        names = _attribute_names(self.kind)
        return {**imported, **{k: v for k, v in planned.items()
                               if k in names and v is not None and imported.get(k) is None}}

    def deposed(self, ws: Workspace) -> dict[str, tfstate.Instance]:
        """Old objects a replacement has not deleted yet (the next update deletes them)."""
        return tfstate.deposed_instances(ws.read_state(), self.config.tf_type, RESOURCE_NAME)

    def created_anyway(self, ws: Workspace) -> str | None:
        """The external name of an object a failed apply left in the state (tainted), if any."""
        inst = self.state_instance(ws)
        if inst is None:
            return None
        try:
            return self.config.external_name.get_external_name(inst.attributes) or None
        except TemplateError:
            return None

    # -- what the cloud said ------------------------------------------------------------------

    def external_name(self, inst: tfstate.Instance) -> str:
        return self.config.external_name.get_external_name(inst.attributes)

    def connection_details(self, inst: tfstate.Instance) -> dict[str, bytes]:
        return tfstate.connection_details(inst, self.config.sensitive)

    def changed(self, rendered: Rendered, inst: tfstate.Instance | None) -> list[str]:
        """The arguments whose configured value differs from the state's."""
        attrs = inst.attributes if inst else {}
        return sorted(k for k, v in rendered.resource.arguments.items() if attrs.get(k) != v)

    def immutable_change(self, mr: Managed, changed: list[str]) -> ImmutableChange:
        return ImmutableChange(replacement_refused(mr.display, changed))

    def replace_policy(self, mr: Managed, changed: list[str]) -> str:
        """How ``mr`` consents to be replaced for ``changed``; raises when it does not (or names no policy)."""
        policy = mr.replace_policy
        if policy is None:
            raise self.immutable_change(mr, changed)
        if policy not in REPLACE_POLICIES:
            raise InvalidSpec(f"{mr.display}: metadata.annotations[{REPLACE_POLICY}]: must be one of "
                              f"{', '.join(REPLACE_POLICIES)}")
        policies = Policies.of(mr)
        if not (policies.create and policies.should_delete()):
            # Replacing deletes the old object and creates a new one: what the object forbids either, or
            # orphans on deletion, it does not consent to.
            raise InvalidSpec(f"{mr.display}: changing {', '.join(changed) or 'an immutable argument'} needs the "
                              f"resource replaced, and replacing needs the Create and Delete management policies "
                              f"(and no Orphan deletion policy)")
        return policy

    def observation(self, mr: Managed, rendered: Rendered, inst: tfstate.Instance, action: str | None,
                    recovered: tuple[str, ...], *, compared: bool = False) -> Observation:
        """What ``inst`` says of ``mr``: up to date unless ``action`` (the planned change) is set.
        ``compared``: no plan was made (an Observe-only object); the drift comes from comparing the
        spec's arguments with the state's."""
        attrs = inst.attributes
        changed = self.changed(rendered, inst) if action or compared else []
        diff = f"{action}: {', '.join(changed)}" if action else ""
        # What only initProvider set is not drift: Terraform ignores it after create.
        shown = [a for a in changed if a not in rendered.resource.ignore_changes]
        summary = drift.summary(shown, rendered.resource.arguments, attrs, hidden=self._hidden(),
                                name=self.kind.converter.json_name) if changed else ""
        return Observation(exists=True, up_to_date=action is None, at_provider=self.values.at_provider(attrs),
                           connection_details=self.connection_details(inst), external_name=self.external_name(inst),
                           late_init=self.values.late_init(mr, attrs), diff=diff, recovered=recovered,
                           drift=summary)

    def _hidden(self) -> frozenset[str]:
        """Arguments whose values a drift summary never shows: sensitive in the schema or the provider
        config, or filled from a Secret."""
        schema = _sensitive_arguments(self.kind)
        configured = frozenset(p.split(".")[0] for p in self.config.sensitive)
        return schema | configured | frozenset(self.values.secret_arguments)


# What a kind's schema says of its top-level arguments, worked out once per schema rather than on
# every poll (a client, and so a KindWorkspaces, is made per reconcile). Keyed by the schema's id,
# the schema kept beside the answer so that the id is never another's.
_ARGUMENTS: dict[int, tuple[object, frozenset[str], frozenset[str], frozenset[str]]] = {}


def _arguments(kind: Kind) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(top-level arguments whose values are objects, not maps; the sensitive ones; the top-level
    attributes of a static type, nested blocks and nested attributes left out) of ``kind``."""
    schema = kind.schema()
    found = _ARGUMENTS.get(id(schema))
    if found is None:
        attributes = schema.block.attributes
        found = _ARGUMENTS[id(schema)] = (
            schema,
            frozenset(a.name for a in attributes if not (isinstance(a.type, tfs.Collection) and a.type.kind == "map")),
            frozenset(a.name for a in attributes if a.sensitive),
            # A dynamic value is stored with its type beside it: a plan's plain value is not its state.
            frozenset(a.name for a in attributes if a.type is not None and not _holds_dynamic(a.type)))
    return found[1], found[2], found[3]


def _holds_dynamic(t: tfs.TypeExpr) -> bool:
    if isinstance(t, tfs.Collection):
        return _holds_dynamic(t.element)
    if isinstance(t, tfs.ObjectType):
        return any(_holds_dynamic(member) for _, member in t.attributes)
    return t == "dynamic"


def _object_arguments(kind: Kind) -> frozenset[str]:
    return _arguments(kind)[0]


def _sensitive_arguments(kind: Kind) -> frozenset[str]:
    return _arguments(kind)[1]


def _attribute_names(kind: Kind) -> frozenset[str]:
    return _arguments(kind)[2]
