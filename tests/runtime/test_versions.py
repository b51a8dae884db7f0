"""A kind served at several API versions, end to end: the provider's conversion webhook (HTTPS, its own
certificate, the CA written into the CRD) called by the local API server as kube-apiserver calls it, a
manifest of the older version applied, read at both, reconciled, and kept as it was across a provider
upgrade that moves the kind's storage version."""

from __future__ import annotations

import dataclasses
import socket
from pathlib import Path
from typing import Any

from bridge.api.registry import Kind, ProviderPackage
from bridge.kube.client import CRDS, Resource
from bridge.settings import WebhookSettings
from codegen import crd
from devrig.fakes import FakeCloud
from tests.support.cluster import Cluster
from tests.support.crds import package_crds
from tests.support.packages import AWS_CURATED
from tests.support.running import Managers, Running

GROUP = "s3.aws.tfbridge.io"
CRD_NAME = f"buckets.{GROUP}"
V1, V2 = (Resource(GROUP, v, "buckets", "Bucket") for v in ("v1beta1", "v1beta2"))
LOCKED = {"region": "us-east-1", "tags": {"team": "a"},
          "objectLockConfiguration": [{"objectLockEnabled": "Enabled"}]}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _stored_at_v1beta1(package: ProviderPackage) -> tuple[ProviderPackage, Kind]:
    """``package`` as a release that stores buckets at v1beta1 (as provider-upjet-aws stores some kinds at
    their older version): the same versions and shapes, another storage version."""
    provider = package.provider
    own = provider.resources["aws_s3_bucket"]
    moved = dataclasses.replace(provider, resources={**provider.resources, "aws_s3_bucket": dataclasses.replace(
        own, storage_version="v1beta1")})
    (bucket,) = (k for k in package.kinds if k.config.tf_type == "aws_s3_bucket")
    kind = dataclasses.replace(bucket, config=moved.resolve("aws_s3_bucket"))
    return dataclasses.replace(package, kinds=tuple(kind if k is bucket else k for k in package.kinds)), kind


def _crd_of(kind: Kind, package: ProviderPackage, service: tuple[str, str]) -> dict[str, Any]:
    views = {v.name: kind.views(v.name) for v in kind.config.versions}
    return crd.managed_crd(kind.config, views, package.provider, "", kind.digest, service)


def _start(cluster: Cluster, managers: Managers, package: ProviderPackage, cloud: FakeCloud, port: int,
           service: str) -> Running:
    return managers.start(package, "aws", client_factory=cloud.client,
                          webhook=WebhookSettings(port=port, service=service))


def test_an_older_versions_manifest_converts_reconciles_and_survives_a_storage_move(cluster: Cluster,
                                                                                    tmp_path: Path) -> None:
    server = cluster.require_local()
    cloud = FakeCloud()
    port = _free_port()
    shipped = next(d for d in package_crds(AWS_CURATED, "aws") if d["metadata"]["name"] == CRD_NAME)
    service = shipped["spec"]["conversion"]["webhook"]["clientConfig"]["service"]
    assert (service["namespace"], service["path"]) == ("crossplane-system", "/convert")
    server.set_services({f"crossplane-system/{service['name']}": f"127.0.0.1:{port}"})

    first = Managers(cluster, tmp_path / "first")
    try:
        run = _start(cluster, first, AWS_CURATED, cloud, port, service["name"])
        installed = run.kube.get(CRDS, CRD_NAME)
        assert installed["spec"]["conversion"]["webhook"]["clientConfig"].get("caBundle"), \
            "the provider wrote its CA into the CRD"
        assert installed["status"]["storedVersions"] == ["v1beta2"]
        run.kube.create(V1, {"apiVersion": f"{GROUP}/v1beta1", "kind": "Bucket", "metadata": {"name": "locked"},
                             "spec": {"forProvider": LOCKED}})
        at_v2 = run.kube.get(V2, "locked")
        assert at_v2["apiVersion"] == f"{GROUP}/v1beta2"
        # The provider adds its default tags as soon as it sees the object: the rest is compared.
        assert _untagged(at_v2) == {"region": "us-east-1", "objectLockConfiguration": {"objectLockEnabled": "Enabled"}}
        stored = server.store.objects[(GROUP, "buckets")][("", "locked")]
        assert stored["apiVersion"] == f"{GROUP}/v1beta2", "kept at the storage version"
        assert _untagged(run.kube.get(V1, "locked")) == _untagged({"spec": {"forProvider": LOCKED}}), \
            "read back as it was written"
        run.wait(lambda: run.ready("Bucket", "locked"), "the bucket to become Ready")
        assert cloud.calls["create"] == 1
        (external,) = cloud.resources
        assert cloud.resources[external]["spec"]["objectLockConfiguration"] == {"objectLockEnabled": "Enabled"}
        at_v1 = run.kube.get(V1, "locked")
        assert at_v1["status"]["atProvider"]["objectLockConfiguration"] == [{"objectLockEnabled": "Enabled"}]
        before = run.kube.get(V2, "locked")
        assert webhook_calls(server) > 0
    finally:
        first.stop()

    # The upgrade: the next release stores buckets at v1beta1; its CRD is applied before it starts.
    package, moved = _stored_at_v1beta1(AWS_CURATED)
    upgraded = _crd_of(moved, package, (service["name"], service["namespace"]))
    current = run.kube.get(CRDS, CRD_NAME)
    upgraded["metadata"]["resourceVersion"] = current["metadata"]["resourceVersion"]
    assert run.kube.update(CRDS, upgraded)["status"]["storedVersions"] == ["v1beta2", "v1beta1"]
    observed = cloud.calls["observe"]
    second = Managers(cluster, tmp_path / "second")
    try:
        run = _start(cluster, second, package, cloud, port, service["name"])
        assert run.kube.get(CRDS, CRD_NAME)["spec"]["conversion"]["webhook"]["clientConfig"].get("caBundle"), \
            "the CA is written again into the CRD the upgrade replaced"
        run.wait(lambda: cloud.calls["observe"] > observed, "the upgraded provider to observe the bucket")
        after = run.kube.get(V2, "locked")
        assert after["spec"] == before["spec"] and after["metadata"]["generation"] == before["metadata"]["generation"]
        assert run.ready("Bucket", "locked"), run.conditions("Bucket", "locked")
        assert (cloud.calls["create"], cloud.calls.get("update", 0)) == (1, 0), "the managed resource is unchanged"
        assert list(cloud.resources) == [external]
        # Written again (at the old version, as a pinned composition would), it is stored at the new storage
        # version, and the change reaches the cloud.
        run.kube.patch(V1, "locked", {"spec": {"forProvider": {"tags": {"team": "b"}}}})
        run.wait(lambda: (cloud.resources[external]["spec"].get("tags") or {}).get("team") == "b",
                 f"the tag change to reach the cloud: {cloud.resources[external]}")
        stored = server.store.objects[(GROUP, "buckets")][("", "locked")]
        assert stored["apiVersion"] == f"{GROUP}/v1beta1"
        assert stored["spec"]["forProvider"]["objectLockConfiguration"] == [{"objectLockEnabled": "Enabled"}]
        assert run.kube.get(V2, "locked")["spec"]["forProvider"]["objectLockConfiguration"] == {
            "objectLockEnabled": "Enabled"}
        assert cloud.calls["create"] == 1
    finally:
        second.stop()


def _untagged(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj["spec"]["forProvider"].items() if k != "tags"}


def webhook_calls(server: Any) -> int:
    calls: int = server.store.webhooks.calls
    return calls
