"""A cluster for a test: the local API server, or a real one when KUBECONFIG is set."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest


@dataclasses.dataclass
class Cluster:
    kubeconfig: Path
    server: Any  # APIServer | None: fault injection and restarts exist only on the local server

    def api_client(self) -> Any:
        from bridge.kube.client import api_client

        return api_client(str(self.kubeconfig))

    def require_local(self) -> Any:
        if self.server is None:
            pytest.skip("needs the local API server's fault injection (not available on a real cluster)")
        return self.server
