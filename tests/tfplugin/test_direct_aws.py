"""The direct executor with the real aws provider against moto; the cloud is checked with boto3.

Its answers are compared with the CLI executor's on the same workspaces: an MR switches between
the two freely, and for every curated kind both give the same state and the same diff decisions.
"""

from __future__ import annotations

import concurrent.futures
import copy
import dataclasses
import json
import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridge.api.errors import ImmutableChange, OperationFailed, StateLost
from bridge.api.external import ImportOutcome, Observation
from bridge.api.managed import CREATE_BEFORE_DESTROY, IMPORT_CHECK_FAILED, RECONCILE_REQUESTED, REPLACE_POLICY, Managed
from bridge.api.registry import Kind
from bridge.kube.client import CRDS, NAMESPACES, SECRETS, HTTPKube
from bridge.managed.collaborators import kind_resource
from bridge.managed.providerconfig import ConfigResources
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from devrig.cloud import credentials_secret, provider_config
from tests.support.cloud import Moto, provider_env
from tests.support.cloudproxy import cloud_proxy
from tests.support.cluster import Cluster
from tests.support.crds import package_crds
from tests.support.executors import (
    REFUSED,
    SETUP,
    absent_until_made,
    cli_backend,
    direct_backend,
    mr,
    refused_import_is_an_error,
    serving,
)
from tests.support.packages import AWS as FULL
from tests.support.packages import AWS_CURATED as AWS
from tests.support.packages import example
from tests.support.waiting import wait_for
from tfbridge.cli import cli as tfbridge_cli
from tfconfig import name_as_identifier

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [example(k) for k in AWS.kinds]  # the curated kinds'; every kind's would need clouds moto lacks


@pytest.fixture
def executors(tmp_path: Path, terraform_bin: str, plugin_dir: Path,
              moto: Moto) -> Iterator[tuple[CLIBackend, DirectBackend]]:
    """(CLI, direct) over one workspace root."""
    cli = cli_backend(tmp_path / "ws", terraform_bin, plugin_dir, moto)
    direct = direct_backend(cli)
    assert direct.client(AWS.by_type("aws_vpc"), SETUP).executor is direct
    yield cli, direct
    direct.shutdown()
    cli.shutdown()


def vpcs(moto: Moto, cidr: str) -> list[dict[str, Any]]:
    return list(moto.client("ec2").describe_vpcs(Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"])


def test_vpc_lifecycle_without_terraform_runs(executors: tuple[CLIBackend, DirectBackend], moto: Moto,
                                             terraform_bin: str, plugin_dir: Path, cluster: Cluster) -> None:
    cli, direct = executors
    vpc = direct.client(AWS.by_type("aws_vpc"), SETUP)
    m = mr("aws_vpc", "direct-vpc", {"region": "us-east-1", "cidrBlock": "10.201.0.0/16", "tags": {"a": "1"}})
    m.set_external_name(vpc.create(m).external_name)
    runs_after_create = dict(cli.stats().terraform_runs)
    seen = vpc.observe(m)
    assert (seen.exists, seen.up_to_date, seen.external_name) == (True, True, m.external_name)
    assert seen.at_provider["cidrBlock"] == "10.201.0.0/16"

    assert vpc.observe(m).up_to_date, "a repeated observe (its no-op plan remembered) says the same"
    before = dict(direct.calls)
    assert vpc.observe(m).up_to_date
    assert {verb: n - before.get(verb, 0) for verb, n in direct.calls.items() if n != before.get(verb, 0)} == \
        {"read": 1}, "a settled poll is one ReadResource: no plan, no upgrade"
    settled = vpc.observe(m)
    assert vpc.observe(Managed(copy.deepcopy(m.obj))) is settled, \
        "the same configuration read back the same: the last observation, not worked out again"
    restarted = direct_backend(cli)  # a new process's executor on the same workspaces: nothing remembered
    try:
        assert restarted.client(AWS.by_type("aws_vpc"), SETUP).observe(m).up_to_date
        assert dict(restarted.calls) == {"schema": 1, "validate_provider": 1, "configure": 1, "read": 1}, \
            "after a restart, the workspace's record of its last no-op plan spares the plan"
    finally:
        restarted.shutdown()
    # The direct executor links no installed providers into its workspaces; `tfbridge workspaces plan` does,
    # with the object's own ProviderConfig (the credentials in its Secret, not the shell's).
    kube = HTTPKube(cluster.api_client())
    for crd in package_crds(AWS, "aws"):
        if crd["spec"]["names"]["kind"] in ("VPC", "ProviderConfig", "ProviderConfigUsage"):
            kube.create(CRDS, crd)
    kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "crossplane-system"}})
    kube.create(SECRETS, credentials_secret())
    kube.create(ConfigResources.of(AWS).configs, provider_config(AWS.provider.root_group))
    kube.create(kind_resource(AWS.by_type("aws_vpc")), {k: v for k, v in m.obj.items() if k != "status"})
    planned = CliRunner().invoke(
        tfbridge_cli, ["workspaces", "--workspace-root", str(direct.store.root), "plan", f"VPC/{m.name}",
                       "--kubeconfig", str(cluster.kubeconfig), "--namespace", "crossplane-system"],
        env={**provider_env(moto), "TFBRIDGE_PLUGIN_DIR": str(plugin_dir), "TFBRIDGE_TERRAFORM": terraform_bin})
    assert planned.exit_code == 0 and "No changes" in planned.output, planned.output
    moto.client("ec2").create_tags(Resources=[m.external_name], Tags=[{"Key": "a", "Value": "drifted"}])
    assert vpc.observe(m).diff == "update: tags", "drift in the cloud is seen, whatever was remembered"
    m.for_provider["tags"] = {"a": "2"}
    assert vpc.observe(m).diff == "update: tags"
    vpc.update(m)
    (now,) = vpcs(moto, "10.201.0.0/16")
    assert {t["Key"]: t["Value"] for t in now["Tags"]} == {"a": "2"} and vpc.observe(m).up_to_date

    changed = Managed(copy.deepcopy(m.obj))
    changed.for_provider["cidrBlock"] = "10.202.0.0/16"
    with pytest.raises(ImmutableChange, match="changing cidr_block needs the resource replaced"):
        vpc.update(changed)
    assert [v["VpcId"] for v in vpcs(moto, "10.201.0.0/16")] == [m.external_name], "never replaced"
    # With the object's consent, replaced: the new VPC first, then the old one deleted.
    changed.set_annotations({REPLACE_POLICY: CREATE_BEFORE_DESTROY})
    replaced = vpc.update(changed).replaced
    assert replaced is not None and replaced.old_name == m.external_name
    (new,) = [v for v in moto.client("ec2").describe_vpcs()["Vpcs"] if not v.get("IsDefault")]
    assert (new["VpcId"], new["CidrBlock"]) == (replaced.new_name, "10.202.0.0/16"), "exactly one VPC: the new one"
    assert [r for r, _ in replaced.steps] == ["CreatedReplacementExternalResource", "DeletedReplacedExternalResource"]
    m = changed
    m.set_external_name(replaced.new_name)
    assert vpc.observe(m).up_to_date

    shutil.rmtree(direct.store.get(m.api_version, m.kind, m.name).dir)
    seen = vpc.observe(m)
    assert (seen.exists, seen.up_to_date, seen.recovered) == (True, True, ("import",))
    assert cli.stats().terraform_runs == runs_after_create, "observe, update and import ran no terraform"
    (provider,) = direct.pool.processes()
    # Left to its defaults the provider logs every call at TRACE: megabytes here, read only to be dropped.
    assert provider.process.stderr_bytes < 20_000, f"the provider logged {provider.process.stderr_bytes} bytes"

    vpc.delete(m)
    assert vpcs(moto, "10.202.0.0/16") == [] and not vpc.observe(m).exists
    gone = mr("aws_vpc", "never-made", {"region": "us-east-1", "cidrBlock": "10.203.0.0/16"}, external_name="vpc-0000")
    assert not vpc.observe(gone).exists, "importing an ID the cloud does not have: it does not exist"


def test_the_observe_after_our_own_apply_takes_its_state_once(executors: tuple[CLIBackend, DirectBackend],
                                                               moto: Moto) -> None:
    _, direct = executors
    vpc = direct.client(AWS.by_type("aws_vpc"), SETUP)
    m = mr("aws_vpc", "just-applied", {"region": "us-east-1", "cidrBlock": "10.211.0.0/16", "tags": {"a": "1"}})
    m.set_external_name(vpc.create(m).external_name)

    def reads(observe: Any) -> tuple[Observation, int]:
        before = direct.calls["read"]
        seen = observe()
        return seen, direct.calls["read"] - before

    seen, read = reads(lambda: vpc.observe(m))
    assert (seen.up_to_date, read) == (True, 0), "the apply and the import check have just read it"
    moto.client("ec2").create_tags(Resources=[m.external_name], Tags=[{"Key": "a", "Value": "drifted"}])
    seen, read = reads(lambda: vpc.observe(m))
    assert (seen.diff, read) == ("update: tags", 1), "only once: the next observe reads, and sees the drift"
    vpc.update(m)
    moto.client("ec2").create_tags(Resources=[m.external_name], Tags=[{"Key": "a", "Value": "again"}])
    asked = Managed(copy.deepcopy(m.obj))
    asked.set_annotations({RECONCILE_REQUESTED: "now"})
    seen, read = reads(lambda: vpc.observe(asked))
    assert (seen.diff, read) == ("update: tags", 1), "a reconcile someone asked for reads"
    vpc.update(m)
    m.for_provider["tags"] = {"a": "2"}
    seen, read = reads(lambda: vpc.observe(m))
    assert (seen.diff, read) == ("update: tags", 1), "another configuration than the one applied: read"


def test_an_mr_switches_executors_back_and_forth(executors: tuple[CLIBackend, DirectBackend], moto: Moto) -> None:
    cli, direct = executors
    kind = AWS.by_type("aws_vpc")
    m = mr("aws_vpc", "switching", {"region": "us-east-1", "cidrBlock": "10.204.0.0/16", "tags": {"step": "0"}})
    m.set_external_name(cli.client(kind, SETUP).create(m).external_name)
    for step, (observer, updater) in enumerate([(direct, direct), (cli, cli)], 1):
        seen = observer.client(kind, SETUP).observe(m)
        assert (seen.exists, seen.up_to_date, seen.recovered) == (True, True, ()), f"step {step}: no import needed"
        m.for_provider["tags"] = {"step": str(step)}
        assert not observer.client(kind, SETUP).observe(m).up_to_date
        updater.client(kind, SETUP).update(m)
        # One object all along: a second VPC with its tags says which step made it.
        found = vpcs(moto, "10.204.0.0/16")
        assert len(found) == 1, f"step {step}, {m.external_name}: {[(v['VpcId'], v.get('Tags')) for v in found]}"
        (now,) = found
        assert {t["Key"]: t["Value"] for t in now["Tags"]} == {"step": str(step)} and now["VpcId"] == m.external_name
        # `tfbridge workspaces` reads the workspace whichever executor wrote it last.
        workspaces = ["workspaces", "--workspace-root", str(cli.store.root)]
        listed = CliRunner().invoke(tfbridge_cli, [*workspaces, "-o", "json", "list"])
        (row,) = json.loads(listed.output)
        assert (row["state"], row["executor"]) == ("yes", "direct" if updater is direct else "cli"), row
        shown = CliRunner().invoke(tfbridge_cli, [*workspaces, "state", row["mr"]])
        assert m.external_name in shown.output and '"version": 4' in shown.output
    direct.client(kind, SETUP).delete(m)
    assert vpcs(moto, "10.204.0.0/16") == []


def test_a_crashed_provider_is_replaced(executors: tuple[CLIBackend, DirectBackend], moto: Moto) -> None:
    _, direct = executors
    vpc = direct.client(AWS.by_type("aws_vpc"), SETUP)
    m = mr("aws_vpc", "crash", {"region": "us-east-1", "cidrBlock": "10.205.0.0/16"})
    m.set_external_name(vpc.create(m).external_name)
    assert vpc.observe(m).up_to_date, "answered by the create's own state, asking no provider"
    (first,) = direct.pool.processes()
    pid = first.process.pid
    assert serving(first.process), "go-plugin's health service answers SERVING"
    os.kill(pid, signal.SIGKILL)
    wait_for(lambda: not serving(first.process, timeout=1), what="the killed provider to stop answering", timeout=10)
    assert vpc.observe(m).up_to_date, "the observe after the crash is answered by a new process"
    assert direct.started == 2 and direct.stats().provider_pids != (pid,)
    vpc.delete(m)


def test_a_kind_with_absent_blocks_is_up_to_date_after_its_create(executors: tuple[CLIBackend, DirectBackend],
                                                                  moto: Moto) -> None:
    """A block the spec leaves out reaches the provider as an empty block, as terraform sends it: the
    plan after the create has nothing to change (partition_index, absent, forces a replacement when
    the provider sees it change from null to empty)."""
    _, direct = executors
    database = mr("aws_glue_catalog_database", "blocks-db", {"region": "us-east-1", "name": "blocks"},
                  external_name="", package=FULL)
    db = direct.client(FULL.by_type("aws_glue_catalog_database"), SETUP)
    database.set_external_name(db.create(database).external_name)
    table_kind = FULL.by_type("aws_glue_catalog_table")
    spec = {"region": "us-east-1", "databaseName": "blocks", "name": "events", "tableType": "EXTERNAL_TABLE",
            "partitionKeys": [{"name": "year", "type": "string"}],
            "storageDescriptor": {"location": "s3://blocks/events/", "columns": [{"name": "id", "type": "string"}]}}
    table = mr("aws_glue_catalog_table", "blocks-table", spec, package=FULL)
    c = direct.client(table_kind, SETUP)
    table.set_external_name(c.create(table).external_name)
    seen = c.observe(table)
    assert (seen.exists, seen.up_to_date) == (True, True), seen.diff
    c.update(table)  # nothing to change, so nothing refused as a replacement
    c.delete(table)
    db.delete(database)


# -- equivalence: every curated kind, CLI and direct ------------------------------------------------


def _resolve(kind: Kind, for_provider: dict[str, Any], made: dict[str, tuple[Kind, Managed, Observation]]
             ) -> dict[str, Any] | None:
    """The example's spec with its references replaced by what they point at; None until they exist."""
    out = copy.deepcopy(for_provider)
    for ref in kind.references:
        target = out.pop(ref.ref_field, None)
        out.pop(ref.selector_field, None)
        if target is None:
            continue
        if target["name"] not in made:
            return None
        _, other, seen = made[target["name"]]
        if ref.target.extract == "external_name":
            value = other.external_name
        else:
            value = seen.at_provider.get(_camel(ref.target.extract))
        out[ref.path[0]] = value
    return out


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def test_cli_and_direct_agree_on_every_curated_kind(executors: tuple[CLIBackend, DirectBackend], moto: Moto) -> None:
    cli, direct = executors
    pending = {e["metadata"]["name"]: e for e in EXAMPLES}
    made: dict[str, tuple[Kind, Managed, Observation]] = {}

    def make(name: str, kind: Kind, spec: dict[str, Any]) -> tuple[str, Kind, Managed, Observation]:
        # As the reconciler: a kind named by its identifier starts with the object's name.
        initial = name if kind.config.external_name.name_initializer else ""
        m = mr(kind.config.tf_type, name, spec, external_name=initial)
        m.set_external_name(direct.client(kind, SETUP).create(m).external_name)
        return name, kind, m, direct.client(kind, SETUP).observe(m)

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        while pending:
            ready = []
            for name, example in pending.items():
                kind = next(k for k in AWS.kinds
                            if k.kind == example["kind"] and k.api_version == example["apiVersion"])
                spec = _resolve(kind, example["spec"]["forProvider"], made)
                if spec is not None:
                    ready.append((name, kind, spec))
            assert ready, f"unresolvable references among {sorted(pending)}"
            for name, kind, m, seen in pool.map(lambda r: make(*r), ready):
                made[name] = (kind, m, seen)
                del pending[name]

        def compare(name: str) -> list[str]:
            kind, m, _ = made[name]
            problems = []
            changes = [("as created", m)]
            if kind.tags_field:
                changed = Managed(copy.deepcopy(m.obj))
                changed.for_provider[kind.tags_field] = {**(m.for_provider.get(kind.tags_field) or {}), "eq": "x"}
                changes.append(("tags changed", changed))
            for what, obj in changes:
                a = cli.client(kind, SETUP).observe(obj)
                b = direct.client(kind, SETUP).observe(obj)
                for field in ("exists", "up_to_date", "external_name", "at_provider", "diff", "connection_details"):
                    if getattr(a, field) != getattr(b, field):
                        problems.append(f"{kind.kind} {what}: {field}: CLI {getattr(a, field)!r} != "
                                        f"direct {getattr(b, field)!r}")
            return problems

        problems = [p for found in pool.map(compare, sorted(made)) for p in found]
    assert not problems, "\n".join(problems)
    assert {k.kind for k, _, _ in made.values()} == {k.kind for k in AWS.kinds}, "every curated kind was compared"

    for name in reversed(list(made)):
        kind, m, _ = made[name]
        c = direct.client(kind, SETUP)
        try:
            c.delete(m)
        except OperationFailed:
            # As the reconciler does: observe again, and gone is gone. Under CI's load an SDK retry of
            # a DeleteTable can find that its first, timed-out attempt already deleted the table.
            assert not c.observe(m).exists, f"{kind.kind} {name} still exists after its delete failed"


# -- the import check after a create ------------------------------------------------------------------


@pytest.mark.parametrize("which", ["cli", "direct"])
def test_the_import_check_guards_a_lost_workspace(executors: tuple[CLIBackend, DirectBackend], moto: Moto,
                                                 which: str) -> None:
    backend = dict(zip(("cli", "direct"), executors, strict=True))[which]
    topic = AWS.by_type("aws_sns_topic")
    good = mr("aws_sns_topic", f"importable-{which}", {"region": "us-east-1"}, external_name=f"importable-{which}")
    check = backend.client(topic, SETUP).create(good).import_check
    assert check is not None and check.outcome is ImportOutcome.IMPORTED, check
    assert check.import_id == f"arn:aws:sns:us-east-1:123456789012:importable-{which}"

    # A GetIDFn that builds the wrong ID: another topic's ARN (the external name is the topic's ARN, as
    # the aws provider's ID is), which finds nothing. (The bare name, where the
    # importer wants an ARN, proves the same, but moto's refusal of it is retried by the provider for minutes.)
    wrong_id = name_as_identifier().with_get_id(
        lambda external_name, parameters, setup: f"{external_name}-elsewhere")
    wrong = dataclasses.replace(topic, config=dataclasses.replace(topic.config, external_name=wrong_id))
    m = mr("aws_sns_topic", f"unimportable-{which}", {"region": "us-east-1"}, external_name=f"unimportable-{which}")
    created = backend.client(wrong, SETUP).create(m)
    check = created.import_check
    assert check is not None and check.failed, check
    assert check.import_id == f"arn:aws:sns:us-east-1:123456789012:{m.name}-elsewhere", check
    # What the reconciler records from that check, and then the workspace is lost.
    m.set_annotations({IMPORT_CHECK_FAILED: check.import_id})
    shutil.rmtree(backend.store.get(m.api_version, m.kind, m.name).dir)
    with pytest.raises(StateLost, match="tfbridge workspaces import Topic/unimportable-"):
        backend.client(wrong, SETUP).observe(m)
    with pytest.raises(StateLost):
        backend.client(wrong, SETUP).delete(m)
    arns = [t["TopicArn"] for t in moto.client("sns").list_topics()["Topics"]]
    assert [a for a in arns if a.endswith(f":unimportable-{which}")] == [
        f"arn:aws:sns:us-east-1:123456789012:{m.name}"], "never a second topic"


@pytest.mark.parametrize("which", ["cli", "direct"])
def test_a_lost_workspace_takes_what_the_importer_cannot_read_from_the_spec(
        executors: tuple[CLIBackend, DirectBackend], moto: Moto, which: str) -> None:
    """A job definition's importer leaves ``deregister_on_new_revision`` (Terraform's own flag) null; a
    plan against the imported state alone would change it, and any change to a job definition
    registers a new revision: a new external name for an object nobody touched."""
    backend = dict(zip(("cli", "direct"), executors, strict=True))[which]
    kind = FULL.by_type("aws_batch_job_definition")
    name = f"unread-{which}"
    m = mr("aws_batch_job_definition", name, {
        "region": "us-east-1", "name": name, "type": "container",
        "containerProperties": json.dumps({"command": ["ls"], "image": "busybox", "resourceRequirements": [
            {"type": "VCPU", "value": "0.25"}, {"type": "MEMORY", "value": "512"}]}, separators=(",", ":"))},
        package=FULL)
    m.set_external_name(backend.client(kind, SETUP).create(m).external_name)
    assert m.external_name.endswith(f":job-definition/{name}:1")
    shutil.rmtree(backend.store.get(m.api_version, m.kind, m.name).dir)

    seen = backend.client(kind, SETUP).observe(m)
    assert (seen.exists, seen.up_to_date, seen.external_name) == (True, True, m.external_name), seen.diff
    assert "import" in seen.recovered
    assert backend.client(kind, SETUP).observe(m).up_to_date, "and it stays so once the state is read back"
    revisions = moto.client("batch").describe_job_definitions(jobDefinitionName=name)["jobDefinitions"]
    assert [(d["revision"], d["status"]) for d in revisions] == [(1, "ACTIVE")], "no new revision registered"


def test_an_importer_that_finds_no_object_answers_absent(executors: tuple[CLIBackend, DirectBackend],
                                                         moto: Moto) -> None:
    absent_until_made(executors[1], moto, FULL)


def test_an_import_refused_otherwise_is_an_error(tmp_path: Path, terraform_bin: str, plugin_dir: Path,
                                                 moto: Moto) -> None:
    with cloud_proxy(moto.endpoint) as proxy:
        proxy.reject_access_key("refused")
        cli = cli_backend(tmp_path / "refused", terraform_bin, plugin_dir, Moto(proxy.endpoint))
        direct = direct_backend(cli)
        try:
            refused_import_is_an_error(direct, FULL, REFUSED)
        finally:
            direct.shutdown()
            cli.shutdown()


@pytest.mark.parametrize("on", ["cli", "direct"])
def test_a_list_of_passwords_comes_from_one_secret_key_each(executors: tuple[CLIBackend, DirectBackend], moto: Moto,
                                                            on: str) -> None:
    """An ElastiCache user's ``passwordsSecretRef`` (a set of sensitive strings in Terraform) takes a Secret key per
    password, as upjet's CRD does: both reach the cloud, the object is then up to date, and no password is shown."""
    backend = dict(zip(("cli", "direct"), executors, strict=True))[on]
    kind = FULL.by_type("aws_elasticache_user")
    secret = {"first": b"a-first-password-16", "second": b"a-second-password-16"}
    read: list[tuple[str, str]] = []

    def secrets(namespace: str, name: str) -> dict[str, bytes]:
        read.append((namespace, name))
        return secret

    user_id = f"tfbridge-passwords-{on}"
    m = mr("aws_elasticache_user", user_id, {
        "region": "us-east-1", "engine": "redis", "accessString": "on ~* +@all", "userName": user_id,
        "passwordsSecretRef": [{"name": "user-passwords", "namespace": "team-a", "key": k} for k in secret]},
        user_id, package=FULL)
    client = backend.client(kind, SETUP, secrets)
    client.create(m)
    elasticache = moto.client("elasticache")
    (made,) = elasticache.describe_users(UserId=user_id)["Users"]
    assert made["Authentication"] == {"Type": "password", "PasswordCount": 2}
    assert set(read) == {("team-a", "user-passwords")}
    seen = backend.client(kind, SETUP, secrets).observe(m)
    assert (seen.exists, seen.up_to_date) == (True, True), seen.diff
    assert not any(v.decode() in json.dumps(seen.at_provider) for v in secret.values())
    backend.client(kind, SETUP, secrets).delete(m)
    assert not [u for u in elasticache.describe_users()["Users"] if u["UserId"] == user_id]
