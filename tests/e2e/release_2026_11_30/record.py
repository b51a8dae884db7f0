"""Record what the release of 2026-11-30 (commit ee55f58) leaves behind for a handful of managed resources:
the objects its local API server stores and its workspace root, once per executor (``cli/``, ``direct/``).
tests/e2e/test_upgrade.py starts the current provider on them.

The cloud is moto, made by ``cloud.json``'s calls on a seeded, empty moto (tests/support/release.py): the
test makes the same calls and gets the same IDs. The old provider adopts those objects by their external
names, so that every object its states name exists again in the test's moto. They carry no tags: the old
release's specs set none, so a tag made there would be drift that its adoption removed (an update of every
object) and that the test's moto would have again.

Re-record (a few minutes; needs terraform and TFBRIDGE_PLUGIN_DIR, as the tests do)::

    export TFBRIDGE_PLUGIN_DIR=/path/to/the/plugin/mirror
    git worktree add /tmp/release-2026-11-30 ee55f58
    .venv/bin/python tests/e2e/release_2026_11_30/record.py /tmp/release-2026-11-30
    git worktree remove /tmp/release-2026-11-30

This script runs on the current code; the old release runs in processes of its own (its API server and its
``tfbridge run``), from the checkout given, so nothing of the current code writes what is recorded.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from bridge.kube.client import NAMESPACES, SECRETS, HTTPKube, Resource, api_client  # noqa: E402
from devrig.moto import Moto  # noqa: E402
from tests.support.release import cloud_spec, copy_workspaces, make_cloud  # noqa: E402

ROLE_POLICY = next(c for c in cloud_spec(HERE)["calls"] if c["call"] == "create_role")["params"][
    "AssumeRolePolicyDocument"]
REGION = "us-east-1"
# (group, plural, kind, name, external name or "", forProvider): the kinds whose API version the current
# release changed (Bucket, Table, Repository, Record) and kinds it did not.
OBJECTS: tuple[tuple[str, str, str, str, str, dict[str, Any]], ...] = (
    ("ec2", "vpcs", "VPC", "upgrade-vpc", "{vpc}", {"region": REGION, "cidrBlock": "10.61.0.0/16"}),
    ("ec2", "subnets", "Subnet", "upgrade-subnet", "{subnet}",
     {"region": REGION, "cidrBlock": "10.61.1.0/24", "availabilityZone": "us-east-1a",
      "vpcIdRef": {"name": "upgrade-vpc"}}),
    ("ec2", "securitygroups", "SecurityGroup", "upgrade-sg", "{sg}",
     {"region": REGION, "name": "upgrade-sg", "description": "upgrade test", "vpcIdRef": {"name": "upgrade-vpc"}}),
    ("iam", "roles", "Role", "upgrade-role", "", {"assumeRolePolicy": ROLE_POLICY}),
    ("s3", "buckets", "Bucket", "upgrade-bucket-tfbridge", "", {"region": REGION}),
    ("dynamodb", "tables", "Table", "upgrade-table", "",
     {"region": REGION, "billingMode": "PAY_PER_REQUEST", "hashKey": "id", "attribute": [{"name": "id", "type": "S"}]}),
    ("ecr", "repositories", "Repository", "upgrade-repository", "",
     {"region": REGION, "imageTagMutability": "MUTABLE"}),
    ("route53", "zones", "Zone", "upgrade-zone", "{zone}", {"region": REGION, "name": "upgrade.example"}),
    ("route53", "records", "Record", "upgrade-record", "{zone}_www.upgrade.example_A",
     {"region": REGION, "name": "www.upgrade.example", "type": "A", "ttl": 60, "records": ["192.0.2.10"],
      "zoneIdRef": {"name": "upgrade-zone"}}),
)
EXTERNAL_NAME = "crossplane.io/external-name"


def _resource(group: str, plural: str, kind: str) -> Resource:
    return Resource(f"{group}.aws.tfbridge.io", "v1beta1", plural, kind)


def _ready(obj: dict[str, Any]) -> bool:
    return any(c.get("type") == "Ready" and c.get("status") == "True"
               for c in (obj.get("status") or {}).get("conditions") or [])


def _configure(kube: HTTPKube) -> None:
    """The old demo's credentials Secret and ProviderConfig (moto takes any key)."""
    ns = "crossplane-system"
    kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
    creds = base64.b64encode(json.dumps({"access_key": "test", "secret_key": "test"}).encode()).decode()
    kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "type": "Opaque", "data": {"credentials": creds},
                          "metadata": {"name": "aws-creds", "namespace": ns}})
    kube.create(Resource("aws.tfbridge.io", "v1beta1", "providerconfigs", "ProviderConfig"), {
        "apiVersion": "aws.tfbridge.io/v1beta1", "kind": "ProviderConfig", "metadata": {"name": "default"},
        "spec": {"credentials": {"source": "Secret", "secretRef": {
            "namespace": ns, "name": "aws-creds", "key": "credentials"}},
            "configuration": {"skipCredentialsValidation": True, "skipMetadataApiCheck": "true",
                              "skipRequestingAccountId": True, "s3UsePathStyle": True}}})


def record(old: Path, executor: str, out: Path, work: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    env["PYTHONPATH"] = str(old)
    plugin_dir = os.environ.get("TFBRIDGE_PLUGIN_DIR", "")
    assert plugin_dir, "TFBRIDGE_PLUGIN_DIR names the provider plugin mirror (no registry is needed then)"
    procs: list[subprocess.Popen[bytes]] = []
    with Moto.start() as moto:
        try:
            ids = make_cloud(moto, cloud_spec(HERE))
            kubeconfig = work / "kubeconfig"
            procs.append(subprocess.Popen([sys.executable, "-m", "tfbridge", "dev", "apiserver", "--kubeconfig",
                                           str(kubeconfig), "--crds", str(old / "providers/aws/crds")],
                                          env=env, cwd=old))
            deadline = time.monotonic() + 60
            while not kubeconfig.exists():
                assert time.monotonic() < deadline and procs[0].poll() is None, "the old API server did not start"
                time.sleep(0.1)
            kube = HTTPKube(api_client(str(kubeconfig)))
            _configure(kube)
            root = work / "workspaces"
            log = (work / "provider.log").open("wb")
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "tfbridge", "run", "--kubeconfig", str(kubeconfig), "--workspace-root",
                 str(root), "--plugin-dir", plugin_dir, "--executor", executor, "--health-port", "0", "--poll", "30"],
                env={**env, "AWS_ENDPOINT_URL": moto.endpoint}, cwd=old, stdout=log, stderr=subprocess.STDOUT))
            for group, plural, kind, name, external, spec in OBJECTS:
                meta: dict[str, Any] = {"name": name}
                if external:
                    meta["annotations"] = {EXTERNAL_NAME: external.format(**ids)}
                kube.create(_resource(group, plural, kind), {"apiVersion": f"{group}.aws.tfbridge.io/v1beta1",
                                                              "kind": kind, "metadata": meta,
                                                              "spec": {"forProvider": spec}})
            deadline = time.monotonic() + 600
            while True:
                objects = [kube.get(_resource(g, p, k), n) for g, p, k, n, _, _ in OBJECTS]
                if all(_ready(o) for o in objects):
                    break
                if time.monotonic() > deadline or procs[1].poll() is not None:
                    stuck = [(o["metadata"]["name"], (o.get("status") or {}).get("conditions")) for o in objects
                             if not _ready(o)]
                    raise SystemExit(f"not Ready: {stuck}; see {work / 'provider.log'}")
                time.sleep(1)
            procs[1].send_signal(signal.SIGTERM)
            procs[1].wait(120)
            # As stored: the old release serves and stores every kind at v1beta1 only.
            objects = [kube.get(_resource(g, p, k), n) for g, p, k, n, _, _ in OBJECTS]
        finally:
            for proc in reversed(procs):
                if proc.poll() is None:
                    proc.terminate()
                    proc.wait(30)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / "objects.json").write_text(json.dumps(objects, indent=1, sort_keys=True) + "\n")
    names = copy_workspaces(root, out / "workspaces")
    print(f"{executor}: {len(objects)} objects, workspaces {names}; cloud {ids}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="a checkout of the recorded release (ee55f58)")
    args = parser.parse_args()
    old = args.old.resolve()
    assert (old / "bridge/tfexec/workspace.py").is_file(), f"{old} is not a checkout of ee55f58"
    for executor in ("cli", "direct"):
        with tempfile.TemporaryDirectory(prefix=f"record-{executor}-") as work:
            record(old, executor, HERE / executor, Path(work))


if __name__ == "__main__":
    main()
