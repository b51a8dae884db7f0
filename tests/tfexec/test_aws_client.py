"""The Terraform client with the real aws provider against moto; the cloud is checked with boto3."""

from __future__ import annotations

import concurrent.futures
import copy
import os
import shutil
import signal
import threading
from pathlib import Path

import pytest

from bridge.api.errors import ImmutableChange, OperationTimedOut
from bridge.api.managed import Managed
from bridge.settings import ProviderProcesses
from bridge.tfexec.backend import CLIBackend
from bridge.workspace import applied, tfstate
from bridge.workspace.client import WorkspaceClient
from tests.support.cloud import Moto
from tests.support.cloudproxy import cloud_proxy
from tests.support.executors import REFUSED, SETUP, absent_until_made, cli_backend, mr, refused_import_is_an_error
from tests.support.packages import AWS as FULL
from tests.support.packages import AWS_CURATED as AWS
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.cloud]


def client(aws_executor: CLIBackend, tf_type: str) -> WorkspaceClient:
    return aws_executor.client(AWS.by_type(tf_type), SETUP)


def wipe(aws_executor: CLIBackend, m: Managed) -> None:
    shutil.rmtree(aws_executor.store.get(m.api_version, m.kind, m.name).dir)


def create(aws_executor: CLIBackend, tf_type: str, m: Managed) -> Managed:
    m.set_external_name(client(aws_executor, tf_type).create(m).external_name)
    m.set_annotations({"crossplane.io/external-create-succeeded": "2026-01-01T00:00:00Z"})
    return m


def test_vpc_is_imported_after_workspace_loss(aws_executor: CLIBackend, moto: Moto) -> None:
    ec2 = moto.client("ec2")
    cidr = "10.42.0.0/16"
    vpc = create(aws_executor, "aws_vpc", mr("aws_vpc", "import-vpc", {"region": "us-east-1", "cidrBlock": cidr}))
    before = vpc.external_name
    wipe(aws_executor, vpc)
    seen = client(aws_executor, "aws_vpc").observe(vpc)
    assert (seen.exists, seen.up_to_date, seen.recovered) == (True, True, ("import",))
    assert seen.external_name == before and seen.at_provider["cidrBlock"] == cidr
    assert [v["VpcId"] for v in ec2.describe_vpcs(Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"]] == [before]
    client(aws_executor, "aws_vpc").delete(vpc)
    assert ec2.describe_vpcs(Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"] == []


def test_bucket_is_imported_by_name_after_workspace_loss(aws_executor: CLIBackend, moto: Moto) -> None:
    s3 = moto.client("s3")
    bucket = mr("aws_s3_bucket", "tfbridge-import-bucket", {"region": "us-east-1"},
                external_name="tfbridge-import-bucket")
    c = client(aws_executor, "aws_s3_bucket")
    assert not c.observe(bucket).exists, "a name that does not exist yet imports as 'does not exist'"
    create(aws_executor, "aws_s3_bucket", bucket)
    wipe(aws_executor, bucket)
    seen = c.observe(bucket)
    assert seen.exists and seen.recovered == ("import",) and seen.external_name == "tfbridge-import-bucket"
    assert [b["Name"] for b in s3.list_buckets()["Buckets"]].count("tfbridge-import-bucket") == 1
    c.delete(bucket)
    assert "tfbridge-import-bucket" not in [b["Name"] for b in s3.list_buckets()["Buckets"]]


def test_composite_ids_round_trip_through_get_id(aws_executor: CLIBackend, moto: Moto) -> None:
    iam = moto.client("iam")
    role = create(aws_executor, "aws_iam_role", mr("aws_iam_role", "tfbridge-role", {
        "assumeRolePolicy": AWS.provider.resources["aws_iam_role"].example.for_provider["assumeRolePolicy"]},
        external_name="tfbridge-role"))
    policy = create(aws_executor, "aws_iam_policy", mr("aws_iam_policy", "tfbridge-policy", {
        "policy": AWS.provider.resources["aws_iam_policy"].example.for_provider["policy"]},
        external_name="tfbridge-policy"))
    arn = client(aws_executor, "aws_iam_policy").observe(policy).at_provider["arn"]
    attachment = create(aws_executor, "aws_iam_role_policy_attachment", mr(
        "aws_iam_role_policy_attachment", "tfbridge-attach", {"role": "tfbridge-role", "policyArn": arn}))
    for m, tf_type in ((policy, "aws_iam_policy"), (attachment, "aws_iam_role_policy_attachment")):
        wipe(aws_executor, m)
        seen = client(aws_executor, tf_type).observe(m)
        assert (seen.exists, seen.up_to_date, seen.recovered) == (True, True, ("import",)), tf_type
        assert seen.external_name == m.external_name
    # The policy was imported by an ARN built from the account ID the provider reported.
    assert arn == "arn:aws:iam::123456789012:policy/tfbridge-policy"
    attached = iam.list_attached_role_policies(RoleName="tfbridge-role")["AttachedPolicies"]
    assert [p["PolicyArn"] for p in attached] == [arn]
    for m, tf_type in ((attachment, "aws_iam_role_policy_attachment"), (policy, "aws_iam_policy"),
                       (role, "aws_iam_role")):
        client(aws_executor, tf_type).delete(m)
    assert iam.list_roles()["Roles"] == [] or "tfbridge-role" not in [r["RoleName"] for r in iam.list_roles()["Roles"]]


def test_eight_workspaces_initialise_at_once(tmp_path: Path, terraform_bin: str, plugin_dir: Path,
                                             moto: Moto) -> None:
    ex = cli_backend(tmp_path / "fresh", terraform_bin, plugin_dir, moto)
    try:
        c = client(ex, "aws_s3_bucket")
        buckets = [mr("aws_s3_bucket", f"never-created-{i}", {"region": "us-east-1"}, f"never-created-{i}")
                   for i in range(8)]
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            seen = list(pool.map(c.observe, buckets))
        assert [o.exists for o in seen] == [False] * 8
        assert len([p for p in (ex.store.root / ".plugins").iterdir() if p.is_dir()]) == 1, "one shared init"
    finally:
        ex.shutdown()


def test_interrupted_apply_leaves_consistent_state(tmp_path: Path, terraform_bin: str, plugin_dir: Path,
                                                   moto: Moto) -> None:
    sqs = moto.client("sqs")
    ex = cli_backend(tmp_path / "sigterm", terraform_bin, plugin_dir, moto)
    queue = mr("aws_sqs_queue", "tfbridge-sigterm", {"region": "us-east-1", "name": "tfbridge-sigterm"})
    failure: list[BaseException] = []

    def run_create() -> None:
        try:
            client(ex, "aws_sqs_queue").create(queue)
        except BaseException as exc:
            failure.append(exc)

    t = threading.Thread(target=run_create)
    t.start()
    # Interrupt while the provider is inside the create: the queue exists, the apply has not finished.
    wait_for(lambda: sqs.list_queues(QueueNamePrefix="tfbridge-sigterm").get("QueueUrls"), timeout=120,
             what="the queue to appear in moto")
    ex.shutdown()  # what the manager does on SIGTERM
    t.join(120)
    assert len(failure) == 1 and isinstance(failure[0], OperationTimedOut), failure
    assert failure[0].applying, "the apply had begun: its outcome is unknown"
    ws = ex.store.get(queue.api_version, queue.kind, queue.name)
    assert not ws.locked() and not (ws.dir / ".terraform.tfstate.lock.info").exists(), "no orphan lock"
    state = ws.read_state()
    inst = tfstate.instance(state, "aws_sqs_queue", "this") if state else None
    assert inst is not None, "the in-flight queue is recorded in the state, not orphaned"
    again = cli_backend(tmp_path / "sigterm", terraform_bin, plugin_dir, moto)
    try:
        seen = client(again, "aws_sqs_queue").observe(queue)
        assert seen.exists and ("untaint" in seen.recovered or not inst.tainted)
        assert len(sqs.list_queues(QueueNamePrefix="tfbridge-sigterm")["QueueUrls"]) == 1
        client(again, "aws_sqs_queue").delete(queue)
    finally:
        again.shutdown()


def test_crashed_shared_provider_is_replaced(aws_executor: CLIBackend, monkeypatch: pytest.MonkeyPatch) -> None:
    vpc = create(aws_executor, "aws_vpc",
                 mr("aws_vpc", "crash-vpc", {"region": "us-east-1", "cidrBlock": "10.43.0.0/16"}))
    monkeypatch.setattr(applied, "FRESH_SECONDS", 0.0)  # observe through terraform, not the create's state
    (pid,) = aws_executor.stats().provider_pids
    os.kill(pid, signal.SIGKILL)
    seen = client(aws_executor, "aws_vpc").observe(vpc)
    assert seen.exists and seen.up_to_date
    assert aws_executor.stats().provider_pids != (pid,) and aws_executor.started == 2
    client(aws_executor, "aws_vpc").delete(vpc)


def test_observes_right_after_an_apply_use_its_state(aws_executor: CLIBackend, moto: Moto,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    vpc = create(aws_executor, "aws_vpc",
                 mr("aws_vpc", "fresh-vpc", {"region": "us-east-1", "cidrBlock": "10.44.0.0/16"}))
    runs = dict(aws_executor.stats().terraform_runs)
    first = client(aws_executor, "aws_vpc").observe(vpc)
    assert (first.exists, first.up_to_date, first.at_provider["cidrBlock"]) == (True, True, "10.44.0.0/16")
    vpc.for_provider.update(first.late_init)  # what the reconciler writes back: values the state holds
    again = client(aws_executor, "aws_vpc").observe(vpc)
    assert again.up_to_date and aws_executor.stats().terraform_runs == runs, "the create's own state answers both"
    vpc.for_provider["tags"] = {"changed": "yes"}
    assert not client(aws_executor, "aws_vpc").observe(vpc).up_to_date, "a real change is planned"
    assert not client(aws_executor, "aws_vpc").observe(vpc).up_to_date, "and stays unapplied (an update failed)"
    moto.client("ec2").create_tags(Resources=[vpc.external_name], Tags=[{"Key": "drift", "Value": "yes"}])
    del vpc.for_provider["tags"]
    monkeypatch.setattr(applied, "FRESH_SECONDS", 0.0)  # as the next poll, minutes later
    assert not client(aws_executor, "aws_vpc").observe(vpc).up_to_date, "polls refresh, and so see drift"
    assert aws_executor.stats().terraform_runs.get("plan", 0) == runs.get("plan", 0) + 3
    client(aws_executor, "aws_vpc").delete(vpc)


def test_route53_record_composite_id_round_trips(aws_executor: CLIBackend, moto: Moto) -> None:
    zone = create(aws_executor, "aws_route53_zone", mr("aws_route53_zone", "tfbridge-zone",
                                                    {"region": "us-east-1", "name": "tfbridge.example"}))
    record = create(aws_executor, "aws_route53_record", mr("aws_route53_record", "tfbridge-record", {
        "region": "us-east-1", "zoneId": zone.external_name, "name": "www.tfbridge.example", "type": "A",
        "ttl": 60, "records": ["192.0.2.10"]}))
    assert record.external_name == f"{zone.external_name}_www.tfbridge.example_A"
    wipe(aws_executor, record)
    seen = client(aws_executor, "aws_route53_record").observe(record)
    assert (seen.exists, seen.up_to_date, seen.recovered, seen.external_name) == (
        True, True, ("import",), record.external_name)
    sets = moto.client("route53").list_resource_record_sets(HostedZoneId=zone.external_name)["ResourceRecordSets"]
    assert [(r["Name"], r["Type"]) for r in sets if r["Type"] == "A"] == [("www.tfbridge.example.", "A")]
    client(aws_executor, "aws_route53_record").delete(record)
    client(aws_executor, "aws_route53_zone").delete(zone)


def test_shared_provider_is_recycled_after_max_uses(tmp_path: Path, terraform_bin: str, plugin_dir: Path,
                                                    moto: Moto) -> None:
    ex = cli_backend(tmp_path / "recycle", terraform_bin, plugin_dir, moto, processes=ProviderProcesses(max_uses=1))
    try:
        c = client(ex, "aws_s3_bucket")
        for i in range(2):
            c.observe(mr("aws_s3_bucket", f"recycle-{i}", {"region": "us-east-1"}, f"recycle-{i}"))
        assert ex.started == 2 and len(ex.stats().provider_pids) == 1, "the used-up process was retired and stopped"
    finally:
        ex.shutdown()


def test_timeouts_block_is_rendered_when_configured(aws_executor: CLIBackend) -> None:
    queue = mr("aws_sqs_queue", "timeouts", {"region": "us-east-1", "name": "timeouts"})
    doc = client(aws_executor, "aws_sqs_queue").floor.render(queue).document
    assert doc["resource"]["aws_sqs_queue"]["this"]["timeouts"] == {"create": "600s", "update": "600s",
                                                                    "delete": "600s"}
    vpc = mr("aws_vpc", "no-timeouts", {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"})
    assert "timeouts" not in client(aws_executor, "aws_vpc").floor.render(vpc).document["resource"]["aws_vpc"]["this"]


def test_an_importer_that_finds_no_object_answers_absent(aws_executor: CLIBackend, moto: Moto) -> None:
    absent_until_made(aws_executor, moto, FULL)


def test_an_import_refused_otherwise_is_an_error(tmp_path: Path, terraform_bin: str, plugin_dir: Path,
                                                 moto: Moto) -> None:
    with cloud_proxy(moto.endpoint) as proxy:
        proxy.reject_access_key("refused")
        ex = cli_backend(tmp_path / "refused", terraform_bin, plugin_dir, Moto(proxy.endpoint))
        try:
            refused_import_is_an_error(ex, FULL, REFUSED)
        finally:
            ex.shutdown()


def test_a_change_that_needs_replacement_is_refused_as_the_direct_executor_refuses_it(
        aws_executor: CLIBackend, moto: Moto) -> None:
    """Without the object's consent, terraform's own guard (``prevent_destroy``) stops the plan; the object is
    told what the direct aws_executor tells it, in words about its spec (the arguments that need the replacement),
    never terraform's about a lifecycle block it did not write. So too when the workspace was lost: the object
    is imported, then shown as the replacement its spec asks for."""
    cidr = "10.43.0.0/16"
    vpc = create(aws_executor, "aws_vpc", mr("aws_vpc", "replace-vpc", {"region": "us-east-1", "cidrBlock": cidr}))
    changed = Managed(copy.deepcopy(vpc.obj))
    changed.for_provider["cidrBlock"] = "10.44.0.0/16"
    c = client(aws_executor, "aws_vpc")
    seen = c.observe(changed)
    assert (seen.exists, seen.up_to_date, seen.diff) == (True, False, "replace: cidr_block")
    with pytest.raises(ImmutableChange, match="changing cidr_block needs the resource replaced") as refused:
        c.update(changed)
    assert "prevent_destroy" not in str(refused.value)
    wipe(aws_executor, vpc)
    seen = c.observe(changed)
    assert (seen.exists, seen.up_to_date, seen.diff) == (True, False, "replace: cidr_block")
    assert seen.recovered == ("import",)
    assert seen.external_name == vpc.external_name
    assert [v["VpcId"] for v in moto.client("ec2").describe_vpcs(
        Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"]] == [vpc.external_name], "never replaced"
    c.delete(vpc)
