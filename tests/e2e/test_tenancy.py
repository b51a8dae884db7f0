"""Two tenants and a hostile one, against moto with the real aws provider on the direct executor: what a
namespace can reach of the node's identity, of cloud objects it did not make, of the other tenants'
provider processes and of the provider's own credentials.

team-a and team-b each have a ProviderConfig of their own; one ClusterProviderConfig (the operator's
credentials) lists team-a and team-b and not the hostile namespace, which has a ProviderConfig of its
own. The operator made an IAM role and a SecureString parameter before any of them. Then:

1. no tenant's ProviderConfig runs on the node's identity (source None, a Secret without keys: refused;
   every provider process has instance metadata off);
2. naming the operator's role (through the hostile namespace's own credentials, or team-a's access to the
   ClusterProviderConfig) adopts nothing, an Observe-only parameter copies nothing, the hostile namespace
   cannot use the ClusterProviderConfig at all; the operator allows team-a's one object, which then
   manages the role;
3. the hostile namespace naming four regions churns only its own provider processes (its share here: one),
   and a region no partition knows is refused at admission;
5. a ``*SecretRef`` naming a Secret a ProviderConfig takes credentials from is refused, in either scope.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from prometheus_client import generate_latest

from bridge.api.managed import EXTERNAL_NAME
from bridge.kube import errors
from bridge.kube.client import NAMESPACES, SECRETS
from bridge.managed.adoption import ALLOWED_NAMESPACES
from bridge.managed.collaborators import kind_resource
from bridge.managed.providerconfig import ConfigResources
from bridge.settings import ProviderProcesses
from devrig.cloud import CREDENTIALS_SECRET, MOTO_PROVIDER_CONFIGURATION, credentials_secret
from tests.support.cloud import Moto
from tests.support.packages import AWS
from tests.support.running import Running
from tests.support.waiting import wait_for
from tfbridge.cli import cli

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
VPC = AWS.by_type("aws_vpc", namespaced=True)
ROLE = AWS.by_type("aws_iam_role", namespaced=True)
PARAMETER = AWS.by_type("aws_ssm_parameter", namespaced=True)
CLUSTER_PARAMETER = AWS.by_type("aws_ssm_parameter")
PACKAGE = dataclasses.replace(AWS, kinds=(VPC, ROLE, PARAMETER, CLUSTER_PARAMETER))
TENANTS = ("team-a", "team-b")
HOSTILE = "hostile"
TRUST = json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "sts:AssumeRole",
                                                          "Principal": {"Service": "ec2.amazonaws.com"}}]})
HOSTILE_TRUST = json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "sts:AssumeRole",
                                                                  "Principal": {"AWS": "*"}}]})


def _secret(namespace: str, name: str, data: dict[str, bytes]) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name, "namespace": namespace},
            "data": {k: base64.b64encode(v).decode() for k, v in data.items()}}


def _keys(tenant: str) -> bytes:
    return json.dumps({"access_key": f"AKID{tenant.upper().replace('-', '')}", "secret_key": f"{tenant}-secret"}
                      ).encode()


def _configure(run: Running) -> None:
    res = ConfigResources.of(PACKAGE)
    assert res.namespaced_configs is not None and res.cluster_configs is not None
    run.kube.create(SECRETS, credentials_secret())
    namespace, name, key = CREDENTIALS_SECRET
    run.kube.create(res.cluster_configs, {
        "apiVersion": res.cluster_configs.api_version, "kind": "ClusterProviderConfig",
        "metadata": {"name": "shared", "annotations": {ALLOWED_NAMESPACES: ",".join(TENANTS)}},
        "spec": {"credentials": {"source": "Secret", "secretRef": {"namespace": namespace, "name": name, "key": key}},
                 "configuration": dict(MOTO_PROVIDER_CONFIGURATION)}})
    for ns in (*TENANTS, HOSTILE):
        run.kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
        run.kube.create(SECRETS, _secret(ns, "creds", {"creds": _keys(ns), "plain": b"an ordinary value"}))
        run.kube.create(res.namespaced_configs, {
            "apiVersion": res.namespaced_configs.api_version, "kind": "ProviderConfig",
            "metadata": {"name": "own", "namespace": ns},
            "spec": {"credentials": {"source": "Secret", "secretRef": {"name": "creds", "key": "creds"}}}})
    run.kube.create(SECRETS, _secret(HOSTILE, "nothing", {"creds": json.dumps({"unrelated": "x"}).encode()}))
    for name, creds in (("ambient", {"source": "None"}),
                        ("empty", {"source": "Secret", "secretRef": {"name": "nothing", "key": "creds"}})):
        run.kube.create(res.namespaced_configs, {
            "apiVersion": res.namespaced_configs.api_version, "kind": "ProviderConfig",
            "metadata": {"name": name, "namespace": HOSTILE}, "spec": {"credentials": creds}})


def _apply(run: Running, kind: Any, namespace: str, name: str, for_provider: dict[str, Any], *,
           config: tuple[str, str] = ("ProviderConfig", "own"), **spec: Any) -> None:
    ref = {"kind": config[0], "name": config[1]} if namespace else {"name": config[1]}
    meta: dict[str, Any] = {"name": name, **({"namespace": namespace} if namespace else {})}
    if "annotations" in spec:
        meta["annotations"] = spec.pop("annotations")
    run.kube.create(kind_resource(kind), {"apiVersion": kind.api_version, "kind": kind.kind, "metadata": meta,
                                          "spec": {"forProvider": for_provider, "providerConfigRef": ref, **spec}},
                    namespace=namespace)


def _conditions(run: Running, kind: Any, namespace: str, name: str) -> dict[str, dict[str, Any]]:
    try:
        obj = run.kube.get(kind_resource(kind), name, namespace)
    except errors.NotFound:
        return {}
    return {c["type"]: c for c in (obj.get("status") or {}).get("conditions") or []}


def _says(run: Running, kind: Any, namespace: str, name: str, words: str) -> Callable[[], bool]:
    return lambda: words in str((_conditions(run, kind, namespace, name).get("Synced") or {}).get("message"))


def _ready(run: Running, kind: Any, namespace: str, name: str) -> Callable[[], bool]:
    def ready() -> bool:
        conds = _conditions(run, kind, namespace, name)
        return all((conds.get(t) or {}).get("status") == "True" for t in ("Ready", "Synced"))

    return ready


def _where(run: Running, kind: Any, namespace: str, name: str) -> Callable[[], str]:
    return lambda: f"{kind.kind} {namespace}/{name}: {_conditions(run, kind, namespace, name)}"


def _environ(pid: int) -> dict[str, str]:
    with contextlib.suppress(OSError):
        raw = Path(f"/proc/{pid}/environ").read_bytes()
        return dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)
    return {}


def test_tenants_reach_neither_the_node_nor_each_other_nor_what_they_did_not_make(
        start_manager: Callable[..., Running], moto: Moto, terraform_bin: str, plugin_dir: Path,
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cluster: Any) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    run = start_manager(PACKAGE, "aws", terraform=terraform_bin, plugin_dir=plugin_dir, executor="direct",
                        workspace_root=tmp_path / "ws", poll=600.0,
                        processes=ProviderProcesses(max_live=4, idle_timeout=900.0, per_tenant=1))
    _configure(run)
    assert run.manager is not None and run.manager.executors is not None
    pool = run.manager.executors.pool
    iam, ssm = moto.client("iam"), moto.client("ssm")
    admin = f"platform-admin-{run.suffix}"
    iam.create_role(RoleName=admin, AssumeRolePolicyDocument=TRUST)
    ssm.put_parameter(Name=f"/platform/{run.suffix}/db-password", Value="operators-db-password",
                      Type="SecureString")

    # Each tenant's own VPC through its own credentials: a provider process each.
    for tenant in TENANTS:
        _apply(run, VPC, tenant, "net", {"region": "us-east-1", "cidrBlock": "10.61.0.0/16"})
    for tenant in TENANTS:
        wait_for(_ready(run, VPC, tenant, "net"), _where(run, VPC, tenant, "net"), timeout=300)

    # 1. The node's identity: refused, whatever the namespace's ProviderConfig says.
    for config, words in (("ambient", "None would leave the provider to find credentials of its own"),
                          ("empty", "has none of the provider's credentials")):
        _apply(run, VPC, HOSTILE, f"via-{config}", {"region": "us-east-1", "cidrBlock": "10.62.0.0/16"},
               config=("ProviderConfig", config))
        wait_for(_says(run, VPC, HOSTILE, f"via-{config}", words), _where(run, VPC, HOSTILE, f"via-{config}"),
                 timeout=120)
    environs = [_environ(pid) for pid in pool.pids()]
    assert environs and all(e.get("AWS_EC2_METADATA_DISABLED") == "true" for e in environs if e), \
        "no provider process may reach the node's instance metadata"

    # 2. Adoption. The hostile namespace names the operator's role through its own credentials, and
    # cannot use the ClusterProviderConfig at all; team-a names it through the ClusterProviderConfig.
    _apply(run, ROLE, HOSTILE, admin, {"assumeRolePolicy": HOSTILE_TRUST})
    _apply(run, ROLE, HOSTILE, "via-shared", {"assumeRolePolicy": HOSTILE_TRUST},
           config=("ClusterProviderConfig", "shared"))
    _apply(run, ROLE, "team-a", admin, {"assumeRolePolicy": TRUST},
           config=("ClusterProviderConfig", "shared"))
    _apply(run, PARAMETER, HOSTILE, "peek", {"region": "us-east-1"}, managementPolicies=["Observe"],
           writeConnectionSecretToRef={"name": "peek"},
           annotations={EXTERNAL_NAME: f"/platform/{run.suffix}/db-password"})
    wait_for(_says(run, ROLE, HOSTILE, admin, "does not allow adopting it"), _where(run, ROLE, HOSTILE, admin),
             timeout=180)
    wait_for(_says(run, ROLE, HOSTILE, "via-shared", "may not be used from namespace hostile"),
             _where(run, ROLE, HOSTILE, "via-shared"), timeout=120)
    wait_for(_says(run, ROLE, "team-a", admin, "does not allow adopting it"), _where(run, ROLE, "team-a", admin),
             timeout=180)
    wait_for(_says(run, PARAMETER, HOSTILE, "peek", "does not allow adopting it"),
             _where(run, PARAMETER, HOSTILE, "peek"), timeout=180)
    assert json.loads(json.dumps(iam.get_role(RoleName=admin)["Role"]["AssumeRolePolicyDocument"])) == json.loads(
        TRUST), "the operator's role is untouched"
    with pytest.raises(errors.NotFound):
        run.kube.get(SECRETS, "peek", HOSTILE)
    # The operator allows team-a's one object: it then manages the role.
    allowed = CliRunner().invoke(cli, ["workspaces", "--workspace-root", str(tmp_path / "ws"), "allow-adoption",
                                       f"team-a/Role/{admin}", "--kubeconfig", str(cluster.kubeconfig)])
    assert allowed.exit_code == 0, (allowed.output, allowed.exception)
    wait_for(_ready(run, ROLE, "team-a", admin), _where(run, ROLE, "team-a", admin), timeout=300)
    assert _says(run, ROLE, HOSTILE, admin, "does not allow adopting it")(), "the hostile one stays refused"

    # 5. A Secret a ProviderConfig takes credentials from is no *SecretRef's input, in either scope.
    _apply(run, CLUSTER_PARAMETER, "", f"leak-{run.suffix}", {
        "region": "us-east-1", "type": "SecureString", "name": f"/leak/{run.suffix}/cluster",
        "valueSecretRef": dict(zip(("namespace", "name", "key"), CREDENTIALS_SECRET, strict=True))},
        config=("", "default"))
    _apply(run, PARAMETER, "team-b", "leak", {"region": "us-east-1", "type": "SecureString",
                                              "valueSecretRef": {"name": "creds", "key": "creds"}})
    _apply(run, PARAMETER, "team-b", "fine", {"region": "us-east-1", "type": "SecureString",
                                              "valueSecretRef": {"name": "plain-value", "key": "value"}})
    run.kube.create(SECRETS, _secret("team-b", "plain-value", {"value": b"an ordinary value"}))
    wait_for(_says(run, CLUSTER_PARAMETER, "", f"leak-{run.suffix}", "holds a ProviderConfig's credentials"),
             _where(run, CLUSTER_PARAMETER, "", f"leak-{run.suffix}"), timeout=180)
    wait_for(_says(run, PARAMETER, "team-b", "leak", "holds a ProviderConfig's credentials"),
             _where(run, PARAMETER, "team-b", "leak"), timeout=180)
    wait_for(_ready(run, PARAMETER, "team-b", "fine"), _where(run, PARAMETER, "team-b", "fine"), timeout=300)
    names = [p["Name"] for p in ssm.describe_parameters()["Parameters"]]
    assert f"/leak/{run.suffix}/cluster" not in names and "leak" not in names

    # 3. The hostile namespace names four regions (and one no partition knows): it churns only its own.
    starts_before = pool.churn()[0]
    with pytest.raises(errors.APIError, match="region"):
        _apply(run, VPC, HOSTILE, "nowhere", {"region": "us-east-9", "cidrBlock": "10.63.0.0/16"})
    for region in ("eu-west-1", "eu-west-2", "ap-south-1", "sa-east-1"):
        _apply(run, VPC, HOSTILE, f"in-{region}", {"region": region, "cidrBlock": "10.64.0.0/16"})
    wait_for(lambda: pool.churn()[0].get(HOSTILE, 0) - starts_before.get(HOSTILE, 0) >= 4,
             lambda: f"the hostile namespace's processes to start: {pool.churn()}", timeout=300)
    started, evicted = pool.churn()
    assert not {t: n for t, n in evicted.items() if t in TENANTS}, f"the tenants' processes were stopped: {evicted}"
    assert pool.count() <= 4
    for tenant in TENANTS:
        assert started[tenant] == starts_before[tenant], f"{tenant}'s processes were never restarted: {started}"
    assert evicted[HOSTILE] >= 3, f"the hostile namespace made room among its own: {evicted}"
    text = generate_latest(run.manager.metrics.registry).decode()  # what /metrics serves
    assert f'tfbridge_provider_processes_evicted_total{{tenant="{HOSTILE}"}} {float(evicted[HOSTILE])}' in text
