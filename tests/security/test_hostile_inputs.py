"""The hostile-input suite: what whoever may create a managed resource can write, against a running
provider, each with its expected safe outcome.

The fake executor stands in for the cloud where the cloud is not the point (names, references,
Secrets, nesting, size, Unicode); real terraform, the aws provider and moto where it is (a provider
that echoes its configuration). Every case ends on its own object (``Synced=False`` naming the
field, or Ready when the input is harmless), and a well-behaved neighbour created afterwards still
becomes Ready: no bad object stalls its kind.

The current CRDs refuse most of these inputs at admission already (tests/codegen proves it); here the
provider serves an older release's CRDs, without the patterns, so what each case proves is the
runtime's own refusal.
"""

from __future__ import annotations

import base64
import json
import os
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from bridge.api.managed import CREATE_PENDING, EXTERNAL_NAME
from bridge.kube import errors
from bridge.kube.client import CRDS, EVENTS, SECRETS, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from bridge.managed.reconciler import SPEC_DEPTH
from devrig.cloud import MOTO_PROVIDER_CONFIGURATION, credentials_secret, provider_config
from devrig.fakes import FakeCloud
from tests.support.cloud import Moto
from tests.support.cluster import Cluster
from tests.support.packages import AWS_CURATED, example_for_provider
from tests.support.running import Running
from tests.support.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
NS = "crossplane-system"
VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
Provider = Callable[..., tuple[Running, HTTPKube]]


def synced_false(run: Running, kind: str, name: str, says: str, timeout: float = 30) -> dict[str, Any]:
    wait_for(lambda: says in run.condition(kind, name, "Synced").get("message", ""),
             lambda: f"{kind}/{name} to say {says!r} (it says: {run.conditions(kind, name)})", timeout)
    synced = run.condition(kind, name, "Synced")
    assert synced["status"] == "False"
    return synced


def neighbour_is_fine(run: Running, name: str = "neighbour") -> None:
    run.apply("VPC", name, VPC)
    run.wait_ready([("VPC", name)], "a well-behaved VPC next to the hostile ones", timeout=60, synced=True)


def events_of(run: Running, name: str) -> list[dict[str, Any]]:
    return [e for e in run.kube.list(EVENTS, NS)[0] if e["involvedObject"]["name"] == name]


def secret_reads(provider_kube: HTTPKube) -> set[str]:
    return provider_kube.namespaces.get(("get", "", "secrets"), set())


# -- names and references ---------------------------------------------------------------------

@pytest.mark.parametrize(
    "name",
    [pytest.param("../../../../api/v1/namespaces/crossplane-system/secrets/aws-creds", id="TraversalToCredentials"),
     pytest.param("x/../default", id="TraversalToTheDefaultProviderConfig")],
)
def test_provider_config_ref_traversal(provider: Provider, name: str) -> None:
    """Expected: names no ProviderConfig; no Secret is read; Synced=False naming the field."""
    run, provider_kube = provider(cloud=(cloud := FakeCloud()))
    run.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "aws-creds", "namespace": NS},
                              "data": {"credentials": base64.b64encode(b'{"secret_key": "hunter2hunter2"}').decode()}})
    run.apply("VPC", "hostile", VPC, providerConfigRef={"name": name})
    synced_false(run, "VPC", "hostile", "spec.providerConfigRef.name")
    assert secret_reads(provider_kube) == set() and cloud.calls.get("observe", 0) == 0
    assert not (run.get("VPC", "hostile").get("status") or {}).get("atProvider")
    neighbour_is_fine(run)


# Every top-level reference of the curated kinds whose target is curated too (the one applied here). A reference
# inside a block has its names read by the same function (bridge.managed.references), at its depth
# (tests/e2e/test_nested_references.py).
REFERENCES = [(k.kind, r) for k in AWS_CURATED.kinds for r in k.references
              if len(r.path) == 1 and any(t.config.tf_type == r.target.to for t in AWS_CURATED.kinds)]


@pytest.mark.parametrize(("kind", "ref"), REFERENCES, ids=[f"{k}.{r.ref_field}" for k, r in REFERENCES])
def test_every_reference_traversal_resolves_to_nothing(provider: Provider, kind: str, ref: Any) -> None:
    """Expected: ``x/../<target>`` names no object even though <target> exists; Synced=False naming the field;
    the target gets no in-use finalizer."""
    run, _ = provider(cloud=FakeCloud())
    target = AWS_CURATED.by_type(ref.target.to)
    run.apply(target.kind, "target", example_for_provider(target))
    field = ref.path[-1]
    example = example_for_provider(next(k for k in AWS_CURATED.kinds if k.kind == kind))
    hostile = {"name": "x/../target"}
    for_provider: dict[str, Any] = {**{k: v for k, v in example.items() if k not in (field, ref.ref_field)},
                                    ref.ref_field: [hostile] if ref.many else hostile}
    run.apply(kind, "hostile", for_provider)
    synced_false(run, kind, "hostile", f"spec.forProvider.{ref.ref_field}{'[0]' if ref.many else ''}.name")
    pins = [f for f in run.get(target.kind, "target")["metadata"].get("finalizers") or [] if "in-use" in f]
    assert pins == []


@pytest.mark.parametrize(
    "match",
    [pytest.param({"team": "a,team!=a"}, id="ValueInjection"),
     pytest.param({"team in (a,b),x": "y"}, id="KeyInjection"),
     pytest.param({"team": "a\u202e"}, id="RightToLeftOverride")],
)
def test_selector_injection(provider: Provider, match: dict[str, str]) -> None:
    """Expected: refused before any list; the selection is never wider than the labels written."""
    run, provider_kube = provider(cloud=FakeCloud())
    for name, team in (("net-a", "a"), ("net-b", "b")):
        run.kube.create(run.res("VPC"), {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC",
                                         "metadata": {"name": name, "labels": {"team": team}},
                                         "spec": {"forProvider": VPC}})
    run.apply("Subnet", "hostile", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24",
                                    "vpcIdSelector": {"matchLabels": match}})
    synced_false(run, "Subnet", "hostile", "spec.forProvider.vpcIdSelector.matchLabels")
    assert "vpcIdRef" not in run.get("Subnet", "hostile")["spec"]["forProvider"]
    assert provider_kube.calls.get(("list", "ec2.aws.tfbridge.io", "vpcs"), 0) == 1, "only the informer's list"


# -- Secrets ----------------------------------------------------------------------------------

def test_foreign_connection_secrets(provider: Provider) -> None:
    """Expected: an unmarked Secret (even of the connection type) is never adopted or written; a
    namespace the operator did not allow is refused before anything is created."""
    run, provider_kube = provider(cloud=(cloud := FakeCloud()))
    theirs = run.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                                       "type": "connection.crossplane.io/v1alpha1",
                                       "metadata": {"name": "theirs", "namespace": NS},
                                       "data": {"password": base64.b64encode(b"not yours").decode()}})
    run.apply("VPC", "adopter", VPC, writeConnectionSecretToRef={"name": "theirs", "namespace": NS})
    run.apply("VPC", "elsewhere", VPC, writeConnectionSecretToRef={"name": "conn", "namespace": "kube-system"})
    synced_false(run, "VPC", "adopter", "not adopting")
    synced_false(run, "VPC", "elsewhere", "spec.writeConnectionSecretToRef.namespace")
    assert run.kube.get(SECRETS, "theirs", NS) == theirs
    assert "kube-system" not in provider_kube.namespaces.get(("create", "", "secrets"), set())
    assert cloud.calls.get("create") == 1, "only the adopter's VPC: the other was refused first"


def test_connection_secret_in_a_missing_namespace(provider: Provider) -> None:
    """Expected: Synced=False saying the namespace does not exist, a Warning event, Ready from the cloud."""
    run, _ = provider(cloud=FakeCloud(), secret_namespaces=("ghost",))
    run.apply("VPC", "lost", VPC, writeConnectionSecretToRef={"name": "conn", "namespace": "ghost"})
    synced_false(run, "VPC", "lost", "namespace 'ghost' does not exist")
    wait_for(lambda: run.ready("VPC", "lost"), "Ready: the cloud object exists all the same")
    assert any(e["type"] == "Warning" for e in events_of(run, "lost"))


# -- nesting, size, Unicode -------------------------------------------------------------------

def _raw_post(cluster: Cluster, path: str, body: bytes) -> int:
    config = yaml.safe_load(cluster.kubeconfig.read_text())
    server = config["clusters"][0]["cluster"]["server"]
    token = config["users"][0]["user"]["token"]
    request = urllib.request.Request(f"{server}{path}", data=body, method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        exc.close()  # it holds the response's TLS socket: left to the garbage collector, a ResourceWarning
        return int(exc.code)
    except (urllib.error.URLError, ConnectionError):
        return 0  # the server dropped the request


def _deep(levels: int) -> str:
    return '{"a":' * levels + "1" + "}" * levels


@pytest.mark.parametrize("levels", [SPEC_DEPTH + 36, 600, 1500], ids=lambda n: f"Levels{n}")
def test_deep_nesting(cluster: Cluster, provider: Provider, levels: int) -> None:
    """Expected: as deep as a cluster stores it (here through a VPC CRD that keeps unknown fields, as
    an old CRD may), the provider refuses it with a condition and recurses over nothing; the local API
    server takes at most a few hundred levels; either way the kind goes on."""
    kube = HTTPKube(cluster.api_client())
    # The VPC's own file: the whole tree is thousands of CRDs to parse for one.
    crd = yaml.safe_load((ROOT / "providers" / "aws" / "crds" / "ec2" / "ec2.aws.tfbridge.io_vpcs.yaml").read_text())
    schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
    schema["properties"]["spec"]["properties"]["forProvider"]["x-kubernetes-preserve-unknown-fields"] = True
    kube.create(CRDS, crd)
    run, _ = provider(cloud=(cloud := FakeCloud()))
    body = json.dumps({"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC", "metadata": {"name": "deep"},
                       "spec": {"forProvider": {**VPC, "deep": "X"}}}).replace('"X"', _deep(levels)).encode()
    status = _raw_post(cluster, "/apis/ec2.aws.tfbridge.io/v1beta1/vpcs", body)
    if status == 201:
        synced_false(run, "VPC", "deep", f"nested deeper than {SPEC_DEPTH} levels")
        assert cloud.calls.get("create", 0) == 0
    else:
        with pytest.raises(errors.NotFound):
            run.get("VPC", "deep")
    neighbour_is_fine(run)


def test_a_spec_near_the_api_servers_size_limit(provider: Provider) -> None:
    """Expected: reconciled like any other (1.4 MB of tags), every condition and event capped."""
    run, _ = provider(cloud=(cloud := FakeCloud()))
    tags = {f"k{i:05d}": "v" * 240 for i in range(5600)}
    run.apply("VPC", "big", {**VPC, "tags": tags})
    assert len(json.dumps(run.get("VPC", "big"))) > 1_350_000
    run.wait_ready([("VPC", "big")], "the big VPC", timeout=120, synced=True)
    assert len(next(iter(cloud.resources.values()))["spec"]["tags"]) >= 5600
    assert all(len(e["message"]) <= 1024 for e in events_of(run, "big"))
    neighbour_is_fine(run)


ODD = "a\u202eb\x00c\ud800d"


def test_unusual_unicode(cluster: Cluster, provider: Provider) -> None:
    """Expected: in tags and annotations, carried as data (Ready); in a reference name, refused naming
    the field; as an object's own name, refused by the API server (422), as kube-apiserver does (the
    runtime's own refusal of such a name is tested on the in-process store, tests/managed)."""
    run, provider_kube = provider(cloud=(cloud := FakeCloud()))
    run.kube.create(run.res("VPC"), {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC",
                                     "metadata": {"name": "odd", "annotations": {"note": ODD}},
                                     "spec": {"forProvider": {**VPC, "tags": {"odd": ODD, ODD: "key"}}}})
    run.apply("Subnet", "odd-ref", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24",
                                    "vpcIdRef": {"name": "odd\u202e"}})
    with pytest.raises(errors.Invalid, match=r"metadata\.name"):
        run.apply("VPC", "named-\u202e", VPC)
    run.wait_ready([("VPC", "odd")], "the VPC with odd tags", timeout=60, synced=True)
    created = next(r for r in cloud.resources.values() if r["spec"].get("tags"))
    assert created["spec"]["tags"]["odd"] == ODD and created["spec"]["tags"][ODD] == "key"
    synced_false(run, "Subnet", "odd-ref", "spec.forProvider.vpcIdRef.name")
    neighbour_is_fine(run)
    assert not [c for (verb, _, _), c in provider_kube.calls.items() if verb == "update" and c > 50]


# -- a provider that echoes its configuration (real terraform, the aws provider, moto) ------------

@pytest.mark.slow
@pytest.mark.cloud
def test_provider_configuration_echo_never_reaches_the_object(
        provider: Provider, moto: Moto, terraform_bin: str, plugin_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A region built from a file the pod can read, on the lookup path of an interrupted create (as set by
    the user's own annotation), and a provider setting the provider refuses (a profile it does not have;
    a region no partition knows never reaches it). Expected: the template never reaches terraform (the
    runtime refuses the field); the provider's answer to the other (which quotes what it was given)
    reaches only the log, and the object gets the generic text."""
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    marker = tmp_path / "pod-secret"
    marker.write_text("POD-SECRET-4c0ffee")
    run, _ = provider(terraform=terraform_bin, plugin_dir=plugin_dir, executor="cli")
    against_moto(run)
    junk = provider_config(AWS_CURATED.provider.root_group, "junk",
                           configuration={**MOTO_PROVIDER_CONFIGURATION, "profile": "zz-secret-9"})
    run.kube.create(ConfigResources.of(AWS_CURATED).configs, junk)
    cases = (("lookup", f'${{file("{marker}")}}', "spec.forProvider.region"),
             ("junk", "us-east-1", "the provider refused its configuration"))
    for name, region, _ in cases:
        run.kube.create(run.res("VPC"), {
            "apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC",
            "metadata": {"name": name, "annotations": {CREATE_PENDING: "2099-01-01T00:00:00Z"} if name == "lookup"
                         else {}},
            "spec": {"forProvider": {"region": region, "cidrBlock": "10.0.0.0/16"},
                     "providerConfigRef": {"name": "junk" if name == "junk" else "default"}}})
    for name, _, says in cases:
        synced_false(run, "VPC", name, says, timeout=180)
        texts = [run.condition("VPC", name, "Synced")["message"], *(e["message"] for e in events_of(run, name))]
        assert not [t for t in texts if "POD-SECRET-4c0ffee" in t or "zz-secret-9" in t], texts
    assert os.environ["AWS_ENDPOINT_URL"] == moto.endpoint


def against_moto(run: Running) -> None:
    """The credentials Secret and the `default` ProviderConfig for moto."""
    run.kube.create(SECRETS, credentials_secret())
    run.kube.patch(ConfigResources.of(AWS_CURATED).configs, "default", {"spec": provider_config(
        AWS_CURATED.provider.root_group, configuration=MOTO_PROVIDER_CONFIGURATION)["spec"]})


@pytest.mark.slow
@pytest.mark.cloud
@pytest.mark.parametrize("executor", ["cli", "direct"])
def test_template_syntax_and_flags_in_user_values_stay_data(
        provider: Provider, moto: Moto, terraform_bin: str, plugin_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, executor: str) -> None:
    """Template sequences in tag keys and values, names and descriptions, an external name shaped like a
    terraform flag, and one shaped like an import-ID template, with real terraform, the aws provider and
    moto. Expected: every value reaches the cloud exactly as written (terraform evaluates none of them),
    no flag is taken (no state file appears where it points), and the template-shaped external name is
    part of an import ID as written, never rendered: the object it names does not exist, so a new one is
    created (or refused by the cloud for its name), never one named with the account's ID."""
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto.endpoint)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    marker = tmp_path / "pod-secret"
    marker.write_text("POD-SECRET-4c0ffee")
    flag_target = tmp_path / "hijacked.tfstate"
    run, _ = provider(terraform=terraform_bin, plugin_dir=plugin_dir, executor=executor)
    against_moto(run)
    tags = {f'${{file("{marker}")}}': "%{ if true }kept%{ endif }", "cwd": "${path.cwd}", "plain": "$${x} %%{y}"}
    run.apply("VPC", "tagged", {**VPC, "tags": tags})
    run.apply("SecurityGroup", "named", {"region": "us-east-1", "name": f'${{file("{marker}")}}-sg',
                                        "description": "%{ for x in [1] }${x}%{ endfor }",
                                        "vpcIdRef": {"name": "tagged"}})
    run.kube.create(run.res("VPC"), {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC",
                                     "metadata": {"name": "flagged", "annotations": {
                                         EXTERNAL_NAME: f"-state={flag_target}"}},
                                     "spec": {"forProvider": {**VPC, "cidrBlock": "10.1.0.0/16"}}})
    run.kube.create(run.res("Topic"), {"apiVersion": AWS_CURATED.by_type("aws_sns_topic").api_version, "kind": "Topic",
                                       "metadata": {"name": "templated", "annotations": {
                                           EXTERNAL_NAME: "{{ .setup.client_metadata.account_id }}"}},
                                       "spec": {"forProvider": {"region": "us-east-1"}}})
    run.wait_ready([("VPC", "tagged"), ("SecurityGroup", "named"), ("VPC", "flagged")],
                   "the objects whose values carry template syntax", timeout=240, synced=True)
    ec2 = moto.client("ec2")
    vpc = ec2.describe_vpcs(VpcIds=[run.get("VPC", "tagged")["metadata"]["annotations"][EXTERNAL_NAME]])["Vpcs"][0]
    got = {t["Key"]: t["Value"] for t in vpc.get("Tags") or []}
    assert {k: got.get(k) for k in tags} == tags, "tag keys and values reached the cloud as written"
    group = ec2.describe_security_groups(
        GroupIds=[run.get("SecurityGroup", "named")["metadata"]["annotations"][EXTERNAL_NAME]])["SecurityGroups"][0]
    assert (group["GroupName"], group["Description"]) == (f'${{file("{marker}")}}-sg',
                                                          "%{ for x in [1] }${x}%{ endfor }")
    assert not flag_target.exists(), "the external name was never taken for a terraform flag"
    assert run.get("VPC", "flagged")["metadata"]["annotations"][EXTERNAL_NAME].startswith("vpc-")
    topics = [t["TopicArn"] for t in moto.client("sns").list_topics()["Topics"]]
    assert not [t for t in topics if t.endswith(":123456789012")], "no topic named with the rendered template"
    texts = [c.get("message", "") for kind, name in (("Topic", "templated"), ("VPC", "flagged"))
             for c in (run.get(kind, name).get("status") or {}).get("conditions") or []]
    assert not [t for t in texts if "POD-SECRET" in t], texts
