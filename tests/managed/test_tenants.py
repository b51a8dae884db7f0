"""Two tenants in two namespaces: a namespaced managed resource reaches its own namespace's Secrets,
ProviderConfigs and referenced objects (and ClusterProviderConfigs), never another namespace's.

Each test tries to reach team-b from team-a and checks both the refusal on team-a's object and that
no request was made in team-b.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
from typing import Any

import pytest

from bridge.api.errors import InvalidSpec, Retryable
from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.kube.client import EVENTS, NAMESPACES, SECRETS, Resource
from bridge.managed import references
from bridge.managed.adoption import ALLOWED_NAMESPACES
from bridge.managed.collaborators import APIReferenceResolver, kind_resource
from bridge.managed.connection import publish
from bridge.managed.events import Recorder
from bridge.managed.reconciler import ManagedReconciler
from tests.support.bench import Bench, with_crds
from tests.support.packages import AWS, AWS_CURATED_NAMESPACED

VPC = AWS_CURATED_NAMESPACED.by_type("aws_vpc", namespaced=True)
SUBNET = AWS_CURATED_NAMESPACED.by_type("aws_subnet", namespaced=True)


class Recording:
    """The bench's store, recording the namespace of every read."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.reads: list[tuple[str, str, str]] = []  # (verb, plural, namespace)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def get(self, res: Resource, name: str, namespace: str = "") -> dict[str, Any]:
        self.reads.append(("get", res.plural, namespace))
        return self.inner.get(res, name, namespace)  # type: ignore[no-any-return]

    def list(self, res: Resource, namespace: str = "", label_selector: str = "") -> tuple[list[Any], str]:
        self.reads.append(("list", res.plural, namespace))
        return self.inner.list(res, namespace, label_selector)  # type: ignore[no-any-return]

    def in_namespace(self, namespace: str) -> list[tuple[str, str, str]]:
        return [r for r in self.reads if r[2] == namespace]


@pytest.fixture
def bench() -> Bench:
    b = Bench(crds=with_crds("ec2", "vpcs", "subnets", group="ec2.aws.m.tfbridge.io"))
    res = b.connector.res
    assert res.namespaced_configs is not None and res.cluster_configs is not None
    for ns in ("team-a", "team-b"):
        with contextlib.suppress(errors.Conflict):
            b.kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
        creds = json.dumps({"access_key": f"key-{ns}", "secret_key": "s"}).encode()
        data = {"creds": base64.b64encode(creds).decode(),
                "password": base64.b64encode(f"secret-of-{ns}".encode()).decode()}
        b.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "data": data,
                                "metadata": {"name": "creds", "namespace": ns}})
    b.kube.create(res.namespaced_configs, {
        "apiVersion": res.namespaced_configs.api_version, "kind": "ProviderConfig",
        "metadata": {"name": "own", "namespace": "team-b"},
        "spec": {"credentials": {"source": "Secret", "secretRef": {"name": "creds", "key": "creds"}}}})
    b.kube.create(res.cluster_configs, {
        "apiVersion": res.cluster_configs.api_version, "kind": "ClusterProviderConfig",
        "metadata": {"name": "default", "annotations": {ALLOWED_NAMESPACES: "team-a, team-b"}},
        "spec": {"credentials": {"source": "None"}, "configuration": {"region": "us-east-1"}}})
    return b


def namespaced(kind: Any, name: str, namespace: str, spec: dict[str, Any]) -> Managed:
    return Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                    "metadata": {"name": name, "namespace": namespace, "uid": f"uid-{namespace}-{name}"},
                    "spec": spec})


def connect(b: Bench, mr: Managed) -> Recording:
    recording = Recording(b.kube)
    b.connector.kube = recording  # type: ignore[assignment]
    b.connector.connect(mr, VPC)
    return recording


def access_keys(b: Bench) -> list[str]:
    return [s.credentials_env.get("AWS_ACCESS_KEY_ID", "") for s in b.cloud.setups]


def test_a_namespace_uses_its_own_provider_config_and_its_own_secret(bench: Bench) -> None:
    mr = namespaced(VPC, "net", "team-b", {"forProvider": {"region": "us-east-1"},
                                           "providerConfigRef": {"kind": "ProviderConfig", "name": "own"}})
    recording = connect(bench, mr)
    assert access_keys(bench) == ["key-team-b"]
    assert recording.in_namespace("team-a") == []
    res = bench.connector.res.namespaced_usages
    assert res is not None
    (usage,) = bench.kube.list(res, "team-b")[0]
    assert usage["spec"]["providerConfigRef"] == {"kind": "ProviderConfig", "name": "own"}


def test_a_cluster_provider_config_serves_only_the_namespaces_it_lists(bench: Bench) -> None:
    res = bench.connector.res.cluster_configs
    assert res is not None
    bench.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                                "metadata": {"name": "ops", "namespace": "default"},
                                "data": {"creds": base64.b64encode(b"not json at all").decode()}})
    for name, marks in (("unlisted", {}), ("others", {ALLOWED_NAMESPACES: "team-b,team-c"})):
        bench.kube.create(res, {"apiVersion": res.api_version, "kind": "ClusterProviderConfig",
                                "metadata": {"name": name, "annotations": marks},
                                "spec": {"credentials": {"source": "Secret", "secretRef": {
                                    "namespace": "default", "name": "ops", "key": "creds"}}}})
        mr = namespaced(VPC, "net", "team-a", {"forProvider": {"region": "us-east-1"},
                                               "providerConfigRef": {"kind": "ClusterProviderConfig", "name": name}})
        with pytest.raises(InvalidSpec, match=f"ClusterProviderConfig/{name} may not be used from namespace team-a") \
                as caught:
            bench.connector.connect(mr, VPC)
        assert "JSON" not in str(caught.value), "nothing of its credentials is told"
    assert bench.cloud.setups == []


def test_a_cluster_provider_config_serves_every_namespace(bench: Bench) -> None:
    mr = namespaced(VPC, "net", "team-a", {"forProvider": {"region": "us-east-1"},
                                           "providerConfigRef": {"kind": "ClusterProviderConfig", "name": "default"}})
    connect(bench, mr)
    (setup,) = bench.cloud.setups
    assert setup.configuration["region"] == "us-east-1"


@pytest.mark.parametrize(("spec", "error", "message"), [
    pytest.param({"providerConfigRef": {"kind": "ProviderConfig", "name": "own"}}, Retryable,
                 "ProviderConfig 'own' not found in namespace team-a", id="AnotherNamespacesProviderConfig"),
    pytest.param({"providerConfigRef": {"kind": "Secret", "name": "creds"}}, InvalidSpec,
                 "neither ProviderConfig nor ClusterProviderConfig", id="NotAProviderConfigKind"),
    pytest.param({"providerConfigRef": {"kind": "ClusterProviderConfig", "name": "default"},
                  "writeConnectionSecretToRef": {"name": "creds", "namespace": "team-b"}}, InvalidSpec,
                 "Secrets of its own namespace (team-a) only", id="ConnectionSecretInAnotherNamespace"),
    pytest.param({"providerConfigRef": {"kind": "ClusterProviderConfig", "name": "default"},
                  "forProvider": {"region": "us-east-1",
                                  "passwordSecretRef": {"name": "creds", "key": "password", "namespace": "team-b"}}},
                 InvalidSpec, "Secrets of its own namespace (team-a) only", id="SecretRefInAnotherNamespace"),
])
def test_team_a_cannot_reach_team_b(bench: Bench, spec: dict[str, Any], error: type[Exception],
                                    message: str) -> None:
    mr = namespaced(VPC, "net", "team-a", {"forProvider": {"region": "us-east-1"}, **spec})
    recording = Recording(bench.kube)
    bench.connector.kube = recording  # type: ignore[assignment]
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        bench.connector.connect(mr, VPC)
    assert recording.in_namespace("team-b") == [], "nothing was read in the other namespace"
    assert bench.cloud.setups == []


def test_a_namespaced_provider_config_reads_no_other_namespaces_secret(bench: Bench) -> None:
    """A secretRef may name the ProviderConfig's own namespace (provider-upjet-aws's CRD requires one); another
    is refused, never read, nor replaced by the own namespace's Secret of that name."""
    res = bench.connector.res.namespaced_configs
    assert res is not None
    for name, namespace in (("named", "team-a"), ("borrowed", "team-b")):
        bench.kube.create(res, {"apiVersion": res.api_version, "kind": "ProviderConfig",
                                "metadata": {"name": name, "namespace": "team-a"},
                                "spec": {"credentials": {"source": "Secret", "secretRef": {
                                    "name": "creds", "key": "creds", "namespace": namespace}}}})
    named = namespaced(VPC, "net", "team-a", {"forProvider": {"region": "us-east-1"},
                                              "providerConfigRef": {"kind": "ProviderConfig", "name": "named"}})
    connect(bench, named)
    assert access_keys(bench) == ["key-team-a"], "the Secret of the ProviderConfig's own namespace"
    borrowed = namespaced(VPC, "net2", "team-a", {"forProvider": {"region": "us-east-1"},
                                                  "providerConfigRef": {"kind": "ProviderConfig", "name": "borrowed"}})
    stored = bench.kube.get(res, "borrowed", "team-a")
    assert stored["spec"]["credentials"]["secretRef"]["namespace"] == "team-b", "kept, to be refused"
    recording = Recording(bench.kube)
    bench.connector.kube = recording  # type: ignore[assignment]
    with pytest.raises(InvalidSpec, match=r"reads Secrets of its own namespace \(team-a\) only"):
        bench.connector.connect(borrowed, VPC)
    assert recording.in_namespace("team-b") == []


def test_a_namespace_in_a_namespaced_provider_configs_secret_ref_is_refused_where_not_pruned(bench: Bench) -> None:
    res = bench.connector.res.namespaced_configs
    assert res is not None
    pc = {"spec": {"credentials": {"source": "Secret", "secretRef": {"name": "creds", "key": "creds",
                                                                     "namespace": "team-b"}}}}

    class Unpruned(Recording):
        def get(self, r: Resource, name: str, namespace: str = "") -> dict[str, Any]:
            self.reads.append(("get", r.plural, namespace))
            return pc if r == res else self.inner.get(r, name, namespace)  # type: ignore[no-any-return]

    recording = Unpruned(bench.kube)
    bench.connector.kube = recording  # type: ignore[assignment]
    mr = namespaced(VPC, "net", "team-a", {"forProvider": {"region": "us-east-1"},
                                           "providerConfigRef": {"kind": "ProviderConfig", "name": "borrowed"}})
    with pytest.raises(InvalidSpec, match=r"reads Secrets of its own namespace \(team-a\) only"):
        bench.connector.connect(mr, VPC)
    assert recording.in_namespace("team-b") == []


def test_a_secret_ref_is_read_in_the_objects_own_namespace(bench: Bench) -> None:
    mr = namespaced(VPC, "net", "team-a", {"forProvider": {"region": "us-east-1"}})
    read = bench.connector._reader(mr)
    assert read("", "creds")["password"] == b"secret-of-team-a"
    with pytest.raises(InvalidSpec, match="own namespace"):
        read("team-b", "creds")


def test_the_connection_secret_is_written_in_the_objects_own_namespace(bench: Bench) -> None:
    mr = namespaced(VPC, "net", "team-a", {"forProvider": {}, "writeConnectionSecretToRef": {"name": "conn"}})
    assert publish(bench.kube, mr, {"endpoint": b"x"})
    assert bench.kube.get(SECRETS, "conn", "team-a")["data"] == {"endpoint": "eA=="}
    with pytest.raises(errors.NotFound):
        bench.kube.get(SECRETS, "conn", "default")


def _vpc(b: Bench, namespace: str, name: str, vpc_id: str) -> None:
    b.kube.create(kind_resource(VPC), {
        "apiVersion": VPC.api_version, "kind": "VPC", "metadata": {
            "name": name, "namespace": namespace, "labels": {"net": "main"},
            "annotations": {"crossplane.io/external-name": vpc_id}},
        "spec": {"forProvider": {"region": "us-east-1"}}},
        namespace=namespace)


@pytest.mark.parametrize(("for_provider", "message"), [
    pytest.param({"vpcIdRef": {"name": "net", "namespace": "team-b"}},
                 r"vpcIdRef\.namespace: references stay in this resource's namespace", id="RefToAnotherNamespace"),
    pytest.param({"vpcIdSelector": {"matchLabels": {"net": "main"}, "namespace": "team-b"}},
                 r"vpcIdSelector\.namespace: references stay", id="SelectorInAnotherNamespace"),
])
def test_references_to_another_namespace_are_refused_before_any_request(
        bench: Bench, for_provider: dict[str, Any], message: str) -> None:
    _vpc(bench, "team-b", "net", "vpc-b")
    mr = namespaced(SUBNET, "sub", "team-a", {"forProvider": {"region": "us-east-1", **for_provider}})
    recording = Recording(bench.kube)
    with pytest.raises(InvalidSpec, match=message):
        references.resolve(recording, mr, SUBNET, AWS, kind_resource)  # type: ignore[arg-type]
    assert recording.reads == []
    assert references.users(bench.kube.get(kind_resource(VPC), "net", "team-b")) == [], "nothing pinned"


def test_references_and_selectors_resolve_in_the_objects_own_namespace(bench: Bench) -> None:
    _vpc(bench, "team-b", "net", "vpc-b")
    mr = namespaced(SUBNET, "sub", "team-a", {"forProvider": {"region": "us-east-1", "vpcIdRef": {"name": "net"}}})
    with pytest.raises(Retryable, match="not ready"):  # team-b's VPC of the same name is not team-a's
        references.resolve(bench.kube, mr, SUBNET, AWS, kind_resource)
    _vpc(bench, "team-a", "net", "vpc-a")
    _, targets = references.resolve(bench.kube, mr, SUBNET, AWS, kind_resource)
    assert mr.for_provider["vpcId"] == "vpc-a"
    assert targets == [(VPC.api_version, "VPC", "net", "")]
    selected = namespaced(SUBNET, "sel", "team-a", {"forProvider": {
        "region": "us-east-1", "vpcIdSelector": {"matchLabels": {"net": "main"}, "namespace": "team-a"}}})
    references.resolve(bench.kube, selected, SUBNET, AWS, kind_resource)
    assert selected.for_provider["vpcId"] == "vpc-a" and selected.for_provider["vpcIdRef"] == {"name": "net"}


def _share(b: Bench, namespace: str, name: str, with_namespaces: str) -> None:
    annotations = {references.REFERENCEABLE_FROM: with_namespaces}
    b.kube.patch(kind_resource(VPC), name, {"metadata": {"annotations": annotations}}, namespace=namespace)


def _subnet(b: Bench, name: str, for_provider: dict[str, Any]) -> None:
    b.kube.create(kind_resource(SUBNET), {"apiVersion": SUBNET.api_version, "kind": "Subnet",
                                          "metadata": {"name": name, "namespace": "team-a"},
                                          "spec": {"forProvider": {"region": "us-east-1", **for_provider}}},
                  namespace="team-a")


def _reconciler(b: Bench, *, cross_namespace: bool) -> ManagedReconciler:
    return ManagedReconciler(kube=b.kube, kind=SUBNET, package=AWS_CURATED_NAMESPACED, connect=b.connector.connect,
                             operations=b.ops, recorder=Recorder(b.kube, component="test", redactor=b.redactor),
                             cross_namespace_references=cross_namespace)


def _synced(b: Bench, name: str) -> dict[str, Any]:
    obj = b.kube.get(kind_resource(SUBNET), name, "team-a")
    return next(c for c in obj["status"]["conditions"] if c["type"] == "Synced")


@pytest.mark.parametrize(("cross_namespace", "shared_with", "message"), [
    pytest.param(False, "team-a", r"references stay in this resource's namespace \(team-a\); 'team-b' is another "
                                  r"\(the provider does not allow cross-namespace references\)",
                 id="ProviderDoesNotAllowEvenIfTheTargetConsents"),
    pytest.param(True, None, r"VPC team-b/net is not shared with namespace team-a \(it must exist and list team-a "
                             r"in its tfbridge.io/referenceable-from annotation\)", id="TargetDoesNotConsent"),
    pytest.param(True, "team-c", "VPC team-b/net is not shared with namespace team-a", id="TargetConsentsToAnother"),
])
def test_a_tenant_cannot_bind_another_tenants_object_without_both_opt_ins(
        bench: Bench, cross_namespace: bool, shared_with: str | None, message: str) -> None:
    _vpc(bench, "team-b", "net", "vpc-b")
    if shared_with:
        _share(bench, "team-b", "net", shared_with)
    _subnet(bench, "sub", {"vpcIdRef": {"name": "net", "namespace": "team-b"}})
    with pytest.raises(Exception, match=message):
        _reconciler(bench, cross_namespace=cross_namespace).reconcile(("team-a", "sub"))
    synced = _synced(bench, "sub")
    assert synced["status"] == "False" and "spec.forProvider.vpcIdRef" in synced["message"], "said on its own object"
    assert re.search(message, synced["message"])
    target = bench.kube.get(kind_resource(VPC), "net", "team-b")
    assert references.users(target) == [], "nothing pinned on the other tenant's object"
    subnet = bench.kube.get(kind_resource(SUBNET), "sub", "team-a")
    assert "vpcId" not in subnet["spec"]["forProvider"], "no identifier of the other tenant read into the spec"
    assert bench.cloud.setups == []


def test_a_missing_target_and_one_that_does_not_consent_read_alike(bench: Bench) -> None:
    _vpc(bench, "team-b", "hidden", "vpc-hidden")
    answers = []
    for name in ("hidden", "absent"):
        mr = namespaced(SUBNET, "sub", "team-a", {"forProvider": {"vpcIdRef": {"name": name, "namespace": "team-b"}}})
        with pytest.raises(Retryable) as caught:
            references.resolve(bench.kube, mr, SUBNET, AWS, kind_resource, cross_namespace=True)
        answers.append(str(caught.value).replace(name, "NAME"))
    assert answers[0] == answers[1]


def test_both_opt_ins_let_a_reference_cross_and_pin_its_target(bench: Bench) -> None:
    _vpc(bench, "team-b", "net", "vpc-b")
    _share(bench, "team-b", "net", "team-c, team-a")
    _subnet(bench, "sub", {"vpcIdRef": {"name": "net", "namespace": "team-b"}})
    resolver = APIReferenceResolver(bench.kube, SUBNET, AWS_CURATED_NAMESPACED,
                                    lambda m: Managed(bench.kube.update(kind_resource(SUBNET), m.obj)),
                                    cross_namespace=True)
    mr = resolver.resolve(Managed(bench.kube.get(kind_resource(SUBNET), "sub", "team-a")))
    assert mr.for_provider["vpcId"] == "vpc-b"
    assert references.pinned(mr) == [(VPC.api_version, "VPC", "net", "team-b")]
    finalizer = references.in_use_finalizer(mr)
    assert references.users(bench.kube.get(kind_resource(VPC), "net", "team-b")) == [finalizer]

    # The owner withdraws its consent: the next reconcile refuses, even with the value already resolved.
    _share(bench, "team-b", "net", "team-c")
    with pytest.raises(Retryable, match="not shared with namespace team-a"):
        resolver.resolve(mr)
    resolver.release(mr)
    assert references.users(bench.kube.get(kind_resource(VPC), "net", "team-b")) == []


def test_a_selector_in_another_namespace_selects_only_consenting_objects(bench: Bench) -> None:
    _vpc(bench, "team-b", "a-private", "vpc-private")
    _vpc(bench, "team-b", "b-shared", "vpc-shared")
    _share(bench, "team-b", "b-shared", "*")
    mr = namespaced(SUBNET, "sel", "team-a", {"forProvider": {
        "region": "us-east-1", "vpcIdSelector": {"matchLabels": {"net": "main"}, "namespace": "team-b"}}})
    references.resolve(bench.kube, mr, SUBNET, AWS, kind_resource, cross_namespace=True)
    assert mr.for_provider["vpcId"] == "vpc-shared"
    assert mr.for_provider["vpcIdRef"] == {"name": "b-shared", "namespace": "team-b"}, "where it was found"


def test_each_object_leases_provider_processes_as_its_tenant(bench: Bench) -> None:
    for namespace in ("team-a", "team-b", "team-a"):
        connect(bench, namespaced(VPC, "net", namespace, {
            "forProvider": {"region": "us-east-1"},
            "providerConfigRef": {"kind": "ClusterProviderConfig", "name": "default"}}))
    first, second, again = bench.cloud.setups
    assert (first.tenant, second.tenant) == ("team-a", "team-b"), "one ClusterProviderConfig, two tenants"
    assert again is first, "one setup object per tenant: what is worked out about it is kept"
    assert first.configuration == second.configuration and first.credentials_env == second.credentials_env
    cluster_vpc = Managed({"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC",
                           "metadata": {"name": "net", "uid": "uid-net"}, "spec": {"forProvider": {}}})
    bench.connector.connect(cluster_vpc, VPC)
    assert bench.cloud.setups[-1].tenant == "ProviderConfig/default"


def test_messages_about_a_tenants_object_redact_its_secrets_and_no_other_tenants(bench: Bench) -> None:
    read_a = bench.connector._reader(namespaced(VPC, "net", "team-a", {"forProvider": {}}))
    read_b = bench.connector._reader(namespaced(VPC, "net", "team-b", {"forProvider": {}}))
    read_a("", "creds")
    read_b("", "creds")
    obj = {"apiVersion": VPC.api_version, "kind": "VPC", "metadata": {"name": "net", "namespace": "team-a"}}
    Recorder(bench.kube, component="test", redactor=bench.redactor).warning(
        obj, "Guess", "secret-of-team-a or secret-of-team-b?")
    events = [e["message"] for e in bench.kube.list(EVENTS, "team-a")[0] if e["reason"] == "Guess"]
    assert events == ["[redacted] or secret-of-team-b?"], "team-a learns nothing of team-b's secret by guessing it"
