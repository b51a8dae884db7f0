"""``tfbridge workspaces plan|import`` run terraform with the object's own ProviderConfig, resolved as the
executors resolve it: never with the identity of the pod (or shell) they are run from."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.kube.client import CRDS, NAMESPACES, SECRETS, HTTPKube
from bridge.managed.adoption import Claims
from bridge.managed.collaborators import kind_resource
from bridge.managed.providerconfig import ConfigResources
from bridge.tfexec import runner as tfexec_runner
from bridge.tfexec.runner import Outcome, Run
from bridge.workspace.store import WorkspaceStore
from tests.support.cluster import Cluster
from tests.support.crds import package_crds
from tests.support.objects import Objects
from tests.support.packages import AWS_CURATED_NAMESPACED
from tfbridge.cli import cli

POD = {"AWS_ACCESS_KEY_ID": "AKIDTHEPOD", "AWS_SECRET_ACCESS_KEY": "the-pods-secret", "AWS_PROFILE": "admin",
       "AWS_ENDPOINT_URL": "http://127.0.0.1:9", "PATH": "/usr/bin"}
TEAM = {"access_key": "AKIDTEAMA", "secret_key": "team-a-secret"}


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, str]]:
    """The environment each terraform run would get (terraform is not run)."""
    envs: list[dict[str, str]] = []

    def run(self: Any, cwd: Path, args: list[str], *, env: dict[str, str], timeout: float, **_: Any) -> Run:
        envs.append(dict(env))
        return Run(args=tuple(args), returncode=0, stdout="No changes.\n", stderr="", seconds=0.0, outcome=Outcome.OK)

    monkeypatch.setattr(tfexec_runner.Runner, "run", run)
    return envs


def setup_cluster(cluster: Cluster) -> HTTPKube:
    kube = HTTPKube(cluster.api_client())
    for crd in package_crds(AWS_CURATED_NAMESPACED, "aws"):
        if crd["spec"]["names"]["kind"] in ("VPC", "ProviderConfig", "ClusterProviderConfig", "ProviderConfigUsage"):
            kube.create(CRDS, crd)
    for ns in ("team-a", "crossplane-system"):
        kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
    kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "creds", "namespace": "team-a"},
                          "data": {"creds": base64.b64encode(json.dumps(TEAM).encode()).decode()}})
    res = ConfigResources.of(AWS_CURATED_NAMESPACED).namespaced_configs
    assert res is not None
    kube.create(res, {"apiVersion": res.api_version, "kind": "ProviderConfig",
                      "metadata": {"name": "own", "namespace": "team-a"},
                      "spec": {"credentials": {"source": "Secret", "secretRef": {"name": "creds", "key": "creds"}}}})
    Objects(kube, AWS_CURATED_NAMESPACED, namespace="team-a").apply(
        "VPC", "net", {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"},
        providerConfigRef={"kind": "ProviderConfig", "name": "own"})
    return kube


def workspace(root: Path) -> None:
    vpc = AWS_CURATED_NAMESPACED.by_type("aws_vpc", namespaced=True)
    ws = WorkspaceStore(root).get(vpc.api_version, "VPC", "net", "team-a")
    ws.update_meta(api_version=vpc.api_version, kind="VPC", name="net", namespace="team-a", address="aws_vpc.this")
    ws.write_main({"terraform": {"required_providers": {}}})


def test_plan_and_import_use_the_objects_provider_config_not_the_pods_identity(
        tmp_path: Path, cluster: Cluster, seen: list[dict[str, str]]) -> None:
    setup_cluster(cluster)
    workspace(tmp_path)
    base = ["workspaces", "--workspace-root", str(tmp_path)]
    where = ["--kubeconfig", str(cluster.kubeconfig), "--provider", "aws"]
    planned = CliRunner().invoke(cli, [*base, "plan", "VPC/net", *where], env=POD)
    assert planned.exit_code == 0, planned.output
    imported = CliRunner().invoke(cli, [*base, "import", "VPC/net", "vpc-123", *where], env=POD)
    assert imported.exit_code == 0, imported.output
    for env in seen:
        assert (env["AWS_ACCESS_KEY_ID"], env["AWS_SECRET_ACCESS_KEY"]) == ("AKIDTEAMA", "team-a-secret")
        assert "AWS_PROFILE" not in env, "nothing of the pod's identity"
        assert env["AWS_EC2_METADATA_DISABLED"] == "true", "nor the node's"
        assert env["AWS_ENDPOINT_URL"] == POD["AWS_ENDPOINT_URL"], "the deployment's own settings pass"
    assert len(seen) == 2


def test_the_operator_allows_one_adoption_by_signing_its_claim(tmp_path: Path, cluster: Cluster) -> None:
    kube = setup_cluster(cluster)
    workspace(tmp_path)
    vpcs = kind_resource(AWS_CURATED_NAMESPACED.by_type("aws_vpc", namespaced=True))
    kube.patch(vpcs, "net", {"metadata": {"annotations": {EXTERNAL_NAME: "vpc-0a1b"}}}, "team-a")
    result = CliRunner().invoke(cli, ["workspaces", "--workspace-root", str(tmp_path), "allow-adoption",
                                      "team-a/VPC/net", "--kubeconfig", str(cluster.kubeconfig)])
    assert result.exit_code == 0, (result.output, result.exception)
    assert "VPC/team-a/net may now manage 'vpc-0a1b' through ProviderConfig/own" in result.output
    obj = Managed(kube.get(vpcs, "net", "team-a"))
    claims = Claims(kube, "crossplane-system", "aws")
    assert claims.holds(obj, "vpc-0a1b") and not claims.holds(obj, "vpc-other")
