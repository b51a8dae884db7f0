"""Seed 000: tfstate lives in an ephemeral workspace; losing it must never duplicate a cloud resource.

Ten resources with provider-assigned IDs become Ready under a real `tfbridge run`; the provider is
killed and its workspace root wiped. A restarted provider (or, for a node move, a standby replica
with its own empty root that wins the Lease) must import every one by its external name: moto holds
exactly the same objects, every external name is unchanged, and all are Ready again.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bridge.kube import errors
from bridge.kube.client import SECRETS, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from bridge.tfexec.workspace import WorkspaceStore
from providers.aws import zz_registry as aws
from tests.conftest import Cluster, Moto
from tests.runtime.conftest import Running, install, until

pytestmark = [pytest.mark.slow, pytest.mark.cloud]


def provider(cluster: Cluster, root: Path, moto: Moto, terraform_bin: str, plugin_dir: Path, log: Path,
             *extra: str) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "AWS_CA_BUNDLE"}
    env.update(AWS_ENDPOINT_URL=moto.endpoint, TFBRIDGE_PLUGIN_DIR=str(plugin_dir), TFBRIDGE_TERRAFORM=terraform_bin)
    with log.open("ab") as err:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(
            [sys.executable, "-m", "tfbridge", "run", "--provider", "aws", "--kubeconfig", str(cluster.kubeconfig),
             "--workspace-root", str(root), "--health-port", "0", "--poll", "600", "--log-level", "warning", *extra],
            env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)


def configure(kube: HTTPKube) -> None:
    install(kube, aws.PACKAGE, "aws")
    configs = ConfigResources.of(aws.PACKAGE).configs
    creds = base64.b64encode(json.dumps({"access_key": "test", "secret_key": "test"}).encode()).decode()
    with contextlib.suppress(errors.Conflict):
        kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "data": {"credentials": creds},
                              "metadata": {"name": "aws-creds", "namespace": "crossplane-system"}})
    pc = kube.get(configs, "default")
    pc["spec"] = {"credentials": {"source": "Secret", "secretRef": {"namespace": "crossplane-system",
                                                                    "name": "aws-creds", "key": "credentials"}},
                  "configuration": {"skipCredentialsValidation": True, "skipMetadataApiCheck": "true",
                                    "skipRequestingAccountId": True, "s3UsePathStyle": True}}
    kube.update(configs, pc)


def kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)  # the provider, its terraform and its provider plugins
        proc.wait(30)


@pytest.fixture
def providers() -> Iterator[list[subprocess.Popen[bytes]]]:
    procs: list[subprocess.Popen[bytes]] = []
    yield procs
    for p in procs:
        kill(p)


def cloud(moto: Moto, tag: str) -> tuple[list[str], list[str]]:
    ec2 = moto.client("ec2")
    vpcs = sorted(v["VpcId"] for v in ec2.describe_vpcs(Filters=[{"Name": "tag:seed", "Values": [tag]}])["Vpcs"])
    sgs = sorted(g["GroupId"] for g in ec2.describe_security_groups(
        Filters=[{"Name": "group-name", "Values": [f"{tag}-sg-*"]}])["SecurityGroups"])
    return vpcs, sgs


def test_seed_000_restart_then_node_move(cluster: Cluster, moto: Moto, terraform_bin: str, plugin_dir: Path,
                                        tmp_path: Path, providers: list[subprocess.Popen[bytes]]) -> None:
    """Both phases on the same ten resources: each loses every workspace and must import, not create."""
    kube = HTTPKube(cluster.api_client())
    configure(kube)
    run = Running(kube, aws.PACKAGE, None)  # type: ignore[arg-type]
    tag = "seed000"
    lease = ("--leader-election", "--lease-duration", "4", "--renew-deadline", "3", "--retry-period", "1",
             "--namespace", "crossplane-system")
    node_a, node_b = tmp_path / "node-a", tmp_path / "node-b"
    log = tmp_path / "provider.log"
    providers.append(provider(cluster, node_a, moto, terraform_bin, plugin_dir, log, *lease))
    names = [f"{tag}-{i}" for i in range(5)]
    for i, name in enumerate(names):
        run.apply("VPC", name, {"region": "us-east-1", "cidrBlock": f"10.{100 + i}.0.0/16", "tags": {"seed": tag}})
        run.apply("SecurityGroup", f"{name}-sg", {"region": "us-east-1", "name": f"{tag}-sg-{i}",
                                                 "description": "seed 000", "vpcIdRef": {"name": name}})
    objects = [("VPC", n) for n in names] + [("SecurityGroup", f"{n}-sg") for n in names]
    started = time.monotonic()
    until(lambda: all(run.ready(k, n) for k, n in objects), "ten resources Ready", timeout=300)
    print(f"ready after {time.monotonic() - started:.0f}s")
    before = {(k, n): run.get(k, n)["metadata"]["annotations"]["crossplane.io/external-name"] for k, n in objects}
    cloud_before = cloud(moto, tag)
    assert (len(cloud_before[0]), len(cloud_before[1])) == (5, 5)

    def imported_into(root: Path) -> Callable[[], bool]:
        def check() -> bool:
            if not root.exists():
                return False
            done = [ws for ws in WorkspaceStore(root).all()
                    if ws.meta().get("last_operation") == "observe" and ws.meta().get("last_result") == "ok"
                    and ws.state_path.exists()]
            return len(done) == 10
        return check

    def same_as_before(phase: str) -> None:
        until(lambda: all(run.ready(k, n) and run.condition(k, n, "Synced").get("status") == "True"
                          for k, n in objects), f"{phase}: all ten Ready and Synced again", timeout=120)
        after = {(k, n): run.get(k, n)["metadata"]["annotations"]["crossplane.io/external-name"] for k, n in objects}
        assert after == before, f"{phase}: external names unchanged"
        assert cloud(moto, tag) == cloud_before, f"{phase}: no duplicate and nothing lost in moto"

    # Provider restart: killed, its workspace root wiped, started again on the same (empty) root.
    kill(providers[0])
    shutil.rmtree(node_a)
    providers.append(provider(cluster, node_a, moto, terraform_bin, plugin_dir, log, *lease))
    started = time.monotonic()
    until(imported_into(node_a), "the restarted provider to import all ten", timeout=300)
    print(f"restart: imported after {time.monotonic() - started:.0f}s")
    same_as_before("restart")

    # Node move: a standby on another "node" (its own empty root) takes the Lease when the leader dies.
    providers.append(provider(cluster, node_b, moto, terraform_bin, plugin_dir, log, *lease))
    kill(providers[1])
    shutil.rmtree(node_a)
    started = time.monotonic()
    until(imported_into(node_b), "the standby to take over and import all ten", timeout=300)
    print(f"node move: imported after {time.monotonic() - started:.0f}s")
    same_as_before("node move")

    for k, n in reversed(objects):
        kube.delete(run.res(k), n)
    until(lambda: all(run.gone(k, n) for k, n in objects), "deletion", timeout=300)
    assert cloud(moto, tag) == ([], [])
