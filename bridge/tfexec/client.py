"""An ExternalClient over a Terraform CLI workspace, and the executor that builds such clients.

observe, per managed resource:

1. render ``main.tf.json`` from the spec (``prevent_destroy`` on) and link the shared plugins;
2. no state: with an external name, ``terraform import`` by the ID the GetIDFn builds (external
   name + parameters + provider metadata); "non-existent remote object" means it does not exist;
   without an external name it does not exist. The state after an import is the cloud's;
3. a tainted instance (an apply interrupted mid-create) is untainted: it exists and is updated,
   never destroyed and created again;
4. one ``terraform plan -out``: its JSON stream says create (gone), update (drift) or nothing;
   the plan file carries the refreshed state, from which status, connection details and the
   external name are read.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from bridge.api.convert import Arguments, ObjectConverter, SecretPoint, SpecError
from bridge.api.errors import (
    BridgeError,
    ImmutableChange,
    InvalidSpec,
    OperationTimedOut,
    ProviderConfigFailed,
    TerraformFailed,
)
from bridge.api.external import Creation, Observation, ProviderSetup, SecretReader, Update
from bridge.api.managed import Managed
from bridge.api.registry import Kind
from bridge.tfexec import jsonstream, mainfile
from bridge.tfexec import state as tfstate
from bridge.tfexec.plugins import Plugins
from bridge.tfexec.providers import ProviderPool, process_gone
from bridge.tfexec.runner import Outcome, Run, Runner
from bridge.tfexec.workspace import Workspace, WorkspaceStore
from tfconfig import Provider, TemplateError

PLANFILE = ".tfbridge.plan"
# How long after our own apply its state answers an observe without a refresh.
FRESH_SECONDS = 60.0
NOT_FOUND = "Cannot import non-existent remote object"


@dataclasses.dataclass(frozen=True)
class Settings:
    workspace_root: Path
    terraform: str = "terraform"
    plugin_dir: Path | None = None
    # Environment passed on to terraform and provider processes (endpoints, proxies, HOME, PATH).
    base_env: Mapping[str, str] = dataclasses.field(default_factory=dict)
    shared_providers: bool = True
    provider_max_uses: int = 500
    grace: float = 30.0
    lock_timeout: float = 10.0
    # "auto": each kind's configured executor; "cli" or "direct": every kind (an operator's override).
    executor: str = "auto"


def quiet_provider_logs(name: str) -> dict[str, str]:
    """Environment that turns a provider's own logging off. Left unset, an SDKv2 provider writes
    every gRPC request and cloud call at TRACE to its stderr (40 KB per observe of a VPC), which
    terraform and our drain both read only to drop."""
    return {"TF_LOG_SDK": "off", "TF_LOG_SDK_PROTO": "off", "TF_LOG_PROVIDER": "off",
            f"TF_LOG_PROVIDER_{name.upper().replace('-', '_')}": "off"}


def config_key(provider_args: Mapping[str, Any], setup: ProviderSetup) -> str:
    """Identifies a distinct provider configuration: what one provider process may serve."""
    value = [provider_args, sorted(setup.credentials_env.items())]
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


class Executor:
    """The machinery every Terraform client shares: workspaces, runner, plugins, provider processes."""

    def __init__(self, settings: Settings, provider: Provider) -> None:
        self.settings = settings
        self.provider = provider
        self.store = WorkspaceStore(settings.workspace_root)
        self.runner = Runner(terraform=settings.terraform, grace=settings.grace)
        env = {k: v for k, v in settings.base_env.items() if not k.startswith("TF_")}
        env.update(quiet_provider_logs(provider.name))
        self.plugins = Plugins(root=self.store.root, runner=self.runner, plugin_dir=settings.plugin_dir, base_env=env)
        self.pool = ProviderPool(max_uses=settings.provider_max_uses)
        self._identity: dict[str, Mapping[str, str]] = {}
        self._identity_lock = threading.Lock()

    @property
    def requirements(self) -> dict[str, dict[str, str]]:
        req = {"source": self.provider.source, **({"version": self.provider.version} if self.provider.version else {})}
        return {self.provider.name: req}

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader | None = None) -> TerraformClient:
        return TerraformClient(self, kind, setup, secrets or _no_secrets)

    def shutdown(self) -> None:
        """Interrupt terraform runs cleanly, and only when they have finished stop the providers:
        a provider stopped under a running apply loses the in-flight resource."""
        self.runner.shutdown()
        self.runner.wait_idle(self.settings.grace + 10)
        self.pool.shutdown()

    @contextlib.contextmanager
    def _env(self, provider_args: Mapping[str, Any], setup: ProviderSetup) -> Iterator[dict[str, str]]:
        env = dict(self.plugins.env)
        binary = self.plugins.binary(self.requirements, self.provider.name) if self.settings.shared_providers else None
        if binary is None:
            env.update(setup.credentials_env)
            yield env
            return
        provider_env = {**{k: v for k, v in self.plugins.env.items() if k != "TF_CLI_CONFIG_FILE"},
                        **setup.credentials_env}
        with self.pool.lease(config_key(provider_args, setup), binary, provider_env) as reattach:
            env["TF_REATTACH_PROVIDERS"] = reattach
            yield env

    def terraform(self, ws: Workspace, args: list[str], *, provider_args: Mapping[str, Any], setup: ProviderSetup,
                  timeout: float) -> Run:
        """Run terraform in ``ws``; one retry with a fresh provider process if the shared one died."""
        for attempt in (1, 2):
            with self._env(provider_args, setup) as env:
                run = self.runner.run(ws.dir, args, env=env, timeout=timeout)
                if (run.outcome is Outcome.FAILED and attempt == 1 and "TF_REATTACH_PROVIDERS" in env
                        and process_gone(run.stderr + run.stdout)):
                    self.pool.mark_dead(env["TF_REATTACH_PROVIDERS"])
                    continue
                return run
        raise AssertionError("unreachable")

    def client_metadata(self, provider_args: Mapping[str, Any], setup: ProviderSetup) -> Mapping[str, str]:
        """Provider metadata for import-ID templates (AWS: account ID, partition), read once."""
        if setup.client_metadata or not self.provider.identity:
            return setup.client_metadata
        key = config_key(provider_args, setup)
        with self._identity_lock:
            if key in self._identity:
                return self._identity[key]
            data: dict[str, dict[str, dict[str, Any]]] = {}
            outputs = {}
            for name, ref in self.provider.identity.items():
                _, dtype, dname, attr = ref.split(".", 3)
                data.setdefault(dtype, {})[dname] = {}
                outputs[name] = f"data.{dtype}.{dname}.{attr}"
            values = self.read_data(".identity", key, data, outputs, provider_args=provider_args, setup=setup,
                                    what="read provider identity")
            meta = {k: str(v) for k, v in values.items()}
            self._identity[key] = meta
            return meta

    def read_data(self, area: str, key: str, data: Mapping[str, Any], outputs: Mapping[str, str], *,
                  provider_args: Mapping[str, Any], setup: ProviderSetup, what: str) -> dict[str, Any]:
        """Read data sources in a scratch workspace ``area/key``: output name → value of the expression.

        Kept apart from every resource workspace: reading never touches a managed resource's state.
        """
        (self.store.root / area).mkdir(mode=0o700, exist_ok=True)
        ws = Workspace(self.store.root / area, key)
        with ws.lock(what, self.settings.lock_timeout):
            ws.write_main({"terraform": {"required_providers": self.requirements},
                           "provider": {self.provider.name: dict(provider_args)}, "data": dict(data),
                           "output": {name: {"value": f"${{{expr}}}"} for name, expr in outputs.items()}})
            self.plugins.link(ws.dir, self.requirements)
            run = self.terraform(ws, ["apply", "-auto-approve", "-input=false", "-json"],
                                 provider_args=provider_args, setup=setup, timeout=300)
            _check(run, what, key)
            doc = ws.read_state() or {}
        return {k: v.get("value") for k, v in (doc.get("outputs") or {}).items()}


class _Lazy(Mapping[str, str]):
    """Provider metadata fetched on first use: most import IDs never read it, and reading it costs a run."""

    def __init__(self, load: Callable[[], Mapping[str, str]]) -> None:
        self._load = load
        self._value: Mapping[str, str] | None = None

    def _get(self) -> Mapping[str, str]:
        if self._value is None:
            self._value = self._load()
        return self._value

    def __getitem__(self, key: str) -> str:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def _no_secrets(namespace: str, name: str) -> Mapping[str, bytes]:
    raise InvalidSpec(f"secret {namespace}/{name}: no secret reader configured")


def _check(run: Run, what: str, display: str) -> jsonstream.Stream:
    stream = jsonstream.parse(run.stdout)
    if run.outcome in (Outcome.TIMED_OUT, Outcome.INTERRUPTED, Outcome.KILLED):
        applying = bool(stream.applying)
        raise OperationTimedOut(f"{display}: {what}: terraform {run.verb} was {run.outcome.value} after "
                                f"{run.seconds:.0f}s" + ("" if applying else ", before it asked the provider to apply"),
                                applying=applying)
    if run.returncode not in (0, 2) or (run.returncode == 2 and run.verb != "plan"):
        errors = stream.errors or jsonstream.parse_text_errors(run.stderr)
        words = "; ".join(map(str, errors)) or (run.stderr.strip().splitlines() or ["unknown error"])[-1]
        if any(d.address.startswith("provider[") for d in errors):
            raise ProviderConfigFailed(f"{display}: {what}: the provider refused its configuration: {words}")
        raise TerraformFailed(f"{display}: {what}: {words}", verb=run.verb, diagnostics=tuple(map(str, errors)))
    return stream


class TerraformClient:
    # Recorded in the workspace, so `tfbridge workspaces list` shows which executor worked there last.
    executor_name = "cli"
    runs_terraform = True  # its workspaces need the installed providers linked in

    def __init__(self, executor: Executor, kind: Kind, setup: ProviderSetup, secrets: SecretReader) -> None:
        self.ex = executor
        self.kind = kind
        self.config = kind.config
        self.setup = setup
        self.secrets = secrets
        self.address = mainfile.address(self.config.tf_type)

    # -- rendering -------------------------------------------------------------------------

    def _convert(self, section: ObjectConverter, data: Mapping[str, Any], field: str, mr: Managed) -> Arguments:
        try:
            return section.to_terraform(data, f"spec.{field}")
        except SpecError as exc:
            raise InvalidSpec(f"{mr.display}: {exc}") from exc

    def _secret_value(self, point: SecretPoint, mr: Managed) -> Any:
        ref = point.ref
        data = self.secrets(ref.namespace, ref.name)
        if ref.key is None:
            return {k: v.decode() for k, v in data.items()}
        if ref.key not in data:
            raise InvalidSpec(f"{mr.display}: {point.field}: key {ref.key!r} not in secret {ref.namespace}/{ref.name}")
        return data[ref.key].decode()

    def _arguments(self, section: ObjectConverter, data: Mapping[str, Any], field: str,
                   mr: Managed) -> tuple[dict[str, Any], dict[str, Any]]:
        """(resource arguments, provider-block settings) of one spec section."""
        converted = self._convert(section, data, field, mr)
        return converted.resolved(lambda point: self._secret_value(point, mr)), converted.provider

    def render(self, mr: Managed, *, prevent_destroy: bool = True) -> tuple[dict[str, Any], dict[str, Any]]:
        """(main.tf.json document, provider-block arguments) for ``mr``."""
        converter = self.kind.converter
        args, provider_from_spec = self._arguments(converter.for_provider, mr.for_provider, "forProvider", mr)
        init_args, _ = self._arguments(converter.init_provider, mr.init_provider, "initProvider", mr)
        # initProvider values are part of the config (a required argument may come only from it),
        # and ignore_changes makes Terraform use them at create only.
        merged = {**init_args, **args}
        ignore = [k for k in init_args if k not in args]
        self.config.external_name.set_identifier_argument(merged, mr.external_name)
        provider_args = {**self.ex.provider.provider_defaults, **self.setup.configuration, **provider_from_spec}
        t = self.config.timeouts
        timeouts = ({"create": f"{t.create:.0f}s", "update": f"{t.update:.0f}s", "delete": f"{t.delete:.0f}s"}
                    if self.config.timeouts_configured and self.kind.timeouts_block else None)
        doc = mainfile.build(provider_name=self.ex.provider.name, source=self.ex.provider.source,
                             version=self.ex.provider.version, provider_args=provider_args,
                             tf_type=self.config.tf_type, args=merged, ignore_changes=ignore,
                             prevent_destroy=prevent_destroy, timeouts=timeouts)
        return doc, provider_args

    def _prepare(self, ws: Workspace, mr: Managed, doc: Mapping[str, Any]) -> bool:
        """Make the workspace this object's, main.tf.json current; True if another object's state was set aside."""
        meta = ws.meta()
        aside = bool(meta.get("uid") and mr.uid and meta["uid"] != mr.uid and ws.state_path.exists())
        if aside:
            # A different object of the same name (deleted and re-created, or restored): its state is
            # not ours to trust. Keep it aside; the external name decides what we import.
            ws.set_state_aside(f"uid-{meta['uid']}")
        secret_args = list(self.kind.converter.secret_arguments)
        ws.update_meta(apiVersion=mr.api_version, kind=mr.kind, name=mr.name, namespace=mr.namespace,
                       uid=mr.uid, address=self.address, sensitive_arguments=secret_args,
                       sensitive_provider_arguments=sorted(self.ex.provider.credentials.provider_arguments),
                       # main.tf.json is about to stop being what our last apply applied.
                       fresh_state=None)
        ws.write_main(doc)
        if self.runs_terraform:
            self.ex.plugins.link(ws.dir, self.ex.requirements)
        return aside

    def _record(self, ws: Workspace, operation: str, result: str, error: str = "") -> None:
        ws.record(last_operation=operation, last_result=result, last_error=error[:1000], executor=self.executor_name)

    def _workspace(self, mr: Managed) -> Workspace:
        return self.ex.store.get(mr.api_version, mr.kind, mr.name, mr.namespace)

    @contextlib.contextmanager
    def _operation(self, mr: Managed, operation: str) -> Iterator[Workspace]:
        ws = self._workspace(mr)
        with ws.lock(operation, self.ex.settings.lock_timeout):
            try:
                yield ws
            except Exception as exc:
                self._record(ws, operation, "error", str(exc))
                raise
            self._record(ws, operation, "ok")

    def _tf(self, ws: Workspace, args: list[str], provider_args: Mapping[str, Any], timeout: float) -> Run:
        return self.ex.terraform(ws, args, provider_args=provider_args, setup=self.setup, timeout=timeout)

    # -- the ExternalClient protocol -------------------------------------------------------

    def observe(self, mr: Managed) -> Observation:
        with self._operation(mr, "observe") as ws:
            doc, provider_args = self.render(mr)
            current = ws.read_state()
            if current is None and not mr.external_name:
                # Nothing to refresh and no ID to import: the answer needs no terraform, and the
                # first reconcile of a new object stays fast (Creating shows at once).
                return Observation(exists=False)
            fresh = self._fresh_after_apply(ws, mr, doc, current)
            if fresh is not None:
                return self._observation(mr, doc, fresh, None, ())
            self._prepare(ws, mr, doc)
            inst = tfstate.instance(current, self.config.tf_type, mainfile.RESOURCE_NAME) if current else None
            recovered: list[str] = []
            if inst is None:
                if not mr.external_name or not self._import(ws, mr, doc, provider_args):
                    return Observation(exists=False)
                recovered.append("import")
                imported = self._state_instance(ws)
                if imported is not None and self._config_matches(doc, imported):
                    return self._observation(mr, doc, imported, None, tuple(recovered))
            elif inst.tainted:
                self._untaint(ws, provider_args, mr)
                recovered.append("untaint")
            action, refreshed = self._plan(ws, provider_args, mr, timeout=self.config.timeouts.observe)
            if refreshed is None or action == "create":
                return Observation(exists=False, recovered=tuple(recovered))
            return self._observation(mr, doc, refreshed, action, tuple(recovered))

    def create(self, mr: Managed) -> Creation:
        with self._operation(mr, "create") as ws:
            doc, provider_args = self.render(mr)
            self._prepare(ws, mr, doc)
            run = self._tf(ws, ["apply", "-auto-approve", "-input=false", "-json"], provider_args,
                           self.config.timeouts.create)
            try:
                _check(run, "create failed", mr.display)
            except BridgeError as exc:
                exc.external_name = self._created_anyway(ws)
                raise
            inst = self._state_instance(ws)
            if inst is None:
                raise TerraformFailed(f"{mr.display}: create reported success but the state has no {self.address}",
                                      verb="apply")
            self._mark_fresh(ws, mr)
            return Creation(external_name=self.config.external_name.get_external_name(inst.attributes),
                            connection_details=tfstate.connection_details(inst, self.config.sensitive))

    def update(self, mr: Managed) -> Update:
        with self._operation(mr, "update") as ws:
            doc, provider_args = self.render(mr)
            self._prepare(ws, mr, doc)
            action, refreshed = self._plan(ws, provider_args, mr, timeout=self.config.timeouts.update)
            if action in ("replace", "delete", "create-then-delete", "delete-then-create"):
                changed = ", ".join(self._changed(doc, refreshed)) or "an immutable argument"
                raise ImmutableChange(f"{mr.display}: changing {changed} needs the resource replaced; tfbridge "
                                      f"never replaces silently: revert the change, or delete and re-create the object")
            if action is not None:
                run = self._tf(ws, ["apply", "-auto-approve", "-input=false", "-json", PLANFILE], provider_args,
                               self.config.timeouts.update)
                _check(run, "update failed", mr.display)
                self._mark_fresh(ws, mr)
            inst = self._state_instance(ws)
            return Update(connection_details=tfstate.connection_details(inst, self.config.sensitive) if inst else {})

    def delete(self, mr: Managed) -> None:
        """Destroy the external resource (importing it first if the state was lost), then the workspace."""
        with self._operation(mr, "delete") as ws:
            doc, provider_args = self.render(mr, prevent_destroy=False)
            self._prepare(ws, mr, doc)
            exists = self._state_instance(ws) is not None or bool(
                mr.external_name and self._import(ws, mr, doc, provider_args))
            if exists:
                run = self._tf(ws, ["destroy", "-auto-approve", "-input=false", "-json"], provider_args,
                               self.config.timeouts.delete)
                _check(run, "delete failed", mr.display)
        ws.remove()

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        lookup = self.config.lookup
        tags = self.config.default_tags(mr.name, mr.provider_config_name)
        if lookup is None or not tags:
            return None
        _, provider_args = self.render(mr)
        found = self.ex.read_data(".lookup", self._workspace(mr).dir.name,
                                  {lookup.data_source: {"this": {lookup.tags_argument: tags}}},
                                  {"ids": f"data.{lookup.data_source}.this.{lookup.ids}"},
                                  provider_args=provider_args, setup=self.setup,
                                  what=f"look up {mr.display} by its tags")
        return tuple(sorted(str(i) for i in found.get("ids") or ()))

    # -- steps -----------------------------------------------------------------------------

    def import_id(self, mr: Managed, doc: Mapping[str, Any], provider_args: Mapping[str, Any]) -> str:
        body = doc["resource"][self.config.tf_type][mainfile.RESOURCE_NAME]
        parameters = {**provider_args, **{k: v for k, v in body.items() if k not in ("lifecycle", "timeouts")}}
        setup = {"client_metadata": _Lazy(lambda: self.ex.client_metadata(provider_args, self.setup)),
                 "configuration": provider_args}
        try:
            return self.config.external_name.import_id(mr.external_name, parameters, setup)
        except TemplateError as exc:
            raise InvalidSpec(f"{mr.display}: cannot build the import ID: {exc}") from exc

    def _import(self, ws: Workspace, mr: Managed, doc: Mapping[str, Any], provider_args: Mapping[str, Any]) -> bool:
        """Import by the GetIDFn ID; False if the cloud says there is no such object."""
        import_id = self.import_id(mr, doc, provider_args)
        run = self._tf(ws, ["import", "-input=false", "-no-color", self.address, import_id], provider_args,
                       self.config.timeouts.observe)
        if run.returncode == 0 and run.outcome is Outcome.OK:
            return True
        if NOT_FOUND in run.stderr:
            return False
        _check(run, f"import of {import_id!r} failed", mr.display)
        return False

    def _untaint(self, ws: Workspace, provider_args: Mapping[str, Any], mr: Managed) -> None:
        run = self._tf(ws, ["untaint", "-no-color", self.address], provider_args, self.config.timeouts.observe)
        _check(run, "untaint failed", mr.display)

    def _plan(self, ws: Workspace, provider_args: Mapping[str, Any], mr: Managed,
              timeout: float) -> tuple[str | None, tfstate.Instance | None]:
        """(planned action for our resource or None, the refreshed instance or None)."""
        with contextlib.suppress(FileNotFoundError):
            (ws.dir / PLANFILE).unlink()
        run = self._tf(ws, ["plan", "-input=false", "-json", "-detailed-exitcode", f"-out={PLANFILE}"],
                       provider_args, timeout)
        stream = _check(run, "observe failed", mr.display)
        action = stream.planned.get(self.address)
        if action in ("noop", "read"):
            action = None
        refreshed = tfstate.from_planfile(ws.dir / PLANFILE)
        if refreshed is None:
            show = self._tf(ws, ["show", "-json", PLANFILE], provider_args, timeout)
            _check(show, "reading the plan failed", mr.display)
            prior = json.loads(show.stdout or "{}").get("prior_state") or {}
            found = [r for r in (prior.get("values") or {}).get("root_module", {}).get("resources", [])
                     if r.get("address") == self.address]
            return action, (tfstate.Instance(found[0].get("values") or {}, (), 0, False) if found else None)
        return action, tfstate.instance(refreshed, self.config.tf_type, mainfile.RESOURCE_NAME)

    def _mark_fresh(self, ws: Workspace, mr: Managed) -> None:
        ws.update_meta(fresh_state={"uid": mr.uid, "at": time.time()})

    def _fresh_after_apply(self, ws: Workspace, mr: Managed, doc: Mapping[str, Any],
                           current: Mapping[str, Any] | None) -> tfstate.Instance | None:
        """The instance our own apply wrote, while it is fresh and still answers the configuration.

        An apply ends with the provider's answer for exactly the configuration it applied: planning
        again at once would cost a full terraform run to learn nothing. For FRESH_SECONDS after our
        apply, an observe trusts that state if every argument that changed since (late-initialised
        values, typically) already equals what the state holds. Later observes (the polls that
        catch drift) always refresh.
        """
        marker = ws.meta().get("fresh_state") or {}
        if marker.get("uid") != mr.uid or time.time() - float(marker.get("at") or 0) > FRESH_SECONDS:
            return None
        inst = tfstate.instance(current, self.config.tf_type, mainfile.RESOURCE_NAME) if current else None
        applied = ws.read_main()
        if inst is None or inst.tainted or applied is None:
            return None
        if {k: v for k, v in applied.items() if k != "resource"} != {k: v for k, v in doc.items() if k != "resource"}:
            return None
        before = applied["resource"][self.config.tf_type][mainfile.RESOURCE_NAME]
        now = doc["resource"][self.config.tf_type][mainfile.RESOURCE_NAME]
        for key in set(before) | set(now):
            if before.get(key) != now.get(key) and (key in ("lifecycle", "timeouts")
                                                     or now.get(key) != inst.attributes.get(key)):
                return None
        return inst

    def _config_matches(self, doc: Mapping[str, Any], inst: tfstate.Instance) -> bool:
        """Whether a plan of ``doc`` against a just-imported ``inst`` can only be a no-op.

        The import has just read the object from the cloud. If every argument the configuration sets
        equals what was read, and every argument it leaves out is one the provider computes or is
        empty, a plan would change nothing: its run is skipped. Anything else (nested blocks, whose
        state carries computed members, included) is left to a real plan.
        """
        body = doc["resource"][self.config.tf_type][mainfile.RESOURCE_NAME]
        attrs = inst.attributes
        if any(attrs.get(k) != v for k, v in body.items() if k not in ("lifecycle", "timeouts")):
            return False
        computed = set(self.kind.late_init)
        return all(attrs.get(tf) in (None, "", [], {}, False, 0) for tf in self.kind.converter.argument_names
                   if tf not in body and tf not in computed)

    def _created_anyway(self, ws: Workspace) -> str | None:
        """The external name of an object a failed apply left in the state (tainted), if any."""
        inst = self._state_instance(ws)
        if inst is None:
            return None
        try:
            return self.config.external_name.get_external_name(inst.attributes) or None
        except TemplateError:
            return None

    def _state_instance(self, ws: Workspace) -> tfstate.Instance | None:
        doc = ws.read_state()
        return tfstate.instance(doc, self.config.tf_type, mainfile.RESOURCE_NAME) if doc else None

    def _changed(self, doc: Mapping[str, Any], inst: tfstate.Instance | None) -> list[str]:
        body = doc["resource"][self.config.tf_type][mainfile.RESOURCE_NAME]
        attrs = inst.attributes if inst else {}
        return sorted(k for k, v in body.items() if k not in ("lifecycle", "timeouts") and attrs.get(k) != v)

    def _observation(self, mr: Managed, doc: Mapping[str, Any], inst: tfstate.Instance, action: str | None,
                     recovered: tuple[str, ...]) -> Observation:
        attrs = inst.attributes
        at_provider = self.kind.converter.observation(attrs)
        # As upjet: only optional+computed arguments, and never zero values (false, 0, "", [], {}).
        from_cloud = self.kind.converter.late_init(attrs)
        late = {k: v for k, v in from_cloud.items() if k not in mr.for_provider and k not in mr.init_provider}
        diff = ", ".join(self._changed(doc, inst)) if action else ""
        return Observation(
            exists=True, up_to_date=action is None, at_provider=at_provider,
            connection_details=tfstate.connection_details(inst, self.config.sensitive),
            external_name=self.config.external_name.get_external_name(attrs), late_init=late,
            diff=f"{action}: {diff}" if action else "", recovered=recovered,
        )


def default_base_env() -> dict[str, str]:
    """tfbridge's own environment minus Terraform's variables, which the executor sets itself."""
    return {k: v for k, v in os.environ.items() if not k.startswith("TF_")}
