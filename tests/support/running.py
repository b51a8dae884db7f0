"""A manager running in a thread against the local API server (or KUBECONFIG's cluster)."""

from __future__ import annotations

import contextlib
import uuid
from pathlib import Path
from typing import Any

from bridge.api.registry import ProviderPackage
from bridge.kube import errors
from bridge.kube.client import CRDS, NAMESPACES, HTTPKube, Kube
from bridge.managed.providerconfig import ClientFactory, ConfigResources
from bridge.manager import Manager
from bridge.settings import ExecutorSettings, Settings
from devrig.cloud import provider_config
from devrig.rig import ProviderThread
from tests.support.cluster import Cluster
from tests.support.crds import package_crds, without_patterns
from tests.support.external import executor_under_test
from tests.support.objects import Objects
from tests.support.rbac import cluster_role, role, uncovered
from tests.support.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
# Settings that belong to the executors, when a test names them beside the manager's own.
_EXECUTOR_FIELDS = ("workspace_root", "terraform", "plugin_dir", "executor", "processes")


def install(kube: Kube, package: ProviderPackage, provider_dir: str, *, patterns: bool = True,
            without: tuple[str, ...] = ()) -> None:
    """The CRDs of ``package``'s kinds (but those named in ``without``) and its ProviderConfig kinds, the
    crossplane-system namespace, and a `default` ProviderConfig without credentials. Without ``patterns``,
    the CRDs are an older release's (see tests/support/crds.py)."""
    for doc in package_crds(package, provider_dir):
        if doc["metadata"]["name"] in without:
            continue
        with contextlib.suppress(errors.Conflict):
            kube.create(CRDS, doc if patterns else without_patterns(doc))
    with contextlib.suppress(errors.Conflict):
        kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "crossplane-system"}})
    with contextlib.suppress(errors.Conflict):
        kube.create(ConfigResources.of(package).configs, provider_config(package.provider.root_group,
                                                                         secret=None))


class Running(Objects):
    def __init__(self, kube: HTTPKube, package: ProviderPackage, manager: Manager | None, *,
                 log: Path | None = None, thread: ProviderThread | None = None, namespace: str = "") -> None:
        super().__init__(kube, package, log=log, namespace=namespace)
        self.kube: HTTPKube = kube
        self.manager = manager
        self.suffix = uuid.uuid4().hex[:5]
        self._thread = thread

    def stop(self, timeout: float = 60.0) -> None:
        """Stop the in-process manager and wait until it has shut down: after this, none of its
        reconciles or operations writes anything."""
        assert self.manager is not None and self._thread is not None, "not an in-process manager"
        stopped = self._thread.stop(timeout)
        assert stopped, f"the manager did not stop within {timeout:.0f}s"


class Managers:
    """Starts managers for a test; :meth:`stop` stops them and checks every API call each made
    against the roles generated for it (its family's, if it runs one): RBAC checked against real use."""

    def __init__(self, cluster: Cluster, tmp_path: Path) -> None:
        self.cluster, self.tmp_path = cluster, tmp_path
        self.started: list[tuple[ProviderThread, HTTPKube, str, str | None]] = []

    def start(self, package: ProviderPackage, provider_dir: str, *, client_factory: ClientFactory | None = None,
              family: str | None = None, patterns: bool = True, without: tuple[str, ...] = (),
              **settings: Any) -> Running:
        """A manager of ``package``; ``settings`` are :class:`Settings` and :class:`ExecutorSettings` fields.
        Without ``patterns`` the cluster serves an older release's CRDs (tests/support/crds.py); the CRDs
        named in ``without`` are not installed."""
        kube = HTTPKube(self.cluster.api_client())
        install(kube, package, provider_dir, patterns=patterns, without=without)
        executors: dict[str, Any] = {
            "workspace_root": self.tmp_path / f"ws-{len(self.started)}",
            "executor": "cli" if package.provider.builtin else executor_under_test(),
            **{k: settings.pop(k) for k in _EXECUTOR_FIELDS if k in settings}}
        grace = settings.setdefault("grace", 20.0)
        run_settings = Settings(**{"health_port": 0, "poll": 60.0, **settings},
                                executors=ExecutorSettings(**executors, interrupt_grace=min(30.0, grace)))
        provider_kube = HTTPKube(self.cluster.api_client())
        provider = ProviderThread(Manager(run_settings, package, provider_kube, client_factory=client_factory))
        self.started.append((provider, provider_kube, provider_dir, family))
        wait_for(provider.manager.ready, "the manager's informers to sync", 30)
        return Running(kube, package, provider.manager, thread=provider)

    def stop(self) -> None:
        for provider, *_ in self.started:
            provider.stop(60)
        for provider, provider_kube, provider_dir, family in self.started:
            manager = provider.manager
            # An operator who allows Secrets in more namespaces adds a Role like the generated one in each.
            extra = manager.settings.secret_namespaces
            namespaces = {k: {ns for ns in v if not (k[2] == "secrets" and ns in extra)}
                          for k, v in provider_kube.namespaces.items()}
            missing = uncovered(provider_kube.calls, cluster_role(provider_dir, family), role(provider_dir, family),
                                namespaces)
            assert missing == [], f"the generated roles of {provider_dir} {family or ''} do not allow {missing}"
