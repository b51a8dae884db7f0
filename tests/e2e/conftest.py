"""Shared set-up for the end-to-end tests: the AWS provider against moto."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.kube import errors
from bridge.kube.client import SECRETS, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from tests.cloudproxy import CloudProxy, cloud_proxy
from tests.conftest import Cluster, Moto, executor_under_test
from tests.packages import AWS_CURATED as AWS
from tests.packages import AWS_FAMILIES, AWS_SCENARIO
from tests.processes import kill_tree
from tests.runtime.conftest import install, start_manager

__all__ = ["configure_aws", "kill", "provider", "providers", "proxy", "start_manager"]

MOTO_CONFIGURATION = {"skipCredentialsValidation": True, "skipMetadataApiCheck": "true",
                      "skipRequestingAccountId": True, "s3UsePathStyle": True}


def configure_aws(kube: HTTPKube, access_key: str = "test") -> None:
    """CRDs, a credentials Secret and the `default` ProviderConfig pointing at it.

    A merge patch, not get+update: a running provider adds its finalizer to the ProviderConfig at any
    moment, and an update would race it with a stale resourceVersion.
    """
    install(kube, AWS_SCENARIO, "aws")  # a provider process runs the whole families
    creds = base64.b64encode(json.dumps({"access_key": access_key, "secret_key": "test"}).encode()).decode()
    secret = {"apiVersion": "v1", "kind": "Secret", "data": {"credentials": creds},
              "metadata": {"name": "aws-creds", "namespace": "crossplane-system"}}
    try:
        kube.create(SECRETS, secret)
    except errors.Conflict:
        kube.patch(SECRETS, "aws-creds", {"data": secret["data"]}, namespace="crossplane-system")
    kube.patch(ConfigResources.of(AWS).configs, "default", {"spec": {
        "credentials": {"source": "Secret", "secretRef": {"namespace": "crossplane-system", "name": "aws-creds",
                                                          "key": "credentials"}},
        "configuration": MOTO_CONFIGURATION}})


def provider(cluster: Cluster, root: Path, moto: Moto, terraform_bin: str, plugin_dir: Path, log: Path,
             *extra: str) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "AWS_CA_BUNDLE"}
    env.update(AWS_ENDPOINT_URL=moto.endpoint, TFBRIDGE_PLUGIN_DIR=str(plugin_dir), TFBRIDGE_TERRAFORM=terraform_bin,
               TFBRIDGE_EXECUTOR=executor_under_test())
    with log.open("ab") as err:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(
            [sys.executable, "-m", "tfbridge", "run", "--provider", "aws", "--kubeconfig", str(cluster.kubeconfig),
             "--workspace-root", str(root), "--family", AWS_FAMILIES, "--health-port", "0", "--poll", "600",
             "--log-level", "warning", *extra],
            env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)


def kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        kill_tree(proc.pid)  # the provider, its terraform and its provider plugins
        proc.wait(30)


@pytest.fixture
def providers() -> Iterator[list[subprocess.Popen[bytes]]]:
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
