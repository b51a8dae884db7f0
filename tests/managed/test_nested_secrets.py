"""A sensitive argument inside a block is read from its ``*SecretRef`` like a top-level one: a
cluster-scoped object names {name, namespace, key} and reaches only the namespaces the operator allows
(--secret-namespaces); a namespaced object names {name, key} and reads its own namespace alone. The
value reaches the Terraform arguments and the Redactor, never a condition or an event; a reference to
another namespace is refused with a condition on the object, and nothing is read there."""

from __future__ import annotations

import base64
import contextlib
from typing import Any

import pytest

from bridge.api.errors import InvalidSpec
from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.kube.client import NAMESPACES, SECRETS
from bridge.kube.redact import REDACTED
from bridge.managed.adoption import ALLOWED_NAMESPACES
from bridge.managed.collaborators import kind_resource
from bridge.managed.events import Recorder
from bridge.managed.reconciler import ManagedReconciler
from bridge.workspace.values import Values
from tests.support.bench import Bench, with_crds
from tests.support.packages import AWS

CLUSTER = AWS.by_type("aws_cloudwatch_event_connection")
NAMESPACED = AWS.by_type("aws_cloudwatch_event_connection", namespaced=True)


@pytest.fixture
def bench() -> Bench:
    b = Bench(crds=with_crds("cloudwatchevents", "connections"))
    for ns in ("team-a", "team-b", "kube-system"):
        with contextlib.suppress(errors.Conflict):
            b.kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
    for ns in ("default", "team-a", "team-b", "kube-system"):
        b.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "creds", "namespace": ns},
                                "data": {"password": base64.b64encode(f"pw-of-{ns}".encode()).decode()}})
    res = b.connector.res.cluster_configs
    assert res is not None
    b.kube.create(res, {"apiVersion": res.api_version, "kind": "ClusterProviderConfig",
                        "metadata": {"name": "default", "annotations": {ALLOWED_NAMESPACES: "*"}},
                        "spec": {"credentials": {"source": "None"}, "configuration": {"region": "us-east-1"}}})
    return b


def connection(namespace: str, ref: dict[str, str]) -> Managed:
    kind = NAMESPACED if namespace else CLUSTER
    spec: dict[str, Any] = {"forProvider": {"region": "us-east-1", "authorizationType": "BASIC", "authParameters": {
        "basic": {"username": "u", "passwordSecretRef": ref}}}}
    if namespace:
        spec["providerConfigRef"] = {"kind": "ClusterProviderConfig", "name": "default"}
    return Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                    "metadata": {"name": "conn", **({"namespace": namespace} if namespace else {}), "uid": "u-1"},
                    "spec": spec})


@pytest.mark.parametrize(("namespace", "ref", "value"), [
    pytest.param("", {"name": "creds", "namespace": "default", "key": "password"}, "pw-of-default",
                  id="ClusterScopedAllowedNamespace"),
    pytest.param("team-a", {"name": "creds", "key": "password"}, "pw-of-team-a", id="NamespacedOwnNamespace"),
])
def test_nested_secret_ref_is_read(bench: Bench, namespace: str, ref: dict[str, str], value: str) -> None:
    mr = connection(namespace, ref)
    kind = NAMESPACED if namespace else CLUSTER
    bench.connector.connect(mr, kind)
    arguments = Values(kind, bench.cloud.readers[-1]).spec(mr).arguments
    assert arguments["auth_parameters"][0]["basic"][0]["password"] == value
    assert bench.redactor(f"the provider said {value}") == f"the provider said {REDACTED}"


@pytest.mark.parametrize(("namespace", "ref", "field"), [
    pytest.param("", {"name": "creds", "namespace": "kube-system", "key": "password"},
                 "spec.forProvider.authParameters.basic.passwordSecretRef.namespace",
                 id="ClusterScopedForeignNamespace"),
    pytest.param("team-a", {"name": "creds", "namespace": "team-b", "key": "password"},
                 "Secrets of its own namespace (team-a) only", id="NamespacedToAnotherNamespace"),
])
def test_nested_secret_ref_elsewhere_is_refused_on_the_object(bench: Bench, namespace: str, ref: dict[str, str],
                                                              field: str) -> None:
    kind = NAMESPACED if namespace else CLUSTER
    res = kind_resource(kind)
    bench.kube.create(res, connection(namespace, ref).obj, namespace)

    def connect(mr: Managed, k: Any) -> Any:
        # The namespaced CRD has no such field, so the API server prunes it; an older release's CRD or a
        # lax store may keep it, and the runtime refuses it itself.
        mr.for_provider["authParameters"]["basic"]["passwordSecretRef"] = ref
        return bench.connector.connect(mr, k)

    reconciler = ManagedReconciler(kube=bench.kube, kind=kind, package=AWS, connect=connect, operations=bench.ops,
                                   recorder=Recorder(bench.kube, component="test", redactor=bench.redactor))
    reads: list[tuple[str, str]] = []
    real_get = bench.kube.get

    def get(r: Any, name: str, ns: str = "") -> dict[str, Any]:
        if r == SECRETS:
            reads.append((ns, name))
        return real_get(r, name, ns)

    bench.kube.get = get  # type: ignore[method-assign]
    with pytest.raises(InvalidSpec):
        reconciler.reconcile((namespace, "conn"))
    synced = [c for c in bench.kube.get(res, "conn", namespace)["status"]["conditions"] if c["type"] == "Synced"]
    assert synced[0]["status"] == "False" and field in synced[0]["message"], synced
    assert "pw-of-" not in str(bench.kube.get(res, "conn", namespace)), "no Secret value on the object"
    assert reads == [], "no Secret was read"
    assert bench.cloud.setups == [], "nothing reached the provider"
