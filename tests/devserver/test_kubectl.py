"""The everyday kubectl workflow against the local API server, with the real kubectl binary and no
flags a real cluster would not need: apply with client-side validation, explain, server-side apply,
printer columns, wait, describe, delete --wait, label selectors and the three patch types."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from kubernetes import client

from bridge.kube.client import api_client
from devserver.server import APIServer
from devserver.store import CRD_KEY
from tests.support.crds import package_crds
from tests.support.packages import AWS_CURATED, AWS_CURATED_NAMESPACED, example_path
from tests.support.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
AWS = ROOT / "providers" / "aws"
GROUP, VERSION = "ec2.aws.tfbridge.io", "v1beta1"
# The cluster-scoped VPC by its full name: "vpc" alone is ambiguous beside the namespaced twin
# (vpcs.ec2.aws.m.tfbridge.io), and kubectl takes the group discovery lists first.
VPCS = f"vpcs.{GROUP}"


class Kubectl:
    def __init__(self, binary: str, kubeconfig: Path, cache: Path) -> None:
        self.binary = binary
        # A cache of its own: kubectl keeps discovery and OpenAPI documents per server address.
        self.env = {**os.environ, "KUBECONFIG": str(kubeconfig), "KUBECACHEDIR": str(cache)}

    def run(self, *args: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.binary, *args], env=self.env, input=stdin, capture_output=True, text=True,
                              timeout=timeout)

    def __call__(self, *args: str, stdin: str | None = None, timeout: float = 60) -> str:
        done = self.run(*args, stdin=stdin, timeout=timeout)
        assert done.returncode == 0, f"kubectl {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def popen(self, *args: str) -> subprocess.Popen[str]:
        return subprocess.Popen([self.binary, *args], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[APIServer, Path]]:
    srv = APIServer().start()
    # The curated kinds of both scopes: beside its namespaced twin, "vpc" is ambiguous.
    crds = {c["metadata"]["name"]: c for p in (AWS_CURATED, AWS_CURATED_NAMESPACED) for c in package_crds(p, "aws")}
    for crd in crds.values():
        srv.store.create(srv.store.types[CRD_KEY], "", crd)
    try:
        yield srv, srv.write_kubeconfig(tmp_path_factory.mktemp("kubectl") / "kubeconfig")
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def kubectl(server: tuple[APIServer, Path], tmp_path_factory: pytest.TempPathFactory) -> Kubectl:
    binary = shutil.which("kubectl")
    if binary is None:
        pytest.fail("kubectl is required by these tests (it is on the machine image) and was not found on PATH",
                    pytrace=False)
    return Kubectl(binary, server[1], tmp_path_factory.mktemp("kubectl-cache"))


@pytest.fixture(scope="module")
def custom(server: tuple[APIServer, Path]) -> client.CustomObjectsApi:
    return client.CustomObjectsApi(api_client(str(server[1])))


def vpc(name: str, **for_provider: Any) -> str:
    spec = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16", **for_provider}
    return yaml.safe_dump({"apiVersion": f"{GROUP}/{VERSION}", "kind": "VPC", "metadata": {"name": name},
                           "spec": {"forProvider": spec}})


def set_conditions(custom: client.CustomObjectsApi, name: str, **conditions: str) -> None:
    status = {"conditions": [{"type": t, "status": s, "reason": "Test", "lastTransitionTime": "2026-01-01T00:00:00Z"}
                             for t, s in conditions.items()]}
    custom.patch_cluster_custom_object_status(GROUP, VERSION, "vpcs", name, {"status": status})


def test_apply_validates_on_the_client_and_the_server_with_no_flags(kubectl: Kubectl) -> None:
    examples = [str(example_path(k)) for k in AWS_CURATED.kinds]
    out = kubectl("apply", *(a for path in examples for a in ("-f", path)))
    assert out.count(" created") == len(examples), out
    assert " unchanged" in kubectl("apply", "-f", str(AWS / "examples/ec2/v1beta1/vpc.yaml"))
    changed = (AWS / "examples/ec2/v1beta1/vpc.yaml").read_text().replace("10.0.0.0/16", "10.3.0.0/16")
    assert " configured" in kubectl("apply", "-f", "-", stdin=changed), "an update is sent as a JSON merge patch"
    assert kubectl("get", VPCS, "example-vpc", "-o", "jsonpath={.spec.forProvider.cidrBlock}") == "10.3.0.0/16"
    typo = kubectl.run("apply", "-f", "-", stdin=vpc("typo-vpc", cidrBlok="10.0.0.0/16"))
    assert typo.returncode != 0 and 'unknown field "spec.forProvider.cidrBlok"' in typo.stderr


def test_cel_rules_refuse_a_missing_required_argument(kubectl: Kubectl) -> None:
    manifest = yaml.safe_load(vpc("no-region"))
    del manifest["spec"]["forProvider"]["region"]
    refused = kubectl.run("apply", "-f", "-", stdin=yaml.safe_dump(manifest))
    assert refused.returncode != 0
    assert ('The VPC "no-region" is invalid: spec: Invalid value: "object": spec.forProvider.region is a required '
            "parameter") in refused.stderr
    manifest["spec"]["managementPolicies"] = ["Observe"]
    assert "created" in kubectl("apply", "-f", "-", stdin=yaml.safe_dump(manifest)), "observe-only needs no region"


@pytest.mark.parametrize("flags", [pytest.param((), id="OpenAPIv3"),
                                   pytest.param(("--output=plaintext-openapiv2",), id="OpenAPIv2Protobuf")])
def test_explain(kubectl: Kubectl, flags: tuple[str, ...]) -> None:
    out = kubectl("explain", *flags, "vpc.spec.forProvider", f"--api-version={GROUP}/{VERSION}")
    assert "KIND:" in out and "VPC" in out and "cidrBlock" in out and "Arguments of the external resource" in out
    assert "Data contains the secret data" in kubectl("explain", *flags, "secret.data")
    # The provider's own documentation, on the field and on the kind.
    field = " ".join(kubectl("explain", *flags, "vpc.spec.forProvider.cidrBlock",
                             f"--api-version={GROUP}/{VERSION}").split())
    assert "The IPv4 CIDR block for the VPC. CIDR can be explicitly set or it can be derived from IPAM using " \
           "ipv4_netmask_length." in field, field
    assert "Provides a VPC resource." in kubectl("explain", *flags, "vpc", f"--api-version={GROUP}/{VERSION}")
    block = " ".join(kubectl("explain", *flags, "table.spec.forProvider.attribute.type",
                             "--api-version=dynamodb.aws.tfbridge.io/v1beta2").split())
    assert "Attribute type. Valid values are S (string), N (number), B (binary)." in block, \
        "a nested block's field is described too"


def test_server_side_apply_owns_fields_and_answers_conflicts(kubectl: Kubectl, custom: client.CustomObjectsApi,
                                                             tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(vpc("ssa-vpc", tags={"team": "a"}))
    assert "serverside-applied" in kubectl("apply", "--server-side", "-f", str(tmp_path / "mine.yaml"))
    obj = custom.get_cluster_custom_object(GROUP, VERSION, "vpcs", "ssa-vpc")
    (entry,) = obj["metadata"]["managedFields"]
    assert (entry["manager"], entry["operation"], entry["fieldsType"]) == ("kubectl", "Apply", "FieldsV1")
    assert entry["fieldsV1"]["f:spec"]["f:forProvider"]["f:tags"] == {".": {}, "f:team": {}}

    (tmp_path / "theirs.yaml").write_text(vpc("ssa-vpc", cidrBlock="10.9.0.0/16"))
    conflict = kubectl.run("apply", "--server-side", "--field-manager=gitops", "-f", str(tmp_path / "theirs.yaml"))
    assert conflict.returncode != 0
    assert 'conflict with "kubectl"' in conflict.stderr and ".spec.forProvider.cidrBlock" in conflict.stderr
    kubectl("apply", "--server-side", "--field-manager=gitops", "--force-conflicts", "-f",
            str(tmp_path / "theirs.yaml"))
    obj = custom.get_cluster_custom_object(GROUP, VERSION, "vpcs", "ssa-vpc")
    assert obj["spec"]["forProvider"]["cidrBlock"] == "10.9.0.0/16"
    owners = {e["manager"]: e["fieldsV1"]["f:spec"]["f:forProvider"] for e in obj["metadata"]["managedFields"]}
    assert "f:cidrBlock" in owners["gitops"] and "f:cidrBlock" not in owners["kubectl"]

    (tmp_path / "mine.yaml").write_text(vpc("ssa-vpc", cidrBlock="10.9.0.0/16"))
    kubectl("apply", "--server-side", "-f", str(tmp_path / "mine.yaml"))
    assert "tags" not in custom.get_cluster_custom_object(GROUP, VERSION, "vpcs", "ssa-vpc")["spec"]["forProvider"], \
        "a field its only applier stops applying is removed"


def test_get_prints_the_crd_printer_columns(kubectl: Kubectl, custom: client.CustomObjectsApi) -> None:
    kubectl("apply", "-f", "-", stdin=vpc("columns-vpc"))
    custom.patch_cluster_custom_object(GROUP, VERSION, "vpcs", "columns-vpc", {
        "metadata": {"annotations": {"crossplane.io/external-name": "vpc-0abc"}}})
    set_conditions(custom, "columns-vpc", Ready="True", Synced="False")
    header, *rows = kubectl("get", VPCS).splitlines()
    assert header.split() == ["NAME", "SYNCED", "READY", "EXTERNAL-NAME", "AGE"]
    (row,) = [r.split() for r in rows if r.startswith("columns-vpc ")]
    assert row[:4] == ["columns-vpc", "False", "True", "vpc-0abc"]
    managed = kubectl("get", "managed")
    assert "vpc.ec2.aws.tfbridge.io/columns-vpc" in managed and "vpc-0abc" in managed


def test_get_watch_prints_changes(kubectl: Kubectl, custom: client.CustomObjectsApi) -> None:
    kubectl("apply", "-f", "-", stdin=vpc("watched-vpc"))
    lines: list[str] = []
    errors: list[str] = []
    # -v=6 logs each request (the watch's resourceVersion among them) on stderr, which a timeout shows.
    with kubectl.popen("get", VPCS, "watched-vpc", "-w", "-v=6") as proc:
        assert proc.stdout is not None and proc.stderr is not None
        readers = [threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True),
                   threading.Thread(target=lambda: errors.extend(iter(proc.stderr.readline, "")), daemon=True)]
        for reader in readers:
            reader.start()

        def state() -> str:
            obj = custom.get_cluster_custom_object(GROUP, VERSION, "vpcs", "watched-vpc")
            return (f"printed: {lines}; kubectl's stderr: {errors}; kubectl exited: {proc.poll()}; the object: "
                    f"resourceVersion {obj['metadata']['resourceVersion']}, "
                    f"conditions {obj.get('status', {}).get('conditions')}")

        try:
            wait_for(lambda: any(ln.startswith("watched-vpc ") for ln in lines), timeout=30,
                     what=lambda: f"kubectl get -w to print the object's first row ({state()})")
            set_conditions(custom, "watched-vpc", Ready="True", Synced="True")
            wait_for(lambda: any(ln.split()[:3] == ["watched-vpc", "True", "True"] for ln in lines), timeout=30,
                     what=lambda: f"kubectl get -w to print the Ready row ({state()})")
        finally:
            proc.kill()
    for reader in readers:
        reader.join(10)
    assert lines[0].split()[0] == "NAME" and sum(ln.startswith("NAME") for ln in lines) == 1


def test_wait_for_condition(kubectl: Kubectl, custom: client.CustomObjectsApi) -> None:
    kubectl("apply", "-f", "-", stdin=vpc("waited-vpc"))
    timer = threading.Timer(1.0, set_conditions, (custom, "waited-vpc"), {"Ready": "True"})
    timer.start()
    try:
        assert "condition met" in kubectl("wait", "--for=condition=Ready", f"{VPCS}/waited-vpc", "--timeout=30s")
    finally:
        timer.cancel()


def test_describe_shows_the_objects_events(kubectl: Kubectl, server: tuple[APIServer, Path],
                                           custom: client.CustomObjectsApi) -> None:
    kubectl("apply", "-f", "-", stdin=vpc("described-vpc"))
    obj = custom.get_cluster_custom_object(GROUP, VERSION, "vpcs", "described-vpc")
    core = client.CoreV1Api(api_client(str(server[1])))
    for name, uid in (("described-vpc", obj["metadata"]["uid"]), ("someone-else", "other-uid")):
        core.create_namespaced_event("default", client.CoreV1Event(
            metadata=client.V1ObjectMeta(generate_name=f"{name}."), reason="CreatedExternalResource",
            message=f"about {name}", type="Normal", count=1,
            involved_object=client.V1ObjectReference(api_version=f"{GROUP}/{VERSION}", kind="VPC", name=name,
                                                     uid=uid)))
    out = kubectl("describe", VPCS, "described-vpc")
    assert "CreatedExternalResource" in out and "about described-vpc" in out
    assert "about someone-else" not in out, "events are listed by the involved object's field selectors"


def test_delete_waits_for_finalizers(kubectl: Kubectl, custom: client.CustomObjectsApi) -> None:
    manifest = yaml.safe_load(vpc("deleted-vpc"))
    manifest["metadata"]["finalizers"] = ["test.tfbridge.io/hold"]
    kubectl("apply", "-f", "-", stdin=yaml.safe_dump(manifest))
    release = threading.Timer(1.5, lambda: custom.patch_cluster_custom_object(
        GROUP, VERSION, "vpcs", "deleted-vpc", {"metadata": {"finalizers": None}}))
    release.start()
    started = time.monotonic()
    try:
        assert '"deleted-vpc" deleted' in kubectl("delete", VPCS, "deleted-vpc", "--wait", "--timeout=30s")
    finally:
        release.cancel()
    assert time.monotonic() - started >= 1.0, "delete --wait returned before the finalizer was removed"
    assert kubectl.run("get", VPCS, "deleted-vpc").returncode != 0


def test_labels_and_selectors(kubectl: Kubectl) -> None:
    for name, team in (("team-a-vpc", "a"), ("team-b-vpc", "b")):
        kubectl("apply", "-f", "-", stdin=vpc(name))
        kubectl("label", VPCS, name, f"team={team}")
    out = kubectl("get", VPCS, "--show-labels", "-l", "team=a")
    header, *rows = out.splitlines()
    assert header.split()[-1] == "LABELS" and [r.split()[0] for r in rows] == ["team-a-vpc"]
    assert "team=a" in rows[0]


def test_patch_types_on_a_custom_resource(kubectl: Kubectl, custom: client.CustomObjectsApi) -> None:
    kubectl("apply", "-f", "-", stdin=vpc("patched-vpc"))
    kubectl("patch", VPCS, "patched-vpc", "--type=merge", "-p", '{"spec":{"forProvider":{"tags":{"a":"1"}}}}')
    kubectl("patch", VPCS, "patched-vpc", "--type=json", "-p",
            '[{"op":"add","path":"/spec/forProvider/tags/b","value":"2"}]')
    assert custom.get_cluster_custom_object(GROUP, VERSION, "vpcs", "patched-vpc")["spec"]["forProvider"]["tags"] == {
        "a": "1", "b": "2"}
    refused = kubectl.run("patch", VPCS, "patched-vpc", "--type=strategic", "-p", '{"metadata":{"labels":{"x":"y"}}}')
    assert refused.returncode != 0 and "the body of the request was in an unknown format" in refused.stderr, \
        "custom resources refuse strategic merge patches (415), as kube-apiserver does"


def test_strategic_merge_patch_on_a_builtin_kind(kubectl: Kubectl, server: tuple[APIServer, Path]) -> None:
    core = client.CoreV1Api(api_client(str(server[1])))
    core.create_namespaced_secret("default", client.V1Secret(
        metadata=client.V1ObjectMeta(name="patched-secret", finalizers=["a.tfbridge.io/one"]),
        string_data={"k": "v"}, type="Opaque"))
    kubectl("patch", "secret", "patched-secret", "--type=strategic", "-p",
            '{"metadata":{"finalizers":["a.tfbridge.io/two"]}}')
    assert core.read_namespaced_secret("patched-secret", "default").metadata.finalizers == [
        "a.tfbridge.io/one", "a.tfbridge.io/two"], "finalizers merge rather than replace"
    kubectl("patch", "secret", "patched-secret", "--type=strategic", "-p",
            '{"metadata":{"$deleteFromPrimitiveList/finalizers":["a.tfbridge.io/one","a.tfbridge.io/two"]}}')
    assert not core.read_namespaced_secret("patched-secret", "default").metadata.finalizers
    header, *rows = kubectl("get", "secrets").splitlines()
    assert header.split() == ["NAME", "TYPE", "DATA", "AGE"]
    assert [r.split()[:3] for r in rows if r.startswith("patched-secret ")] == [["patched-secret", "Opaque", "1"]]


def test_server_side_dry_run_and_diff(kubectl: Kubectl, tmp_path: Path) -> None:
    (tmp_path / "vpc.yaml").write_text(vpc("dry-vpc"))
    assert "(server dry run)" in kubectl("apply", "--dry-run=server", "-f", str(tmp_path / "vpc.yaml"))
    assert kubectl.run("get", VPCS, "dry-vpc").returncode != 0, "a dry run stores nothing"
    kubectl("apply", "-f", str(tmp_path / "vpc.yaml"))
    (tmp_path / "vpc.yaml").write_text(vpc("dry-vpc", cidrBlock="10.7.0.0/16"))
    diff = kubectl.run("diff", "-f", str(tmp_path / "vpc.yaml"))
    assert diff.returncode == 1, diff.stderr
    assert "+    cidrBlock: 10.7.0.0/16" in diff.stdout and "-    cidrBlock: 10.0.0.0/16" in diff.stdout
    assert kubectl("get", VPCS, "dry-vpc", "-o", "jsonpath={.spec.forProvider.cidrBlock}") == "10.0.0.0/16"
