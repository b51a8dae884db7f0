"""A running provider for the hostile-input suite: a Manager in a thread against the local API
server (or KUBECONFIG's cluster), as tests/runtime starts one. At the end every API call it made must
be allowed by its generated roles, plus a Role in each extra namespace the test allowed Secrets in
(what an operator adds with --secret-namespaces)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.kube.client import HTTPKube
from bridge.manager import Manager, RunSettings
from bridge.testing import FakeCloud
from tests.conftest import Cluster, wait_for
from tests.packages import AWS_CURATED
from tests.rbac import cluster_role, role, uncovered
from tests.runtime.conftest import Running, install


@pytest.fixture
def provider(cluster: Cluster, tmp_path: Path) -> Iterator[Callable[..., tuple[Running, HTTPKube]]]:
    started: list[tuple[Manager, threading.Thread, HTTPKube, tuple[str, ...]]] = []

    def start(*, cloud: FakeCloud | None = None, **settings: Any) -> tuple[Running, HTTPKube]:
        kube = HTTPKube(cluster.api_client())
        install(kube, AWS_CURATED, "aws", patterns=False)  # the runtime's refusals are under test
        run_settings = RunSettings(**{"workspace_root": tmp_path / f"ws-{len(started)}", "health_port": 0,
                                      "poll": 60.0, "grace": 20.0, **settings})
        provider_kube = HTTPKube(cluster.api_client())
        manager = Manager(run_settings, AWS_CURATED, provider_kube,
                          client_factory=cloud.client if cloud is not None else None)
        thread = threading.Thread(target=manager.run, daemon=True)
        thread.start()
        started.append((manager, thread, provider_kube, run_settings.secret_namespaces))
        wait_for(manager.ready, timeout=30, what="the manager's informers to sync")
        return Running(kube, AWS_CURATED, manager), provider_kube

    yield start
    for manager, thread, *_ in started:
        manager.stop()
        thread.join(60)
    for _, _, provider_kube, extra in started:
        # A Role like the generated one, in each namespace the operator added.
        namespaces = {k: {ns for ns in v if not (k[2] == "secrets" and ns in extra)}
                      for k, v in provider_kube.namespaces.items()}
        missing = uncovered(provider_kube.calls, cluster_role("aws"), role("aws"), namespaces)
        assert missing == [], f"the generated roles do not allow {missing}"
