"""The direct executor: what every direct client of a provider shares.

Provider processes from the pod's pool, one per provider configuration, started from the binary
that ``terraform init`` installed (found by the caller and handed in: this executor runs no
terraform); data reads over the protocol; and what each workspace's last observe read and decided,
which lets a poll of a settled resource skip its plan and most of its decoding. Its clients are the
workspace floor's; each operation's protocol calls are a :class:`DirectDriver`'s.
"""

from __future__ import annotations

import collections
import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bridge.api.errors import OperationFailed
from bridge.api.external import ProviderSetup, SecretReader
from bridge.api.registry import Kind
from bridge.processes import ProcessPool
from bridge.settings import ExecutorSettings
from bridge.tfplugin import cty
from bridge.tfplugin.driver import DirectDriver, Polls
from bridge.tfplugin.provider import Provider, ProviderGone
from bridge.workspace.applied import AfterApply, Once
from bridge.workspace.backend import Stats, config_key, quiet_provider_logs
from bridge.workspace.client import WorkspaceClient
from bridge.workspace.document import DataRead, ProviderBlock
from bridge.workspace.driver import Operation
from bridge.workspace.identity import Identity
from bridge.workspace.kind import Metadata
from bridge.workspace.store import Workspace, WorkspaceStore
from tfconfig import Provider as ProviderConfig


class DirectBackend:
    name = "direct"

    def __init__(self, settings: ExecutorSettings, provider: ProviderConfig, *, binary: Callable[[], Path | None],
                 store: WorkspaceStore | None = None, pool: ProcessPool[Any] | None = None) -> None:
        if provider.builtin:
            raise ValueError(f"provider {provider.source} is built into terraform: it has no plugin process to "
                             f"speak to directly; run it with --executor cli")
        self.settings = settings
        self.provider = provider
        self.binary = binary
        self.store = store or WorkspaceStore(settings.workspace_root)
        self._owns_pool = pool is None
        self.pool: ProcessPool[Any] = pool or ProcessPool(settings.processes)
        self.env = {**settings.environment(), **quiet_provider_logs(provider.name), "TF_IN_AUTOMATION": "1",
                    "CHECKPOINT_DISABLE": "1"}
        self.identity: Metadata = Identity(provider, lambda block, setup, request, key: self.read_data(
            block, setup, request, purpose="identity", key=key, what="read provider identity"))
        # What each workspace's last observe read and decided (see DirectDriver.refresh).
        self.polls = Polls()
        # A read costs milliseconds: an apply's state answers only the observe that follows it.
        self.after_apply: AfterApply = Once()
        # An observe that lost its provider process is made once more, on a new one.
        self.repeatable: tuple[type[Exception], ...] = (ProviderGone,)
        self.started = 0  # provider processes this executor started
        # Protocol calls by verb over every process this executor started: how many creates ("apply"
        # from no prior state is not told apart here) and imports a run issued.
        self.calls: collections.Counter[str] = collections.Counter()

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader | None = None) -> WorkspaceClient:
        return WorkspaceClient.of(self, kind, setup, secrets)

    @contextlib.contextmanager
    def driver(self, op: Operation) -> Iterator[DirectDriver]:
        """A driver on the provider process of the operation's configuration, leased for the operation."""
        with self.session(op.rendered.provider, op.floor.setup) as p:
            yield DirectDriver(p, self.polls, op)

    def forget(self, ws: Workspace) -> None:
        self.polls.pop(ws.key, None)
        self.after_apply.forget(ws)

    @contextlib.contextmanager
    def session(self, provider: ProviderBlock, setup: ProviderSetup) -> Iterator[Provider]:
        """The configured provider process for this configuration, leased for the caller's calls."""
        def start() -> Provider:
            # Worked out only when a process starts: a poll leases one already running.
            binary = self.binary()
            if binary is None:
                raise OperationFailed(f"provider {self.provider.source} is not installed: no executable found "
                                      f"after terraform init", verb="init")
            # Credentials that are provider-block arguments reach the process in memory only.
            configuration = {**provider.arguments, **setup.secret_arguments}
            started = Provider(binary, setup.environment(self.env), configuration, calls=self.calls)
            self.started += 1
            return started

        with self.pool.lease(f"direct/{config_key(provider, setup)}", start, tenant=setup.tenant) as p:
            try:
                yield p
            except ProviderGone:
                self.pool.retire(p)
                raise

    def read_data(self, provider: ProviderBlock, setup: ProviderSetup, read: DataRead, *, purpose: str, key: str,
                  what: str) -> dict[str, Any]:
        """Read data sources over the protocol (no scratch workspace: nothing is written)."""
        values: dict[tuple[str, str], Any] = {}
        with self.session(provider, setup) as p:
            for dtype, named in read.sources.items():
                schema = p.data_sources.get(dtype)
                for dname, config in named.items():
                    value = p.read_data(dtype, config, timeout=300)
                    values[(dtype, dname)] = cty.to_json(schema.type, value) if schema else value
        return {name: (values.get((dtype, dname)) or {}).get(attr)
                for name, (dtype, dname, attr) in read.outputs.items()}

    def stats(self) -> Stats:
        return Stats(provider_pids=tuple(self.pool.pids()), providers_started=self.started,
                     provider_calls=dict(self.calls))

    def shutdown(self) -> None:
        """Ask every provider to stop its calls in flight (as terraform does on an interrupt: they end
        with "context canceled", an unknown outcome, never a lost answer), let them return, then stop."""
        if self._owns_pool:
            self.pool.shutdown()
