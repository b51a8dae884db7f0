"""Fixtures of the end-to-end tests: the providers a test started as processes, and a slow cloud."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from tests.support.aws import kill
from tests.support.cloud import Moto
from tests.support.cloudproxy import CloudProxy, cloud_proxy


@pytest.fixture
def providers() -> Iterator[list[subprocess.Popen[bytes]]]:
    """Provider processes a test starts; killed at its end whatever happened."""
    procs: list[subprocess.Popen[bytes]] = []
    yield procs
    for p in procs:
        kill(p)


@pytest.fixture
def proxy(moto: Moto, monkeypatch: pytest.MonkeyPatch) -> Iterator[CloudProxy]:
    """A slow (or strict) cloud in front of moto, reached by in-process providers through AWS_ENDPOINT_URL."""
    with cloud_proxy(moto.endpoint) as p:
        monkeypatch.setenv("AWS_ENDPOINT_URL", p.endpoint)
        monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
        yield p
