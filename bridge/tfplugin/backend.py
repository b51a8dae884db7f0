"""The direct executor: what every direct client of a provider shares.

Provider processes from the pod's pool, one per provider configuration, started from the binary
that ``terraform init`` installed (found by the caller and handed in: this executor runs no
terraform); data reads over the protocol; and what each workspace's last observe read and decided,
which lets a poll of a settled resource skip its plan and most of its decoding.
"""

from __future__ import annotations

import collections
import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bridge.api.errors import OperationFailed
from bridge.api.external import Observation, ProviderSetup, SecretReader
from bridge.api.registry import Kind
from bridge.processes import ProcessPool
from bridge.settings import ExecutorSettings
from bridge.tfplugin import cty
from bridge.tfplugin.client import DirectClient, _Applied, _Polled
from bridge.tfplugin.provider import Provider, ProviderGone
from bridge.workspace.backend import Stats, config_key, quiet_provider_logs
from bridge.workspace.document import DataRead, ProviderBlock, Rendered
from bridge.workspace.identity import Identity
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import WorkspaceStore
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
        self.identity = Identity(provider, lambda block, setup, request, key: self.read_data(
            block, setup, request, purpose="identity", key=key, what="read provider identity"))
        # workspace key → what its last observe read and decided (see DirectClient._refreshed).
        self.polled: dict[str, _Polled] = {}
        # workspace key → the (configuration, state read back, stored state) of its last observe that found
        # nothing to change, and that observe's answer (see DirectClient._observe).
        self.observed: dict[str, tuple[tuple[Rendered, Any, dict[str, Any] | None], Observation]] = {}
        # workspace key → what our own create or update just saved there (DirectClient._just_applied).
        self.applied: dict[str, _Applied] = {}
        self.started = 0  # provider processes this executor started
        # Protocol calls by verb over every process this executor started: how many creates ("apply"
        # from no prior state is not told apart here) and imports a run issued.
        self.calls: collections.Counter[str] = collections.Counter()

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader | None = None) -> DirectClient:
        floor = KindWorkspaces(store=self.store, provider=self.provider, kind=kind, setup=setup, secrets=secrets,
                               executor=self.name, lock_timeout=self.settings.lock_timeout, metadata=self.identity,
                               import_check_timeout=self.settings.import_check_timeout)
        return DirectClient(self, floor)

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
