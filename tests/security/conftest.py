"""A running provider for the hostile-input suite: a Manager in a thread against the local API server (or
KUBECONFIG's cluster) serving an older release's CRDs, so that what each case proves is the runtime's own
refusal. At the end every API call it made must be allowed by its generated roles, plus a Role in each extra
namespace the test allowed Secrets in (what an operator adds with --secret-namespaces)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.kube.client import HTTPKube
from devrig.fakes import FakeCloud
from tests.support.cluster import Cluster
from tests.support.packages import AWS_CURATED
from tests.support.running import Managers, Running


@pytest.fixture
def provider(cluster: Cluster, tmp_path: Path) -> Iterator[Callable[..., tuple[Running, HTTPKube]]]:
    managers = Managers(cluster, tmp_path)

    def start(*, cloud: FakeCloud | None = None, **settings: Any) -> tuple[Running, HTTPKube]:
        run = managers.start(AWS_CURATED, "aws", client_factory=cloud.client if cloud is not None else None,
                             patterns=False, **settings)
        return run, managers.started[-1][1]

    yield start
    managers.stop()
