"""The AWS provider against moto, for the end-to-end tests: its configuration in a cluster, and the
provider run as its own process (``tfbridge run``), killed the way a node kills a pod."""

from __future__ import annotations

import base64
import contextlib
import os
import subprocess
import sys
from pathlib import Path

from bridge.api.registry import ProviderPackage
from bridge.kube import errors
from bridge.kube.client import NAMESPACES, SECRETS, HTTPKube
from bridge.managed.adoption import ALLOWED_NAMESPACES
from bridge.managed.providerconfig import ConfigResources
from devrig.cloud import CREDENTIALS_SECRET, MOTO_PROVIDER_CONFIGURATION, credentials_secret
from devrig.rig import configure
from tests.support.cloud import Moto
from tests.support.cluster import Cluster
from tests.support.external import executor_under_test
from tests.support.packages import AWS_FAMILIES, AWS_SCENARIO
from tests.support.processes import kill_tree
from tests.support.running import install


def configure_aws(kube: HTTPKube, access_key: str = "test") -> None:
    """CRDs, a credentials Secret and the `default` ProviderConfig pointing at it (the rig's configuration,
    which merge-patches what exists: a running provider adds its finalizer to the ProviderConfig at any
    moment, and an update would race it with a stale resourceVersion)."""
    install(kube, AWS_SCENARIO, "aws")  # a provider process runs the whole families
    configure(kube, AWS_SCENARIO.provider, credentials=credentials_secret(access_key))


# A tenant's own ProviderConfig: its credentials an INI profile in a Secret of its namespace, and the
# provider-upjet-aws flags moto needs (a namespace's ProviderConfig has no spec.configuration).
TENANT_CREDENTIALS = b"[default]\naws_access_key_id = test\naws_secret_access_key = test\n"
TENANT_CONFIG = {"kind": "ProviderConfig", "name": "default"}


def configure_tenant(kube: HTTPKube, namespace: str) -> None:
    """The namespace, its credentials Secret and its `default` ProviderConfig (see :data:`TENANT_CONFIG`)."""
    res = ConfigResources.of(AWS_SCENARIO).namespaced_configs
    assert res is not None
    objects = [
        (NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": namespace}}),
        (SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "aws-profile", "namespace": namespace},
                   "data": {"credentials": base64.b64encode(TENANT_CREDENTIALS).decode()}}),
        (res, {"apiVersion": res.api_version, "kind": "ProviderConfig",
               "metadata": {"name": "default", "namespace": namespace},
               "spec": {"credentials": {"source": "Secret", "secretRef": {"name": "aws-profile", "key": "credentials"}},
                        "skip_credentials_validation": True, "skip_metadata_api_check": True,
                        "skip_requesting_account_id": True, "s3_use_path_style": True}}),
    ]
    for r, obj in objects:
        with contextlib.suppress(errors.Conflict):
            kube.create(r, obj, namespace=obj["metadata"].get("namespace", ""))


def configure_cluster_default(kube: HTTPKube, package: ProviderPackage, tenant: str) -> None:
    """The credentials Secret, the `default` ClusterProviderConfig (a namespaced object's default when its
    namespace has none) open to ``tenant``, and the tenant's namespace."""
    kube.create(SECRETS, credentials_secret())
    res = ConfigResources.of(package).cluster_configs
    assert res is not None
    namespace, name, key = CREDENTIALS_SECRET
    kube.create(res, {"apiVersion": res.api_version, "kind": "ClusterProviderConfig",
                      "metadata": {"name": "default", "annotations": {ALLOWED_NAMESPACES: tenant}},
                      "spec": {"credentials": {"source": "Secret", "secretRef": {"namespace": namespace,
                                                                                   "name": name, "key": key}},
                               "configuration": dict(MOTO_PROVIDER_CONFIGURATION)}})
    kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": tenant}})


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
