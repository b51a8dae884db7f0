"""A DB instance with ``autoGeneratePassword: true`` gets a password generated once into the Secret key its
``passwordSecretRef`` names, which its executor then reads as any other: the Secret is made where it is missing
(in the object's own namespace when the object is namespaced), a key that holds a value is never generated
again, a Secret someone else made is never written, and the value reaches no condition or event."""

from __future__ import annotations

import base64
import contextlib
from typing import Any

import pytest

from bridge.api.errors import InvalidSpec, Terminal
from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.kube.client import EVENTS, NAMESPACES, SECRETS
from bridge.kube.redact import REDACTED
from bridge.managed.adoption import ALLOWED_NAMESPACES
from bridge.managed.collaborators import kind_resource
from bridge.managed.connection import OWNER_UID
from bridge.managed.events import Recorder
from bridge.managed.generated import LENGTH
from bridge.managed.reconciler import ManagedReconciler
from bridge.workspace.values import Values
from tests.support.bench import Bench, with_crds
from tests.support.packages import AWS

CLUSTER = AWS.by_type("aws_db_instance")
NAMESPACED = AWS.by_type("aws_db_instance", namespaced=True)


@pytest.fixture
def bench() -> Bench:
    b = Bench(crds=with_crds("rds", "instances"))
    for ns in ("team-a",):
        with contextlib.suppress(errors.Conflict):
            b.kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
    res = b.connector.res.cluster_configs
    assert res is not None
    b.kube.create(res, {"apiVersion": res.api_version, "kind": "ClusterProviderConfig",
                        "metadata": {"name": "default", "annotations": {ALLOWED_NAMESPACES: "*"}},
                        "spec": {"credentials": {"source": "None"}, "configuration": {"region": "us-east-1"}}})
    return b


def instance(namespace: str, ref: dict[str, str], generate: bool = True) -> dict[str, Any]:
    kind = NAMESPACED if namespace else CLUSTER
    spec: dict[str, Any] = {"forProvider": {
        "region": "us-east-1", "allocatedStorage": 10, "engine": "mysql", "instanceClass": "db.t3.micro",
        "username": "admin", "skipFinalSnapshot": True, "autoGeneratePassword": generate, "passwordSecretRef": ref}}
    if namespace:
        spec["providerConfigRef"] = {"kind": "ClusterProviderConfig", "name": "default"}
    return {"apiVersion": kind.api_version, "kind": kind.kind,
            "metadata": {"name": "db", **({"namespace": namespace} if namespace else {})}, "spec": spec}


def reconcile(bench: Bench, namespace: str) -> Managed:
    kind = NAMESPACED if namespace else CLUSTER
    reconciler = ManagedReconciler(kube=bench.kube, kind=kind, package=AWS, connect=bench.connector.connect,
                                   operations=bench.ops,
                                   recorder=Recorder(bench.kube, component="test", redactor=bench.redactor))
    reconciler.reconcile((namespace, "db"))
    bench.drain()
    return Managed(bench.kube.get(kind_resource(kind), "db", namespace))


def password(bench: Bench, namespace: str, name: str) -> str:
    return base64.b64decode(bench.kube.get(SECRETS, name, namespace)["data"]["password"]).decode()


@pytest.mark.parametrize(("namespace", "ref", "where"), [
    pytest.param("", {"name": "db-password", "namespace": "default", "key": "password"}, "default", id="cluster"),
    pytest.param("team-a", {"name": "db-password", "key": "password"}, "team-a", id="namespaced-own-namespace"),
])
def test_a_password_is_generated_once_and_used(bench: Bench, namespace: str, ref: dict[str, str], where: str) -> None:
    kind = NAMESPACED if namespace else CLUSTER
    bench.kube.create(kind_resource(kind), instance(namespace, ref), namespace)
    mr = reconcile(bench, namespace)
    secret = bench.kube.get(SECRETS, "db-password", where)
    generated = password(bench, where, "db-password")
    assert len(generated) == LENGTH and generated.isalnum()
    assert secret["metadata"]["annotations"][OWNER_UID] == mr.uid
    assert [o["uid"] for o in secret["metadata"]["ownerReferences"]] == [mr.uid], "deleted with its object"
    used = Values(kind, bench.cloud.readers[-1]).spec(mr).arguments
    assert used["password"] == generated, "the executor reads the generated value as the argument"
    assert "auto_generate_password" not in used, "the switch is the runtime's, no Terraform argument"
    for _ in range(2):
        mr = reconcile(bench, namespace)
    assert password(bench, where, "db-password") == generated, "never generated again"
    events = bench.kube.list(EVENTS, namespace or "default")
    assert generated not in str(mr.obj) and generated not in str(events), "no condition or event shows it"
    assert bench.redactor(f"said {generated}", tenant=namespace) == f"said {REDACTED}"


def test_a_value_already_in_the_secret_is_the_password(bench: Bench) -> None:
    bench.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                                "metadata": {"name": "given", "namespace": "default"},
                                "data": {"password": base64.b64encode(b"chosen-by-hand").decode()}})
    bench.kube.create(kind_resource(CLUSTER), instance("", {"name": "given", "namespace": "default",
                                                            "key": "password"}))
    mr = reconcile(bench, "")
    assert password(bench, "default", "given") == "chosen-by-hand"
    assert Values(CLUSTER, bench.cloud.readers[-1]).spec(mr).arguments["password"] == "chosen-by-hand"


def test_a_secret_someone_else_made_is_never_written(bench: Bench) -> None:
    bench.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret",
                                "metadata": {"name": "theirs", "namespace": "default"},
                                "data": {"other": base64.b64encode(b"x").decode()}})
    bench.kube.create(kind_resource(CLUSTER), instance("", {"name": "theirs", "namespace": "default",
                                                            "key": "password"}))
    with pytest.raises(Terminal, match="was not written for this resource"):
        bench.connector.connect(Managed(bench.kube.get(kind_resource(CLUSTER), "db")), CLUSTER)
    assert set(bench.kube.get(SECRETS, "theirs", "default")["data"]) == {"other"}


def test_nothing_is_generated_without_the_switch_or_outside_the_allowed_namespaces(bench: Bench) -> None:
    bench.kube.create(kind_resource(CLUSTER), instance("", {"name": "p", "namespace": "default", "key": "password"},
                                                       generate=False))
    bench.connector.connect(Managed(bench.kube.get(kind_resource(CLUSTER), "db")), CLUSTER)
    with pytest.raises(errors.NotFound):
        bench.kube.get(SECRETS, "p", "default")
    elsewhere = Managed(instance("", {"name": "p", "namespace": "kube-system", "key": "password"}))
    with pytest.raises(InvalidSpec, match=r"passwordSecretRef\.namespace: Secrets in namespace 'kube-system'"):
        bench.connector.connect(elsewhere, CLUSTER)
    with pytest.raises(errors.NotFound):
        bench.kube.get(SECRETS, "p", "kube-system")


def test_an_object_being_deleted_gets_no_password(bench: Bench) -> None:
    body = instance("", {"name": "late", "namespace": "default", "key": "password"})
    body["metadata"].update(uid="u-1", deletionTimestamp="2026-01-01T00:00:00Z")
    bench.connector.connect(Managed(body), CLUSTER)
    with pytest.raises(errors.NotFound):
        bench.kube.get(SECRETS, "late", "default")
