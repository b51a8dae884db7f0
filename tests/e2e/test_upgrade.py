"""Upgrading in place from the release of 2026-11-30 (commit ee55f58) keeps every managed resource's workspace.

What that release left (tests/e2e/release_2026_11_30/, recorded by its ``record.py`` on each executor) is put
back: its objects into the local API server as it stored them (every kind at v1beta1), serving this release's
CRDs (whose storedVersions keep v1beta1, as applying them over that release's leaves them), and its workspace
root, named by API version (the store's first layout). moto is made again with the
recorded IDs. This release's provider then starts on them, and:

* imports nothing: every state keeps its lineage, and the executor made no import (terraform ``import`` runs,
  the provider's ImportResourceState calls);
* makes nothing twice in moto;
* leaves no orphan: ``tfbridge workspaces list`` shows each managed resource once, ``workspaces gc`` offers
  nothing;
* moves the objects of the kinds whose storage version changed to it, and sets their CRDs' storedVersions to it
  alone: a CRD that no longer serves v1beta1 is then accepted;
* carries a change of the spec to moto, and deleting every object leaves moto empty.

Kinds whose API version this release changed since ee55f58 (storage version v1beta1 → v1beta2, v1beta1 still
served): Bucket (s3), Table (dynamodb), Repository (ecr), Record (route53). All four are recorded, beside
VPC, Subnet, SecurityGroup, Role and the Record's Zone, whose versions did not change (moto's Route53 zone IDs
follow its seed, as EC2's IDs do).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridge.api.managed import EXTERNAL_NAME
from bridge.kube.client import CRDS, HTTPKube
from bridge.settings import WebhookSettings
from bridge.workspace.store import LAYOUT_FILE, WorkspaceStore
from devrig.moto import free_port
from tests.support.aws import configure_aws
from tests.support.cloud import Moto
from tests.support.cluster import Cluster
from tests.support.crds import package_crds
from tests.support.packages import AWS_CURATED as AWS
from tests.support.release import cloud_spec, copy_workspaces, make_cloud
from tests.support.running import Managers
from tfbridge.cli import cli

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
RECORDED = Path(__file__).resolve().parent / "release_2026_11_30"
CHANGED = {"Bucket", "Table", "Repository", "Record"}  # their storage version moved v1beta1 → v1beta2
GROUPS = {"s3", "dynamodb", "ecr", "route53"}


def _lineages(root: Path) -> dict[str, str]:
    """Each workspace's state lineage, by the managed resource its metadata names (read as files: a
    WorkspaceStore would move the root to the current layout)."""
    out = {}
    for ws in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        meta = json.loads((ws / ".tfbridge-meta.json").read_text())
        out[f"{meta['kind']}/{meta['name']}"] = str(json.loads((ws / "terraform.tfstate").read_text())["lineage"])
    return out


def _counts(moto: Moto) -> dict[str, int]:
    ec2 = moto.client("ec2")
    vpcs = [v for v in ec2.describe_vpcs()["Vpcs"] if not v.get("IsDefault")]
    subnets = ec2.describe_subnets(Filters=[{"Name": "vpc-id", "Values": [v["VpcId"] for v in vpcs] or ["none"]}])
    groups = [g for g in ec2.describe_security_groups()["SecurityGroups"] if g["GroupName"] != "default"]
    route53 = moto.client("route53")
    zones = route53.list_hosted_zones()["HostedZones"]
    records = [r for z in zones for r in route53.list_resource_record_sets(HostedZoneId=z["Id"])["ResourceRecordSets"]
               if r["Type"] == "A"]
    return {"VPC": len(vpcs), "Subnet": len(subnets["Subnets"]), "SecurityGroup": len(groups),
            "Role": len(moto.client("iam").list_roles()["Roles"]),
            "Bucket": len(moto.client("s3").list_buckets()["Buckets"]),
            "Table": len(moto.client("dynamodb").list_tables()["TableNames"]),
            "Repository": len(moto.client("ecr").describe_repositories()["repositories"]),
            "Zone": len(zones), "Record": len(records)}


def _workspaces(root: Path, *args: str) -> Any:
    result = CliRunner().invoke(cli, ["workspaces", "--workspace-root", str(root), "-o", "json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_an_upgrade_from_the_release_of_2026_11_30_keeps_every_workspace(
        cluster: Cluster, moto: Moto, executor: str, terraform_bin: str, plugin_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    server = cluster.require_local()
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    recorded = RECORDED / executor
    objects: list[dict[str, Any]] = json.loads((recorded / "objects.json").read_text())
    names = [(o["kind"], o["metadata"]["name"]) for o in objects]

    # The cloud as it was: the IDs the recorded states and external names hold.
    ids = make_cloud(moto, cloud_spec(RECORDED))
    annotated = {o["metadata"]["annotations"][EXTERNAL_NAME] for o in objects}
    assert set(ids.values()) <= annotated, f"moto made {ids}, the recording names {sorted(annotated)}"
    before = _counts(moto)
    assert set(before.values()) == {1}, before

    # The cluster as it was: this release's CRDs, the old release's objects as it stored them.
    port = free_port()
    shipped = package_crds(AWS, "aws")
    service = next(d for d in shipped if d["spec"]["names"]["kind"] == "Bucket")["spec"]["conversion"]["webhook"][
        "clientConfig"]["service"]
    server.set_services({f"{service['namespace']}/{service['name']}": f"127.0.0.1:{port}"})
    managers = Managers(cluster, tmp_path)
    root = tmp_path / "workspaces"
    old_keys = copy_workspaces(recorded / "workspaces", root)
    lineages = _lineages(root)
    assert len(lineages) == len(objects)
    try:
        kube = HTTPKube(cluster.api_client())
        configure_aws(kube)  # this release's CRDs, the credentials, the ProviderConfig
        moved = {f"{d['spec']['names']['plural']}.{d['spec']['group']}": d for d in shipped
                 if d["spec"]["names"]["kind"] in CHANGED and d["spec"]["group"].split(".")[0] in GROUPS}
        for name in moved:
            # As this release's CRD applied over the old one leaves it: v1beta1 stored too.
            crd = kube.get(CRDS, name)
            kube.update_status(CRDS, {**crd, "status": {**crd["status"], "storedVersions": ["v1beta1", "v1beta2"]}})
        for obj in objects:
            assert obj["apiVersion"].endswith("/v1beta1")
            server.store.restore(obj)
        started = time.time()
        run = managers.start(AWS, "aws", terraform=terraform_bin, plugin_dir=plugin_dir, poll=600.0,
                             workspace_root=root, webhook=WebhookSettings(port=port, service=service["name"]))
        assert run.manager is not None and run.manager.executors is not None
        executors = run.manager.executors

        def reconciled() -> list[str]:
            """The workspaces this provider has not yet recorded an operation in."""
            store = WorkspaceStore(root)
            return [ws.key for ws in store.all() if (ws.recorded_at() or 0) < started]

        run.wait(lambda: not reconciled() and not run.not_ready(names, synced=True),
                 lambda: f"every object observed by this release and Ready: {reconciled()}; {run.state()}",
                 timeout=180)
        stats = executors.stats()
        assert stats.terraform_runs.get("import", 0) == 0 and stats.provider_calls.get("import", 0) == 0, stats
        assert _lineages(root) == lineages, "every state is the one the old release wrote"
        assert _counts(moto) == before, "nothing made twice"
        for kind, name in names:
            got = run.get(kind, name)
            assert got["metadata"]["uid"] == next(o["metadata"]["uid"] for o in objects
                                                   if o["metadata"]["name"] == name)
            if kind in CHANGED:
                assert got["apiVersion"].endswith("/v1beta2"), got["apiVersion"]

        # Every object of a kind whose storage version moved is stored at it, then the CRD says so; a release
        # that no longer serves v1beta1 can be applied.
        def migrated() -> list[str]:
            return [n for n in moved if kube.get(CRDS, n)["status"]["storedVersions"] != ["v1beta2"]]

        run.wait(lambda: not migrated(), lambda: f"the storage migration of {migrated()}", timeout=60)
        for (group, plural), stored in server.store.objects.items():
            if f"{plural}.{group}" in moved:
                assert {o["apiVersion"] for o in stored.values()} == {f"{group}/v1beta2"}, plural
        for name, crd in moved.items():
            dropped = {**crd, "spec": {**crd["spec"], "versions": [v for v in crd["spec"]["versions"]
                                                                   if v["name"] != "v1beta1"]}}
            current = kube.get(CRDS, name)
            dropped["metadata"] = {**crd["metadata"], "resourceVersion": current["metadata"]["resourceVersion"]}
            dropped["spec"]["conversion"] = current["spec"]["conversion"]
            assert [v["name"] for v in kube.update(CRDS, dropped)["spec"]["versions"]] == ["v1beta2"]

        # One workspace per managed resource, each moved to the current layout; nothing for gc.
        assert (root / LAYOUT_FILE).is_file()
        rows = _workspaces(root, "list", "--executor", executor)
        assert sorted(r["mr"] for r in rows) == sorted({r["mr"] for r in rows}) and len(rows) == len(objects), rows
        assert not {r["workspace"] for r in rows} & set(old_keys), "every directory renamed to the current layout"
        assert _workspaces(root, "gc", "--kubeconfig", str(cluster.kubeconfig)) == []

        # A change of the spec reaches moto: a kind whose version moved, and one whose version did not.
        run.patch("VPC", "upgrade-vpc", {"spec": {"forProvider": {"tags": {"team": "b"}}}})
        run.patch("Bucket", "upgrade-bucket-tfbridge", {"spec": {"forProvider": {"tags": {"team": "b"}}}})
        ec2, s3 = moto.client("ec2"), moto.client("s3")

        def tagged() -> bool:
            vpc = ec2.describe_vpcs(VpcIds=[ids["vpc"]])["Vpcs"][0]
            try:
                bucket = s3.get_bucket_tagging(Bucket="upgrade-bucket-tfbridge")["TagSet"]
            except s3.exceptions.ClientError:  # NoSuchTagSet: between an apply's untagging and its tagging
                bucket = []
            return {"Key": "team", "Value": "b"} in vpc.get("Tags", []) and {"Key": "team", "Value": "b"} in bucket

        run.wait(tagged, lambda: f"the tag change to reach moto; {run.state()}", timeout=180)
        assert _counts(moto) == before
        assert executors.stats().terraform_runs.get("import", 0) == 0
        assert executors.stats().provider_calls.get("import", 0) == 0

        for kind, name in names:
            run.delete(kind, name)
        run.wait_gone(names, "every object deleted", timeout=240)
        assert set(_counts(moto).values()) == {0}, _counts(moto)
    finally:
        managers.stop()

