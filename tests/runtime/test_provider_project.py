"""A provider project made by `tfbridge init` outside this repository, generated with no edit, installed as a
distribution of its own, and run by name (`tfbridge run --provider terraform`, found through its entry
point) against the local API server, where it reconciles a terraform_data object with the real terraform."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bridge.api import registry
from bridge.kube import errors
from bridge.kube.client import CRDS, NAMESPACES, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from devrig.cloud import provider_config
from devserver.manifests import crd_manifests
from tests.support import project
from tests.support.cluster import Cluster
from tests.support.objects import Objects

pytestmark = pytest.mark.terraform


def test_an_installed_provider_project_runs_by_name(cluster: Cluster, tmp_path: Path, terraform_bin: str) -> None:
    root = project.init(tmp_path / "provider-terraform")
    project.generate(root)
    env = project.install(root, tmp_path / "site")
    env.update(TFBRIDGE_PLUGIN_DIR="", TFBRIDGE_TERRAFORM=terraform_bin)
    env.pop("TFBRIDGE_PROVIDER", None)
    package = registry.load(f"{root}/")
    assert [k.config.group for k in package.kinds] == [
        "terraform.terraform.tfbridge.io", "terraform.terraform.m.tfbridge.io"]

    kube = HTTPKube(cluster.api_client())
    for doc in crd_manifests(root / "crds"):
        kube.create(CRDS, doc)
    with contextlib.suppress(errors.Conflict):
        kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "crossplane-system"}})
    kube.create(ConfigResources.of(package).configs, provider_config(package.provider.root_group, secret=None))

    log = tmp_path / "provider.log"
    with log.open("ab") as err:
        # From a directory outside this repository: nothing but the installed distributions finds the provider.
        proc = subprocess.Popen(
            [sys.executable, "-m", "tfbridge", "run", "--provider", project.NAME, "--kubeconfig",
             str(cluster.kubeconfig), "--workspace-root", str(tmp_path / "ws"), "--health-port", "0",
             "--log-level", "info"], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        objects = Objects(kube, package, log=log)
        objects.apply("Data", "hello", {"input": {"greeting": "hello"}})
        objects.wait_ready([("Data", "hello")], "the Data to become Ready", timeout=120)
        assert objects.get("Data", "hello")["status"]["atProvider"]["output"] == {"greeting": "hello"}
        objects.delete("Data", "hello")
        objects.wait_gone([("Data", "hello")], "the Data to be deleted", timeout=120)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, log.read_text()[-3000:]
