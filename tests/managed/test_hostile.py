"""Hostile specs against the reconciler, through the real HTTP client and the local API server.

Whoever may create a managed resource is the untrusted party: every case here is something such a
person can write, and each must end as ``Synced=False`` on that object, naming the field, with no
request that reaches anything else, no secret in a condition or an event, and the cloud untouched.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bridge.api.errors import OperationFailed, ProviderConfigFailed
from bridge.kube import decode, errors
from bridge.kube.client import EVENTS, SECRETS, HTTPKube, Resource
from bridge.managed.reconciler import SPEC_DEPTH
from bridge.managed.secrets import SecretAccess
from tests.support.bench import CRDS_YAML, Bench
from tests.support.cluster import Cluster
from tests.support.crds import without_patterns

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
SUBNET = {"region": "us-east-1", "cidrBlock": "10.0.1.0/24"}
# The bench's provider runs in crossplane-system; "ghost" is allowed but does not exist.
ACCESS = SecretAccess.of("crossplane-system", ("default", "ghost"))


@pytest.fixture
def bench(cluster: Cluster) -> Iterator[Bench]:
    """The runtime's checks are under test, not the CRDs' (tests/codegen proves those refuse the same
    values at admission): the bench serves CRDs without their patterns."""
    yield Bench(kube=HTTPKube(cluster.api_client()), access=ACCESS, crds=without_patterns(CRDS_YAML))


def calls(b: Bench) -> dict[tuple[str, str, str], int]:
    assert isinstance(b.kube, HTTPKube)
    return b.kube.calls


def refused(b: Bench, kind: str, name: str, field: str) -> dict[str, Any]:
    """Reconcile once; the object must say Synced=False naming ``field``, with a Warning event."""
    with pytest.raises(Exception):  # noqa: B017 - the controller's retry policy decides; the object tells
        b.reconcile(kind, name)
    synced = b.condition(kind, name, "Synced")
    assert synced.get("status") == "False" and field in synced.get("message", ""), synced
    assert any(kind == "Warning" for kind, _ in b.events(name)), b.events(name)
    return synced


def secret_gets(b: Bench) -> int:
    return calls(b).get(("get", "", "secrets"), 0)


@pytest.mark.parametrize(
    "name",
    [pytest.param("../../../../api/v1/namespaces/crossplane-system/secrets/aws-creds", id="TraversalToASecret"),
     pytest.param("x/../default", id="TraversalToAnotherProviderConfig"),
     pytest.param("default\u202e", id="RightToLeftOverride"),
     pytest.param("default\x00", id="NUL")],
)
def test_provider_config_ref_that_names_no_object(bench: Bench, name: str) -> None:
    bench.apply("VPC", "v", VPC, providerConfigRef={"name": name})
    refused(bench, "VPC", "v", "spec.providerConfigRef.name")
    assert secret_gets(bench) == 0 and bench.cloud.calls == {}


def test_reference_traversal_resolves_to_nothing(bench: Bench) -> None:
    bench.apply("VPC", "net", VPC)
    bench.settle("VPC", "net")
    bench.apply("Subnet", "sub", {**SUBNET, "vpcIdRef": {"name": "x/../net"}})
    refused(bench, "Subnet", "sub", "spec.forProvider.vpcIdRef.name")
    assert "vpcId" not in bench.get("Subnet", "sub")["spec"]["forProvider"]
    assert not [f for f in bench.get("VPC", "net")["metadata"].get("finalizers") or [] if "in-use" in f]
    assert bench.cloud.calls.get("create") == 1, "only the VPC"


@pytest.mark.parametrize(
    ("match", "field"),
    [pytest.param({"team": "a,team!=a"}, "matchLabels.team", id="ValueAddsARequirement"),
     pytest.param({"team in (a,b),x": "y"}, "matchLabels", id="KeyAddsASetRequirement"),
     pytest.param({}, "matchLabels", id="EmptySelectsEverything")],
)
def test_selector_injection_selects_nothing_more(bench: Bench, match: dict[str, str], field: str) -> None:
    for name, team in (("net-a", "a"), ("net-b", "b")):
        bench.apply("VPC", name, VPC, metadata={"labels": {"team": team}})
        bench.settle("VPC", name)
    lists = calls(bench).get(("list", "ec2.aws.tfbridge.io", "vpcs"), 0)
    bench.apply("Subnet", "sub", {**SUBNET, "vpcIdSelector": {"matchLabels": match}})
    refused(bench, "Subnet", "sub", f"spec.forProvider.vpcIdSelector.{field}")
    assert calls(bench).get(("list", "ec2.aws.tfbridge.io", "vpcs"), 0) == lists, "no list was sent"
    assert "vpcIdRef" not in bench.get("Subnet", "sub")["spec"]["forProvider"]


@pytest.mark.parametrize(
    ("ref", "field"),
    [pytest.param({"name": "../aws-creds", "namespace": "default"}, "writeConnectionSecretToRef.name",
                  id="TraversalInTheName"),
     pytest.param({"name": "conn", "namespace": "kube-system"}, "writeConnectionSecretToRef.namespace",
                  id="ForeignNamespace"),
     pytest.param({"name": "conn", "namespace": "crossplane-system/../kube-system"},
                  "writeConnectionSecretToRef.namespace", id="TraversalInTheNamespace")],
)
def test_connection_secret_outside_what_the_operator_allows(bench: Bench, ref: dict[str, str], field: str) -> None:
    bench.apply("VPC", "v", VPC, writeConnectionSecretToRef=ref)
    refused(bench, "VPC", "v", f"spec.{field}")
    assert bench.cloud.calls == {}, "refused before anything is created"
    assert ("create", "", "secrets") not in calls(bench)


def test_connection_secret_in_a_missing_namespace_is_reported(bench: Bench) -> None:
    bench.apply("VPC", "v", VPC, writeConnectionSecretToRef={"name": "conn", "namespace": "ghost"})
    for _ in range(2):  # the create's outcome, then the next observe
        with pytest.raises(Exception, match="namespace 'ghost' does not exist"):
            bench.settle("VPC", "v")
    synced = bench.condition("VPC", "v", "Synced")
    assert synced["status"] == "False" and "namespace 'ghost' does not exist" in synced["message"]
    assert bench.condition("VPC", "v", "Ready")["reason"] == "Available", "the cloud object exists all the same"
    assert any(kind == "Warning" for kind, _ in bench.events("v")), bench.events("v")


def test_an_unmarked_secret_is_never_adopted(bench: Bench) -> None:
    """Someone else's Secret of the connection type, left unowned: pointing at it gains nothing."""
    victim = bench.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                                         "type": "connection.crossplane.io/v1alpha1",
                                         "metadata": {"name": "theirs", "namespace": "default"},
                                         "data": {"password": base64.b64encode(b"theirs").decode()}})
    bench.apply("VPC", "v", VPC, writeConnectionSecretToRef={"name": "theirs", "namespace": "default"})
    with pytest.raises(Exception, match="not adopting"):
        bench.settle("VPC", "v")
    assert bench.kube.get(SECRETS, "theirs", "default") == victim


@pytest.mark.parametrize(
    ("namespace", "name", "field"),
    [pytest.param("kube-system", "creds", "namespace", id="ForeignNamespace"),
     pytest.param("default", "x/../creds", "name", id="TraversalInTheName")],
)
def test_secret_ref_outside_what_the_operator_allows(bench: Bench, namespace: str, name: str, field: str) -> None:
    bench.cloud.secret_refs = [(namespace, name)]
    bench.apply("VPC", "v", VPC)
    refused(bench, "VPC", "v", f"a *SecretRef.{field}")
    assert secret_gets(bench) == 0


def test_secret_inputs_are_never_published(bench: Bench) -> None:
    """The fake provider reports its password argument as a sensitive attribute, as Terraform does."""
    bench.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                                "metadata": {"name": "db-pass", "namespace": "default"},
                                "data": {"password": base64.b64encode(b"s3cret").decode()}})
    bench.cloud.secret_refs = [("default", "db-pass")]
    bench.apply("VPC", "v", VPC, writeConnectionSecretToRef={"name": "conn", "namespace": "default"})
    bench.settle("VPC", "v")
    assert bench.condition("VPC", "v", "Synced")["status"] == "True"
    published = bench.kube.get(SECRETS, "conn", "default")
    assert "attribute.password" not in (published.get("data") or {})


def _credentials(b: Bench, values: dict[str, str]) -> None:
    b.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                            "metadata": {"name": "creds", "namespace": "default"},
                            "data": {"creds": base64.b64encode(json.dumps(values).encode()).decode()}})
    b.kube.create(b.connector.res.configs, {
        "apiVersion": "aws.tfbridge.io/v1beta1", "kind": "ProviderConfig", "metadata": {"name": "real"},
        "spec": {"credentials": {"source": "Secret", "secretRef": {"name": "creds", "namespace": "default",
                                                                   "key": "creds"}}}})


CREDS = {"access_key": "AKIAHOSTILE0000001", "secret_key": "hostile/Secret+Value123"}
TOKEN = "eyJhbGciOiJSUzI1NiIsImtpZCI6InNlcnZpY2VhY2NvdW50LXRva2VuIn0"


@pytest.mark.parametrize(
    ("error", "leaked"),
    [pytest.param(OperationFailed(f"VPC/v: create: InvalidClientTokenId: {CREDS['access_key']} / "
                                  f"{json.dumps(CREDS['secret_key'])}", verb="apply"),
                  list(CREDS.values()), id="CredentialsEchoedByTheProvider"),
     pytest.param(ProviderConfigFailed(f"VPC/v: plan: the provider refused its configuration: invalid AWS Region: "
                                       f"{TOKEN}"), [TOKEN], id="ProviderConfigurationEchoingAFile"),
     pytest.param(ValueError(f"an executor bug quoting {CREDS['secret_key']}"), [CREDS["secret_key"]],
                  id="UnexpectedErrorQuotingACredential")],
)
def test_no_message_quotes_a_secret(bench: Bench, caplog: pytest.LogCaptureFixture, error: Exception,
                                    leaked: list[str]) -> None:
    _credentials(bench, CREDS)
    bench.cloud.fail("observe", times=100, error=error)
    bench.apply("VPC", "v", VPC, providerConfigRef={"name": "real"})
    with caplog.at_level(logging.WARNING), pytest.raises(type(error)):
        bench.reconcile("VPC", "v")
    synced = bench.condition("VPC", "v", "Synced")
    assert synced["status"] == "False" and synced["message"]
    events = [e["message"] for e in bench.kube.list(EVENTS, "default")[0] if e["involvedObject"]["name"] == "v"]
    assert events
    for text in [synced["message"], *events]:
        assert not [s for s in leaked if s in text], text
    if isinstance(error, ProviderConfigFailed):
        assert "the provider refused its configuration (ProviderConfig 'real'" in synced["message"]
        assert "provider's log" in synced["message"]
        assert TOKEN in caplog.text, "the operator finds the provider's words in the log"


@pytest.mark.parametrize("levels", [SPEC_DEPTH + 1, 600, 1500], ids=lambda n: f"Levels{n}")
def test_a_spec_nested_too_deep_is_refused_before_anything_recurses(bench: Bench, levels: int) -> None:
    """As a real API server serves it when a CRD lets unknown fields through (the local one refuses
    such objects at the door): decoded the way the client decodes, then reconciled."""
    bench.apply("VPC", "v", VPC)
    real_get = bench.kube.get

    def get(res: Resource, name: str, namespace: str = "") -> dict[str, Any]:
        obj = real_get(res, name, namespace)
        if res.plural == "vpcs":
            text = json.dumps(obj).replace('"forProvider": {', '"forProvider": {"deep": ' + '{"a": ' * levels + "1"
                                           + "}" * levels + ", ", 1)
            obj = decode.loads(text)
        return obj

    bench.kube.get = get  # type: ignore[method-assign]
    with pytest.raises(Exception, match="nested deeper than"):
        bench.reconcile("VPC", "v")
    synced = bench.condition("VPC", "v", "Synced")
    assert synced["status"] == "False" and f"nested deeper than {SPEC_DEPTH} levels" in synced["message"]
    assert bench.cloud.calls == {}
    stored = real_get(Resource("ec2.aws.tfbridge.io", "v1beta1", "vpcs", "VPC"), "v")
    assert stored["spec"]["forProvider"] == VPC, "the spec was never written back"


def test_names_that_break_the_rules_never_reach_the_api_server(bench: Bench) -> None:
    with pytest.raises(errors.InvalidName):
        bench.kube.get(SECRETS, "a/../b", "default")
