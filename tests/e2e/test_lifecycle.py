"""Every curated AWS kind through the uptest flow, against moto, with real terraform.

1. apply every example and wait for Ready and Synced;
2. update a mutable field (tags) and see it in status.atProvider and in moto;
3. the import step, as uptest does it: pause, stop the provider, delete status and all workspaces,
   start the provider, unpause: the same external ID, and no second object in moto;
4. delete, and see it gone from moto.
"""

from __future__ import annotations

import base64
import functools
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api.managed import EXTERNAL_NAME, PAUSED
from bridge.kube.client import SECRETS
from bridge.workspace.store import WorkspaceStore
from tests.support.aws import configure_aws
from tests.support.cloud import Moto
from tests.support.packages import AWS_CURATED as AWS
from tests.support.packages import example
from tests.support.running import Running

# Every curated kind through the CLI executor: on a machine busy with other work this takes far longer than
# the suite's default per-test limit; each wait inside has its own deadline, which names what is stuck.
pytestmark = [pytest.mark.slow, pytest.mark.cloud, pytest.mark.timeout(1200)]
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [example(k) for k in AWS.kinds]  # the curated kinds'; every kind's would need clouds moto lacks


def _absent(call: Callable[[], Any]) -> bool:
    try:
        return not call()
    except Exception:  # boto3's NotFound flavours differ per service
        return True


def in_moto(moto: Moto, kind: str, ext: str, at: dict[str, Any]) -> bool:
    """Whether moto has the object with this external name (atProvider supplies ARNs)."""
    ec2, iam = moto.client("ec2"), moto.client("iam")
    checks: dict[str, Callable[[], Any]] = {
        "VPC": lambda: ec2.describe_vpcs(VpcIds=[ext])["Vpcs"],
        "Subnet": lambda: ec2.describe_subnets(SubnetIds=[ext])["Subnets"],
        "SecurityGroup": lambda: ec2.describe_security_groups(GroupIds=[ext])["SecurityGroups"],
        "SecurityGroupIngressRule": lambda: ec2.describe_security_group_rules(
            SecurityGroupRuleIds=[ext])["SecurityGroupRules"],
        "Bucket": lambda: moto.client("s3").head_bucket(Bucket=ext),
        "Role": lambda: iam.get_role(RoleName=ext),
        "User": lambda: iam.get_user(UserName=ext),
        "AccessKey": lambda: [k for k in iam.list_access_keys(UserName=at["user"])["AccessKeyMetadata"]
                              if k["AccessKeyId"] == ext],
        "Policy": lambda: iam.get_policy(PolicyArn=at["arn"]),
        "RolePolicyAttachment": lambda: [p for p in iam.list_attached_role_policies(
            RoleName=ext.split("/")[0])["AttachedPolicies"] if p["PolicyArn"] == ext.split("/", 1)[1]],
        "Queue": lambda: moto.client("sqs").get_queue_attributes(QueueUrl=ext),
        "Topic": lambda: moto.client("sns").get_topic_attributes(TopicArn=at["arn"]),
        "Table": lambda: moto.client("dynamodb").describe_table(TableName=ext),
        "Key": lambda: moto.client("kms").describe_key(KeyId=ext)["KeyMetadata"]["KeyState"] == "Enabled",
        "Zone": lambda: moto.client("route53").get_hosted_zone(Id=ext),
        "Record": lambda: [r for r in moto.client("route53").list_resource_record_sets(
            HostedZoneId=ext.split("_")[0])["ResourceRecordSets"] if r["Type"] == "A"],
        "Group": lambda: [g for g in moto.client("logs").describe_log_groups(logGroupNamePrefix=ext)["logGroups"]
                          if g["logGroupName"] == ext],
        "Repository": lambda: moto.client("ecr").describe_repositories(repositoryNames=[ext]),
        "Secret": lambda: moto.client("secretsmanager").describe_secret(SecretId=ext),
    }
    return not _absent(checks[kind])


def tags_in_moto(moto: Moto, kind: str, ext: str) -> dict[str, str]:
    ec2 = moto.client("ec2")
    if kind == "VPC":
        return {t["Key"]: t["Value"] for t in ec2.describe_vpcs(VpcIds=[ext])["Vpcs"][0].get("Tags", [])}
    if kind == "Bucket":
        return {t["Key"]: t["Value"] for t in moto.client("s3").get_bucket_tagging(Bucket=ext)["TagSet"]}
    if kind == "Group":
        return dict(moto.client("logs").list_tags_log_group(logGroupName=ext)["tags"])
    raise AssertionError(kind)


def access_key_secret(run: Running) -> str:
    secret = run.kube.get(SECRETS, "example-access-key", "crossplane-system")
    (owner,) = secret["metadata"]["ownerReferences"]
    assert owner["uid"] == run.get("AccessKey", "example-access-key")["metadata"]["uid"]
    return base64.b64decode(secret["data"]["attribute.secret"]).decode()


def test_every_curated_kind(start_manager: Callable[..., Running], moto: Moto, terraform_bin: str,
                            plugin_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    settings = {"terraform": terraform_bin, "plugin_dir": plugin_dir, "poll": 600.0, "workspace_root": tmp_path / "ws"}
    run = start_manager(AWS, "aws", **settings)
    configure_aws(run.kube)
    objects = [(m["kind"], m["metadata"]["name"]) for m in EXAMPLES]
    assert len(objects) == len(AWS.kinds) == 19
    for m in EXAMPLES:
        run.kube.create(run.res(m["kind"]), m)

    run.wait_ready(objects, "every example Ready and Synced", timeout=400, synced=True)
    ext = {(k, n): run.get(k, n)["metadata"]["annotations"][EXTERNAL_NAME] for k, n in objects}
    at = {(k, n): run.get(k, n)["status"]["atProvider"] for k, n in objects}
    missing = [k for (k, n) in objects if not in_moto(moto, k, ext[(k, n)], at[(k, n)])]
    assert missing == []
    key_secret = access_key_secret(run)
    assert len(key_secret) == 40, "the access key's secret is in its connection secret"

    # 2. update a mutable field
    for kind in ("VPC", "Bucket", "Group"):
        name = next(n for k, n in objects if k == kind)
        run.kube.patch(run.res(kind), name, {"spec": {"forProvider": {"tags": {"updated": "yes"}}}})
    def updated(kind: str, name: str) -> bool:
        tags = ((run.get(kind, name).get("status") or {}).get("atProvider") or {}).get("tags") or {}
        return bool(tags.get("updated") == "yes")

    for kind in ("VPC", "Bucket", "Group"):
        name = next(n for k, n in objects if k == kind)
        run.wait(functools.partial(updated, kind, name), f"the {kind} update in atProvider", timeout=180)
        tags = tags_in_moto(moto, kind, ext[(kind, name)])
        assert tags["updated"] == "yes" and tags["crossplane-name"] == name, tags

    # 3. the import step
    for k, n in objects:
        run.kube.patch(run.res(k), n, {"metadata": {"annotations": {PAUSED: "true"}}})
    run.manager.stop()
    run.wait(lambda: run.manager.stop_event.is_set() and not run.manager.ops.in_flight(), "the provider to stop")
    shutil.rmtree(tmp_path / "ws")
    for k, n in objects:
        obj = run.get(k, n)
        obj["status"] = {}
        run.kube.update_status(run.res(k), obj)
    run = start_manager(AWS, "aws", **settings)
    for k, n in objects:
        run.kube.patch(run.res(k), n, {"metadata": {"annotations": {PAUSED: None}}})
    run.wait_ready(objects, "every kind Ready again after the import step", timeout=400, synced=True)
    after = {(k, n): run.get(k, n)["metadata"]["annotations"][EXTERNAL_NAME] for k, n in objects}
    assert after == ext, "the same external IDs"
    assert access_key_secret(run) == key_secret, "an import cannot read the secret back; the Secret keeps it"
    imported = {ws.meta().kind for ws in WorkspaceStore(tmp_path / "ws").all() if ws.state_path.exists()}
    assert len(imported) == len(AWS.kinds)
    ec2 = moto.client("ec2")
    assert len(ec2.describe_vpcs(Filters=[{"Name": "cidr", "Values": ["10.0.0.0/16"]}])["Vpcs"]) == 1
    assert len(moto.client("sqs").list_queues(QueueNamePrefix="example-queue")["QueueUrls"]) == 1

    # 4. delete
    for k, n in reversed(objects):
        run.kube.delete(run.res(k), n)
    run.wait_gone(objects, "every example deleted", timeout=400)
    left = [k for (k, n) in objects if in_moto(moto, k, ext[(k, n)], at[(k, n)])]
    assert left == []
