"""The direct executor: the same ExternalClient, talking to a long-lived provider over its protocol.

It renders the same ``main.tf.json`` as the CLI executor (so a person or the CLI executor can take
over the workspace at any time) and keeps the same ``terraform.tfstate``; what it saves is the
terraform run around each provider call. Per call:

* observe: the stored state is upgraded to the current schema, refreshed with ReadResource and
  saved; with no state, an external name is imported (ImportResourceState + ReadResource, the
  CLI executor's fallback rule); then a plan against the configuration decides up to date or not;
* create/update: validate, plan (proposed new state as Terraform core computes it), apply, save;
  a change that requires replacement is refused, never applied as a replace;
* delete: plan the destroy (when the provider asks for it), apply, remove the workspace.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections.abc import Iterator, Mapping
from typing import Any

from bridge.api.errors import ImmutableChange, InvalidSpec, TerraformFailed
from bridge.api.external import Creation, Observation, ProviderSetup, SecretReader, Update
from bridge.api.managed import Managed
from bridge.api.registry import Kind
from bridge.tfexec import mainfile
from bridge.tfexec import state as tfstate
from bridge.tfexec.client import Executor, Settings, TerraformClient, config_key
from bridge.tfexec.workspace import Workspace
from bridge.tfplugin import cty, plan, statefile
from bridge.tfplugin.protocol import Diagnostic
from bridge.tfplugin.provider import Planned, Provider, ProviderGone, Providers
from bridge.tfplugin.schema import Schema
from tfconfig import Provider as ProviderConfig


def _unescape(value: Any) -> Any:
    """main.tf.json doubles ``${``/``%{`` so terraform reads them literally; the provider gets them as is."""
    if isinstance(value, str):
        return value.replace("$${", "${").replace("%%{", "%{")
    if isinstance(value, dict):
        return {_unescape(k): _unescape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unescape(v) for v in value]
    return value


def _replacing(schema: Schema, prior: Any, planned: Planned) -> list[str]:
    """The top-level arguments whose change forces a replacement (a provider lists every path
    that would, changed or not: only the changed ones count)."""
    before, after = cty.to_json(schema.type, prior), _known(planned.state)
    return sorted({str(path[0]) for path in planned.requires_replace
                   if path and tfstate.value_at(before, path) != tfstate.value_at(after, path)})


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


class DirectExecutor(Executor):
    def __init__(self, settings: Settings, provider: ProviderConfig) -> None:
        super().__init__(settings, provider)
        self.providers = Providers()
        # workspace → digest of the inputs of its last no-op plan (see DirectClient._observed_action).
        self.noop_plans: dict[str, str] = {}

    def uses_direct(self, kind: Kind) -> bool:
        return self.settings.executor == "direct" or (self.settings.executor == "auto"
                                                      and kind.config.executor == "direct")

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader | None = None) -> TerraformClient:
        chosen = DirectClient if self.uses_direct(kind) else TerraformClient
        return chosen(self, kind, setup, secrets or _refuse_secrets)

    @contextlib.contextmanager
    def session(self, provider_args: Mapping[str, Any], setup: ProviderSetup) -> Iterator[Provider]:
        binary = self.plugins.binary(self.requirements, self.provider.name)
        if binary is None:
            raise TerraformFailed(f"provider {self.provider.source} is not installed: no executable found after "
                                  f"terraform init", verb="init")
        env = {**{k: v for k, v in self.plugins.env.items() if k != "TF_CLI_CONFIG_FILE"}, **setup.credentials_env}
        with self.providers.get(config_key(provider_args, setup), binary, env, provider_args) as p:
            try:
                yield p
            except ProviderGone:
                self.providers.forget(p)
                raise

    def read_data(self, area: str, key: str, data: Mapping[str, Any], outputs: Mapping[str, str], *,
                  provider_args: Mapping[str, Any], setup: ProviderSetup, what: str) -> dict[str, Any]:
        read: dict[tuple[str, str], Any] = {}
        with self.session(provider_args, setup) as p:
            for dtype, named in data.items():
                for dname, config in named.items():
                    schema = p.data_sources.get(dtype)
                    value = p.read_data(dtype, config, timeout=300)
                    read[(dtype, dname)] = cty.to_json(schema.type, value) if schema else value
        out = {}
        for name, expr in outputs.items():
            _, dtype, dname, attr = expr.split(".", 3)
            out[name] = (read.get((dtype, dname)) or {}).get(attr)
        return out

    def shutdown(self) -> None:
        super().shutdown()
        self.providers.shutdown()


def _refuse_secrets(namespace: str, name: str) -> Mapping[str, bytes]:
    raise InvalidSpec(f"secret {namespace}/{name}: no secret reader configured")


@dataclasses.dataclass(frozen=True)
class _Session:
    ws: Workspace
    doc: Mapping[str, Any]
    provider_args: Mapping[str, Any]
    p: Provider
    schema: Schema


class DirectClient(TerraformClient):
    ex: DirectExecutor
    executor_name = "direct"
    runs_terraform = False  # the CLI executor links the providers when it takes a workspace over

    # -- values ------------------------------------------------------------------------------

    def _config(self, mr: Managed, doc: Mapping[str, Any], schema: Schema) -> tuple[Any, list[str]]:
        """(the resource's configuration as a schema-typed value, ignore_changes)."""
        body = dict(doc["resource"][self.config.tf_type][mainfile.RESOURCE_NAME])
        lifecycle = body.pop("lifecycle", {}) or {}
        try:
            value = cty.conform(schema.type, _unescape(body))
        except cty.CtyError as exc:
            raise InvalidSpec(f"{mr.display}: argument {exc}") from exc
        return value, list(lifecycle.get("ignore_changes") or [])

    def _instance(self, schema: Schema, value: Any) -> tfstate.Instance:
        return tfstate.Instance(cty.to_json(schema.type, value), tuple(schema.block.sensitive_paths(value)),
                                schema.version, False)

    def _load(self, doc: Mapping[str, Any] | None, p: Provider, timeout: float) -> tuple[Any, bytes, bool]:
        """(state value in the current schema, private, tainted) of a state document; value None when
        there is no state."""
        inst = tfstate.instance(doc, self.config.tf_type, mainfile.RESOURCE_NAME) if doc else None
        if doc is None or inst is None:
            return None, b"", False
        schema = p.schema(self.config.tf_type)
        value = None
        if inst.schema_version == schema.version:
            # Already in the current schema's shape: decoding it here saves a provider call.
            with contextlib.suppress(cty.CtyError):
                value = cty.from_json(schema.type, inst.attributes)
        if value is None:
            value = p.upgrade(self.config.tf_type, inst.schema_version, inst.attributes, timeout)
        return value, statefile.private_of(doc, self.config.tf_type, mainfile.RESOURCE_NAME), inst.tainted

    def _save(self, ws: Workspace, schema: Schema, value: Any, private: bytes, *, tainted: bool = False) -> None:
        attributes = cty.to_json(schema.type, value) if value is not None else None
        ws.write_state(statefile.document(
            ws.read_state(), tf_type=self.config.tf_type, name=mainfile.RESOURCE_NAME,
            provider=statefile.provider_address(self.ex.provider.source, self.ex.provider.name),
            attributes=attributes, schema_version=schema.version, private=private,
            sensitive_paths=schema.block.sensitive_paths(value) if value is not None else (), tainted=tainted))

    # -- steps -------------------------------------------------------------------------------

    def _plan_change(self, p: Provider, mr: Managed, schema: Schema, doc: Mapping[str, Any], prior: Any,
                     private: bytes, timeout: float, *, validate: bool = True) -> tuple[str | None, Planned, Any]:
        """(action: None, "create", "update" or "replace"; the plan; the config it was made for).

        An observe skips validation: it changes nothing, and the create or update that would act on
        a bad value validates first."""
        config, ignored = self._config(mr, doc, schema)
        if validate:
            p.validate(self.config.tf_type, config, timeout, f"{mr.display}: invalid configuration")
        # ignore_changes counts from the second plan on: at create the configuration is all there is.
        config_for_plan = plan.ignore_changes(prior, config, ignored) if prior is not None else config
        proposed = plan.proposed_new(schema.block, prior, config_for_plan)
        planned = p.plan(self.config.tf_type, prior, proposed, config_for_plan, private, timeout)
        if prior is None:
            return "create", planned, config_for_plan
        if cty.equal(schema.type, prior, planned.state):
            return None, planned, config_for_plan
        return ("replace" if _replacing(schema, prior, planned) else "update"), planned, config_for_plan

    def _observed_action(self, ws: Workspace, p: Provider, mr: Managed, schema: Schema, doc: Mapping[str, Any],
                         provider_args: Mapping[str, Any], state: Any, private: bytes, timeout: float) -> str | None:
        """The plan's verdict for an observe. A plan is a function of the state, the configuration, the
        private state and the provider's configuration: when all equal those of this workspace's last
        no-op plan, on the same provider process, the verdict is known without asking again."""
        config, ignored = self._config(mr, doc, schema)
        inputs = hashlib.sha256(b"\0".join([
            self.config.tf_type.encode(), cty.to_msgpack(schema.type, state), cty.to_msgpack(schema.type, config),
            json.dumps(sorted(ignored)).encode(), private, config_key(provider_args, self.setup).encode(),
            str(p.process.pid).encode()])).hexdigest()
        if self.ex.noop_plans.get(ws.key) == inputs:
            return None
        action, _, _ = self._plan_change(p, mr, schema, doc, state, private, timeout, validate=False)
        if action is None:
            self.ex.noop_plans[ws.key] = inputs
        else:
            self.ex.noop_plans.pop(ws.key, None)
        return action

    def _import_direct(self, ws: Workspace, p: Provider, mr: Managed, doc: Mapping[str, Any],
                       provider_args: Mapping[str, Any], timeout: float) -> tuple[Any, bytes] | None:
        import_id = self.import_id(mr, doc, provider_args)
        found = [r for r in p.import_state(self.config.tf_type, import_id, timeout)
                 if r.type_name == self.config.tf_type]
        if not found:
            return None
        state, private = p.read(self.config.tf_type, found[0].state, found[0].private, timeout)
        if state is None:
            return None  # "Cannot import non-existent remote object", as the CLI executor's rule
        self._save(ws, p.schema(self.config.tf_type), state, private)
        return state, private

    def _refreshed(self, ws: Workspace, p: Provider, mr: Managed, doc: Mapping[str, Any],
                   provider_args: Mapping[str, Any], timeout: float,
                   current: Mapping[str, Any] | None) -> tuple[Any, bytes, tuple[str, ...]]:
        """The object as the cloud has it now (None: gone or never made), saved; what it took.
        ``current`` is the workspace's state document as the caller read it."""
        schema = p.schema(self.config.tf_type)
        prior, private, tainted = self._load(current, p, timeout)
        if prior is None:
            if not mr.external_name:
                return None, b"", ()
            imported = self._import_direct(ws, p, mr, doc, provider_args, timeout)
            return (*imported, ("import",)) if imported else (None, b"", ())
        state, new_private = p.read(self.config.tf_type, prior, private, timeout)
        # Saved untainted: a tainted object exists and is updated, never replaced (as the CLI executor).
        if tainted or new_private != private or not cty.equal(schema.type, prior, state):
            self._save(ws, schema, state, new_private)
        private = new_private
        return state, private, ("untaint",) if tainted else ()

    # -- the ExternalClient protocol -------------------------------------------------------

    def observe(self, mr: Managed) -> Observation:
        try:
            return self._observe(mr)
        except ProviderGone:
            return self._observe(mr)  # read-only, so safe to repeat once on a fresh provider process

    def _observe(self, mr: Managed) -> Observation:
        timeout = self.config.timeouts.observe
        with self._operation(mr, "observe") as ws:
            doc, provider_args = self.render(mr)
            current = ws.read_state()
            if current is None and not mr.external_name:
                return Observation(exists=False)
            if self._prepare(ws, mr, doc):
                current = None  # another object's state, now set aside
            with self.ex.session(provider_args, self.setup) as p:
                schema = p.schema(self.config.tf_type)
                state, private, recovered = self._refreshed(ws, p, mr, doc, provider_args, timeout, current)
                if state is None:
                    return Observation(exists=False, recovered=recovered)
                action = self._observed_action(ws, p, mr, schema, doc, provider_args, state, private, timeout)
                return self._observation(mr, doc, self._instance(schema, state), action, recovered)

    @contextlib.contextmanager
    def _session(self, mr: Managed, operation: str, *, prevent_destroy: bool = True) -> Iterator[_Session]:
        """The workspace held, its main.tf.json current, and the provider process for its configuration."""
        with self._operation(mr, operation) as ws:
            doc, provider_args = self.render(mr, prevent_destroy=prevent_destroy)
            self._prepare(ws, mr, doc)
            with self.ex.session(provider_args, self.setup) as p:
                yield _Session(ws, doc, provider_args, p, p.schema(self.config.tf_type))

    def _failed(self, mr: Managed, verb: str, errors: list[Diagnostic]) -> TerraformFailed:
        return TerraformFailed(f"{mr.display}: {verb} failed: {'; '.join(map(str, errors))}", verb="apply",
                               diagnostics=tuple(map(str, errors)))

    def create(self, mr: Managed) -> Creation:
        timeout = self.config.timeouts.create
        with self._session(mr, "create") as s:
            _, planned, config = self._plan_change(s.p, mr, s.schema, s.doc, None, b"", timeout)
            state, private, errors = s.p.apply(self.config.tf_type, None, planned.state, config, planned.private,
                                               timeout)
            if state is not None:
                self._save(s.ws, s.schema, state, private, tainted=bool(errors))
            if errors:
                exc = self._failed(mr, "create", errors)
                exc.external_name = self._created_anyway(s.ws)
                raise exc
            if state is None:
                raise TerraformFailed(f"{mr.display}: create reported success but returned no state", verb="apply")
            inst = self._instance(s.schema, state)
            return Creation(external_name=self.config.external_name.get_external_name(inst.attributes),
                            connection_details=tfstate.connection_details(inst, self.config.sensitive))

    def update(self, mr: Managed) -> Update:
        timeout = self.config.timeouts.update
        with self._session(mr, "update") as s:
            prior, private, _ = self._refreshed(s.ws, s.p, mr, s.doc, s.provider_args, timeout,
                                              s.ws.read_state())
            if prior is None:
                raise TerraformFailed(f"{mr.display}: update failed: the object no longer exists", verb="apply")
            action, planned, config = self._plan_change(s.p, mr, s.schema, s.doc, prior, private, timeout)
            if action == "replace":
                changed = ", ".join(_replacing(s.schema, prior, planned))
                raise ImmutableChange(f"{mr.display}: changing {changed or 'an immutable argument'} needs the "
                                      f"resource replaced; tfbridge never replaces silently: revert the change, "
                                      f"or delete and re-create the object")
            state = prior
            if action is not None:
                state, private, errors = s.p.apply(self.config.tf_type, prior, planned.state, config,
                                                   planned.private, timeout)
                if state is not None:
                    self._save(s.ws, s.schema, state, private)
                if errors:
                    raise self._failed(mr, "update", errors)
            inst = self._instance(s.schema, state)
            return Update(connection_details=tfstate.connection_details(inst, self.config.sensitive))

    def delete(self, mr: Managed) -> None:
        timeout = self.config.timeouts.delete
        with self._session(mr, "delete", prevent_destroy=False) as s:
            prior, private, _ = self._refreshed(s.ws, s.p, mr, s.doc, s.provider_args, timeout,
                                              s.ws.read_state())
            if prior is not None:
                planned_private = private
                if s.p.plan_destroy:
                    planned_private = s.p.plan(self.config.tf_type, prior, None, None, private, timeout).private
                state, private, errors = s.p.apply(self.config.tf_type, prior, None, None, planned_private, timeout)
                if errors:
                    if state is not None:
                        self._save(s.ws, s.schema, state, private)
                    raise self._failed(mr, "delete", errors)
        self.ex.noop_plans.pop(s.ws.key, None)
        s.ws.remove()

