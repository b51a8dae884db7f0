"""Which executor runs a kind, decided here and nowhere else, and the executors as the manager sees them.

A kind runs where it ships (:mod:`tfconfig.shipping`: its config's executor, else the direct one where
the provider's conformance report proves it, else the terraform CLI), unless the operator names one
executor for every kind (``--executor cli|direct``).
Both executors work on one workspace root and lease provider processes from one pool, so the
pod's bound on provider processes holds whatever mix of kinds runs where.
"""

from __future__ import annotations

import logging
from typing import Any

from bridge.api.external import ExternalClient, ProviderSetup, SecretReader
from bridge.api.registry import Kind, ProviderPackage
from bridge.processes import ProcessPool
from bridge.settings import EXECUTOR_CHOICES, ExecutorSettings
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from bridge.workspace.backend import Backend, Stats
from bridge.workspace.store import WorkspaceStore
from tfconfig.shipping import runs_on

log = logging.getLogger(__name__)


def choose(flag: str, kind: Kind) -> str:
    """The executor of ``kind``: ``cli`` or ``direct``."""
    if flag not in EXECUTOR_CHOICES:
        raise ValueError(f"executor {flag!r} is not one of {', '.join(EXECUTOR_CHOICES)}")
    return runs_on(flag, kind.config.shipped).executor


class Executors:
    def __init__(self, settings: ExecutorSettings, package: ProviderPackage) -> None:
        self.flag = settings.executor
        provider = package.provider
        store = WorkspaceStore(settings.workspace_root)
        for old, new in store.moved:
            log.info("workspace moved to the current layout", extra={"from": old, "to": new})
        for old, new, why in store.not_moved:
            log.warning("workspace not moved to the current layout", extra={"from": old, "to": new, "why": why})
        self.pool: ProcessPool[Any] = ProcessPool(settings.processes)
        # Always there: it also installs the providers the direct executor starts.
        self.cli = CLIBackend(settings, provider, store=store, pool=self.pool)
        self.direct: DirectBackend | None = None
        if any(choose(self.flag, k) == "direct" for k in package.kinds):
            self.direct = DirectBackend(settings, provider, binary=lambda: self.cli.plugins.binary(provider),
                                        store=store, pool=self.pool)

    def backend(self, kind: Kind) -> Backend:
        if choose(self.flag, kind) == "direct" and self.direct is not None:
            return self.direct
        return self.cli

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader | None = None) -> ExternalClient:
        return self.backend(kind).client(kind, setup, secrets)

    def stats(self) -> Stats:
        return Stats(terraform_runs=self.cli.stats().terraform_runs, provider_pids=tuple(self.pool.pids()),
                     providers_started=self.cli.started + (self.direct.started if self.direct else 0),
                     provider_calls=self.direct.stats().provider_calls if self.direct else {})

    def shutdown(self) -> None:
        """Let terraform runs end (interrupted cleanly at the grace deadline), then ask the direct
        executor's providers to cancel their calls, and stop every provider process."""
        self.cli.shutdown()
        if self.direct is not None:
            self.direct.shutdown()
        self.pool.shutdown()
