"""The terraform CLI executor: what every CLI client of a provider shares.

The runner (every terraform run, with its deadline and clean interrupt), the provider installation
shared by all workspaces (:mod:`plugins`), the long-lived provider processes terraform runs
reattach to, and the data reads (lookups, provider identity) in scratch workspaces of their own.
Its clients are the workspace floor's; each operation's terraform runs are a :class:`CLIDriver`'s.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from bridge.api.errors import InvalidSpec
from bridge.api.external import ProviderSetup, SecretReader
from bridge.api.registry import Kind
from bridge.processes import ProcessPool
from bridge.settings import ExecutorSettings
from bridge.tfexec.driver import CLIDriver
from bridge.tfexec.front import used_types
from bridge.tfexec.plugins import Plugins
from bridge.tfexec.providers import DebugProcess, process_gone
from bridge.tfexec.runner import Outcome, Run, Runner
from bridge.tfexec.verbs import check
from bridge.workspace.applied import AfterApply, WithinAMinute
from bridge.workspace.backend import Stats, config_key, quiet_provider_logs
from bridge.workspace.client import WorkspaceClient
from bridge.workspace.document import DataRead, ProviderBlock, build
from bridge.workspace.driver import Operation
from bridge.workspace.identity import Identity
from bridge.workspace.kind import Metadata
from bridge.workspace.store import Workspace, WorkspaceStore
from tfconfig import Provider


class CLIBackend:
    name = "cli"

    def __init__(self, settings: ExecutorSettings, provider: Provider, *, store: WorkspaceStore | None = None,
                 pool: ProcessPool[Any] | None = None) -> None:
        self.settings = settings
        self.provider = provider
        self.store = store or WorkspaceStore(settings.workspace_root)
        self.runner = Runner(terraform=settings.terraform, grace=settings.interrupt_grace)
        env = {**settings.environment(), **quiet_provider_logs(provider.name)}
        self.plugins = Plugins(root=self.store.root, runner=self.runner, plugin_dir=settings.plugin_dir, base_env=env)
        self._owns_pool = pool is None
        self.pool: ProcessPool[Any] = pool or ProcessPool(settings.processes)
        self.started = 0  # provider processes this executor started
        self.identity: Metadata = Identity(provider, lambda block, setup, request, key: self.read_data(
            block, setup, request, purpose="identity", key=key, what="read provider identity"))
        # A terraform run costs seconds: an apply's state answers every observe of its minute.
        self.after_apply: AfterApply = WithinAMinute()
        # A provider process that died is replaced within the run that found it (see terraform()).
        self.repeatable: tuple[type[Exception], ...] = ()

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader | None = None) -> WorkspaceClient:
        if setup.secret_arguments:
            # terraform reads a provider block from a file: a credential given as an argument would be on disk.
            raise InvalidSpec(f"{kind.kind}: the ProviderConfig's credentials are provider-block arguments "
                              f"({', '.join(sorted(setup.secret_arguments))}), which reach the provider only on "
                              f"the direct executor (tfbridge run --executor direct)")
        return WorkspaceClient.of(self, kind, setup, secrets)

    # -- what the client on the workspace floor asks -----------------------------------------------

    @contextlib.contextmanager
    def driver(self, op: Operation) -> Iterator[CLIDriver]:
        yield CLIDriver(self, op)

    def forget(self, ws: Workspace) -> None:
        pass  # what it knows of a workspace is in its files

    def stats(self) -> Stats:
        return Stats(terraform_runs=dict(self.runner.runs_by_verb), provider_pids=tuple(self.pool.pids()),
                     providers_started=self.started)

    def shutdown(self) -> None:
        """Interrupt terraform runs cleanly, and only when they have finished stop the providers:
        a provider stopped under a running apply loses the in-flight resource."""
        self.runner.shutdown()
        self.runner.wait_idle(self.settings.interrupt_grace + 10)
        if self._owns_pool:
            self.pool.shutdown()

    # -- running terraform ----------------------------------------------------------------------

    def link(self, ws: Workspace, provider: ProviderBlock) -> None:
        """Give ``ws`` the installed providers (a workspace the direct executor kept has none)."""
        self.plugins.link(ws.dir, provider.requirements)

    @contextlib.contextmanager
    def _environment(self, ws: Workspace, provider: ProviderBlock,
                     setup: ProviderSetup) -> Iterator[tuple[dict[str, str], DebugProcess | None]]:
        env = dict(self.plugins.env)
        binary = self.plugins.binary(self.provider) if self.settings.shared_providers else None
        if binary is None:  # terraform starts the provider itself, with the credentials we give it
            yield setup.environment(env), None
            return
        provider_env = setup.environment({k: v for k, v in self.plugins.env.items() if k != "TF_CLI_CONFIG_FILE"})
        def start() -> DebugProcess:
            started = DebugProcess(binary, provider_env)
            self.started += 1
            return started

        with self.pool.lease(f"cli/{config_key(provider, setup)}", start,
                             max_uses=self.settings.processes.max_uses, tenant=setup.tenant) as process, \
                process.front.serve(used_types(ws)) as reattach:
            env["TF_REATTACH_PROVIDERS"] = reattach
            yield env, process

    def terraform(self, ws: Workspace, args: list[str], *, provider: ProviderBlock, setup: ProviderSetup,
                  timeout: float) -> Run:
        """Run terraform in ``ws``; once more on a fresh provider process if the shared one died."""
        for attempt in (1, 2):
            with self._environment(ws, provider, setup) as (env, process):
                run = self.runner.run(ws.dir, args, env=env, timeout=timeout)
                if (run.outcome is Outcome.FAILED and attempt == 1 and process is not None
                        and (not process.alive() or process_gone(run.stderr + run.stdout))):
                    self.pool.retire(process)
                    continue
                return run
        raise AssertionError("unreachable")

    def read_data(self, provider: ProviderBlock, setup: ProviderSetup, read: DataRead, *, purpose: str, key: str,
                  what: str) -> dict[str, Any]:
        """Read data sources with ``terraform apply`` in the scratch workspace ``.purpose/key``."""
        area = self.store.root / f".{purpose}"
        area.mkdir(mode=0o700, exist_ok=True)
        ws = Workspace(area, key)
        with ws.lock(what, self.settings.lock_timeout):
            ws.write_main(build(provider, read=read))
            self.link(ws, provider)
            run = self.terraform(ws, ["apply", "-auto-approve", "-input=false", "-json"], provider=provider,
                                 setup=setup, timeout=300)
            check(run, what, key)
            doc = ws.read_state() or {}
        return {k: v.get("value") for k, v in (doc.get("outputs") or {}).items()}
