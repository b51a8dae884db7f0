"""A running manager against the local API server (or KUBECONFIG's cluster), for integration tests."""

from __future__ import annotations

import contextlib
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.api.registry import CONFIG_FAMILY, ProviderPackage
from bridge.kube import errors
from bridge.kube.client import CRDS, NAMESPACES, HTTPKube, Resource
from bridge.managed.providerconfig import ClientFactory, ConfigResources
from bridge.managed.reconciler import kind_resource
from bridge.manager import Manager, RunSettings
from devserver.manifests import crd_manifests
from tests.conftest import Cluster, executor_under_test, wait_for
from tests.crds import without_patterns
from tests.rbac import cluster_role, role, uncovered

ROOT = Path(__file__).resolve().parents[2]


def install(kube: HTTPKube, package: ProviderPackage, provider_dir: str, *, patterns: bool = True) -> None:
    """The CRDs of ``package``'s kinds and its ProviderConfig kinds (not the whole provider's: a cluster
    with every AWS CRD takes the local API server seconds to load), a namespace and a ProviderConfig.
    Without ``patterns``, the CRDs are an older release's (see tests/crds.py)."""
    crds = ROOT / "providers" / provider_dir / "crds"
    wanted = {(k.config.group, k.config.plural) for k in package.kinds}
    for group in sorted({k.config.short_group for k in package.kinds} | {CONFIG_FAMILY}):
        for doc in crd_manifests(crds / group):
            spec = doc["spec"]
            if spec["group"] == package.provider.root_group or (spec["group"], spec["names"]["plural"]) in wanted:
                with contextlib.suppress(errors.Conflict):
                    kube.create(CRDS, doc if patterns else without_patterns(doc))
    for ns in ("crossplane-system",):
        with contextlib.suppress(errors.Conflict):
            kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
    with contextlib.suppress(errors.Conflict):
        kube.create(ConfigResources.of(package).configs, {
            "apiVersion": f"{package.provider.root_group}/v1beta1", "kind": "ProviderConfig",
            "metadata": {"name": "default"}, "spec": {"credentials": {"source": "None"}}})


class Running:
    def __init__(self, kube: HTTPKube, package: ProviderPackage, manager: Manager) -> None:
        self.kube, self.package, self.manager = kube, package, manager
        self.suffix = uuid.uuid4().hex[:5]

    def res(self, kind: str) -> Resource:
        return kind_resource(next(k for k in self.package.kinds if k.kind == kind))

    def apply(self, kind: str, name: str, for_provider: dict[str, Any], **spec: Any) -> dict[str, Any]:
        k = next(k for k in self.package.kinds if k.kind == kind)
        return self.kube.create(self.res(kind), {"apiVersion": k.api_version, "kind": kind,
                                                 "metadata": {"name": name},
                                                 "spec": {"forProvider": for_provider, **spec}})

    def get(self, kind: str, name: str) -> dict[str, Any]:
        return self.kube.get(self.res(kind), name)

    def condition(self, kind: str, name: str, ctype: str) -> dict[str, Any]:
        try:
            obj = self.get(kind, name)
        except errors.NotFound:
            return {}
        return next((c for c in (obj.get("status") or {}).get("conditions") or [] if c["type"] == ctype), {})

    def ready(self, kind: str, name: str) -> bool:
        return self.condition(kind, name, "Ready").get("status") == "True"

    def not_ready(self, objects: list[tuple[str, str]], *, synced: bool = False) -> list[tuple[str, str]]:
        """Which of ``objects`` are not Ready (and Synced): one list call per kind, not a GET each."""
        wanted = ("Ready", "Synced") if synced else ("Ready",)
        good: set[tuple[str, str]] = set()
        for kind in sorted({k for k, _ in objects}):
            for obj in self.kube.list(self.res(kind))[0]:
                conds = {c["type"]: c["status"] for c in (obj.get("status") or {}).get("conditions") or []}
                if all(conds.get(t) == "True" for t in wanted):
                    good.add((kind, obj["metadata"]["name"]))
        return [o for o in objects if o not in good]

    def wait_ready(self, objects: list[tuple[str, str]], what: str, *, timeout: float, synced: bool = False,
                   log: Path | None = None) -> None:
        """Wait until all ``objects`` are Ready (and Synced); a timeout names each straggler and its
        conditions, and ends with the tail of the provider's ``log`` when it runs as a process."""
        try:
            until(lambda: not self.not_ready(objects, synced=synced), what, timeout)
        except pytest.fail.Exception as exc:
            late = "; ".join(f"{k}/{n}: {self.conditions(k, n)}" for k, n in self.not_ready(objects, synced=synced))
            tail = "\n".join(log.read_text(errors="replace").splitlines()[-80:]) if log and log.exists() else ""
            pytest.fail(f"{exc.msg}; not there: {late}" + (f"\nprovider log:\n{tail}" if tail else ""))

    def conditions(self, kind: str, name: str) -> str:
        try:
            obj = self.get(kind, name)
        except errors.NotFound:
            return "gone"
        return ", ".join(f"{c['type']}={c['status']} ({c.get('reason', '')}: {c.get('message', '')})"
                         for c in (obj.get("status") or {}).get("conditions") or []) or "no conditions"

    def gone(self, kind: str, name: str) -> bool:
        try:
            self.get(kind, name)
            return False
        except errors.NotFound:
            return True


@pytest.fixture
def start_manager(cluster: Cluster, tmp_path: Path) -> Iterator[Callable[..., Running]]:
    """Start a Manager in a thread. At the end, every API call it made must be allowed by the
    roles generated for it (its family's, if it runs one): RBAC checked against real use."""
    started: list[tuple[Manager, threading.Thread, HTTPKube, str, str | None]] = []

    def start(package: ProviderPackage, provider_dir: str, *, client_factory: ClientFactory | None = None,
              family: str | None = None, **settings: Any) -> Running:
        kube = HTTPKube(cluster.api_client())
        install(kube, package, provider_dir)
        run_settings = RunSettings(**{"workspace_root": tmp_path / f"ws-{len(started)}", "health_port": 0,
                                      "poll": 60.0, "grace": 20.0,
                                      "executor": "cli" if package.provider.builtin else executor_under_test(),
                                      **settings})
        provider_kube = HTTPKube(cluster.api_client())
        manager = Manager(run_settings, package, provider_kube, client_factory=client_factory)
        thread = threading.Thread(target=manager.run, daemon=True)
        thread.start()
        started.append((manager, thread, provider_kube, provider_dir, family))
        wait_for(manager.ready, timeout=30, what="the manager's informers to sync")
        return Running(kube, package, manager)

    yield start
    for manager, thread, *_ in started:
        manager.stop()
        thread.join(60)
    for _, _, provider_kube, provider_dir, family in started:
        missing = uncovered(provider_kube.calls, cluster_role(provider_dir, family), role(provider_dir, family),
                            provider_kube.namespaces)
        assert missing == [], f"the generated roles of {provider_dir} {family or ''} do not allow {missing}"


def until(condition: Callable[[], object], what: str, timeout: float = 60.0) -> None:
    wait_for(condition, timeout=timeout, what=what)


def elapsed_since(start: float) -> float:
    return time.monotonic() - start
