"""Adopting a cloud object the provider did not create is a decision: a namespaced object never takes
on one by naming it unless its ProviderConfig or the operator allows it, an Observe-only object copies
nothing of one, and a claim the provider signed follows an object through restarts and restores."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.kube import errors
from bridge.kube.client import NAMESPACES, SECRETS
from bridge.managed.adoption import ADOPTION, ALLOWED, ALLOWED_NAMESPACES, CLAIM, AdoptionGuard, Claims
from bridge.managed.collaborators import kind_resource
from bridge.managed.events import Recorder
from bridge.managed.reconciler import ManagedReconciler
from tests.support.bench import Bench, with_crds
from tests.support.packages import AWS_CURATED_NAMESPACED

ROLE = AWS_CURATED_NAMESPACED.by_type("aws_iam_role", namespaced=True)
ROLES = kind_resource(ROLE)
POLICY = json.dumps({"Version": "2012-10-17", "Statement": []})


@pytest.fixture
def bench() -> Bench:
    b = Bench(crds=with_crds("iam", "roles", group=ROLE.config.group))
    b.connector.claims = Claims(b.kube, "crossplane-system", "aws")
    res = b.connector.res.cluster_configs
    assert res is not None
    for ns in ("team-a", "hostile"):
        with contextlib.suppress(errors.Conflict):
            b.kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
    b.kube.create(res, {"apiVersion": res.api_version, "kind": "ClusterProviderConfig",
                        "metadata": {"name": "default", "annotations": {ALLOWED_NAMESPACES: "*"}},
                        "spec": {"credentials": {"source": "None"}, "configuration": {"region": "us-east-1"}}})
    b.reconcilers["Role"] = ManagedReconciler(kube=b.kube, kind=ROLE, package=AWS_CURATED_NAMESPACED,
                                              connect=b.connector.connect, operations=b.ops,
                                              recorder=Recorder(b.kube, component="test", redactor=b.redactor))
    return b


def role(b: Bench, namespace: str, name: str, *, policies: list[str] | None = None,
         annotations: dict[str, str] | None = None) -> None:
    spec: dict[str, Any] = {"forProvider": {"assumeRolePolicy": POLICY},
                            "providerConfigRef": {"kind": "ClusterProviderConfig", "name": "default"}}
    if policies is not None:
        spec["managementPolicies"] = policies
    b.kube.create(ROLES, {"apiVersion": ROLE.api_version, "kind": "Role",
                                          "metadata": {"name": name, "namespace": namespace,
                                                       "annotations": annotations or {}},
                                          "spec": spec}, namespace=namespace)


def reconcile(b: Bench, namespace: str, name: str) -> None:
    with contextlib.suppress(Exception):
        b.reconcilers["Role"].reconcile((namespace, name))


def get(b: Bench, namespace: str, name: str) -> dict[str, Any]:
    return b.kube.get(ROLES, name, namespace)


def synced(b: Bench, namespace: str, name: str) -> str:
    conds = {c["type"]: c for c in (get(b, namespace, name).get("status") or {}).get("conditions") or []}
    return str((conds.get("Synced") or {}).get("message") or "")


def test_a_namespaced_object_never_takes_over_a_cloud_object_it_did_not_create(bench: Bench) -> None:
    bench.cloud.resources["platform-admin"] = {"spec": {"assumeRolePolicy": "the platform's"}}
    role(bench, "hostile", "platform-admin")
    reconcile(bench, "hostile", "platform-admin")
    assert "does not allow adopting it" in synced(bench, "hostile", "platform-admin")
    assert bench.cloud.resources["platform-admin"]["spec"] == {"assumeRolePolicy": "the platform's"}
    assert bench.cloud.calls.get("update", 0) == 0 and bench.cloud.calls.get("create", 0) == 0
    assert "atProvider" not in (get(bench, "hostile", "platform-admin").get("status") or {})
    bench.kube.delete(ROLES, "platform-admin", "hostile")
    reconcile(bench, "hostile", "platform-admin")
    bench.drain()
    assert "platform-admin" in bench.cloud.resources, "deleting it leaves the cloud object alone"
    with pytest.raises(errors.NotFound):
        get(bench, "hostile", "platform-admin")


def test_an_observe_only_object_copies_nothing_of_an_object_it_was_not_allowed(bench: Bench) -> None:
    bench.cloud.resources["db-password"] = {"spec": {}}
    role(bench, "hostile", "peek", policies=["Observe"], annotations={EXTERNAL_NAME: "db-password"})
    reconcile(bench, "hostile", "peek")
    assert "does not allow adopting it" in synced(bench, "hostile", "peek")
    with pytest.raises(errors.NotFound):
        bench.kube.get(SECRETS, "peek", "hostile")


def test_what_an_object_created_it_keeps_across_a_lost_workspace_and_a_restore(bench: Bench) -> None:
    role(bench, "team-a", "app")
    reconcile(bench, "team-a", "app")
    bench.drain()
    reconcile(bench, "team-a", "app")
    claim = get(bench, "team-a", "app")["metadata"]["annotations"][CLAIM]
    assert claim.startswith("v1:")
    restored = get(bench, "team-a", "app")
    bench.kube.patch(ROLES, "app", {"metadata": {"finalizers": None}}, "team-a")
    bench.kube.delete(ROLES, "app", "team-a")
    # A new process (nothing remembered), the object restored with its annotations and a new uid.
    bench.connector.claims = Claims(bench.kube, "crossplane-system", "aws")
    restored["metadata"] = {k: v for k, v in restored["metadata"].items()
                            if k in ("name", "namespace", "annotations", "labels")}
    restored.pop("status", None)
    bench.kube.create(ROLES, restored, namespace="team-a")
    reconcile(bench, "team-a", "app")
    assert "does not allow" not in synced(bench, "team-a", "app")
    assert get(bench, "team-a", "app")["metadata"]["annotations"][CLAIM] == claim


def test_a_claim_holds_for_its_own_object_name_and_provider_config_alone(bench: Bench) -> None:
    bench.cloud.resources["platform-admin"] = {"spec": {}}
    role(bench, "team-a", "mine")
    reconcile(bench, "team-a", "mine")
    bench.drain()
    reconcile(bench, "team-a", "mine")
    copied = get(bench, "team-a", "mine")["metadata"]["annotations"][CLAIM]
    role(bench, "hostile", "platform-admin", annotations={CLAIM: copied})
    reconcile(bench, "hostile", "platform-admin")
    assert "does not allow adopting it" in synced(bench, "hostile", "platform-admin"), "a copied claim holds nothing"


def test_the_provider_config_or_the_operator_may_allow_an_adoption(bench: Bench) -> None:
    bench.cloud.resources["legacy-role"] = {"spec": {"assumeRolePolicy": POLICY}}
    bench.cloud.resources["other-role"] = {"spec": {"assumeRolePolicy": POLICY}}
    role(bench, "team-a", "legacy-role")
    reconcile(bench, "team-a", "legacy-role")
    assert "does not allow adopting it" in synced(bench, "team-a", "legacy-role")
    claims = bench.connector.claims
    assert claims is not None
    obj = Managed(get(bench, "team-a", "legacy-role"))
    bench.kube.patch(ROLES, "legacy-role",
                     {"metadata": {"annotations": {CLAIM: claims.sign(obj, "legacy-role")}}}, "team-a")
    reconcile(bench, "team-a", "legacy-role")
    assert synced(bench, "team-a", "legacy-role") == "", "the operator's signature allowed this one"
    res = bench.connector.res.cluster_configs
    assert res is not None
    bench.kube.patch(res, "default", {"metadata": {"annotations": {ADOPTION: ALLOWED}}})
    bench.connector._setups.pop("ClusterProviderConfig//default")
    bench.connector._policies.pop("ClusterProviderConfig//default")
    role(bench, "team-a", "other-role")
    reconcile(bench, "team-a", "other-role")
    assert synced(bench, "team-a", "other-role") == ""
    assert get(bench, "team-a", "other-role")["metadata"]["annotations"][CLAIM], "adopted: its claim from now on"


def test_the_guard_is_what_every_connect_returns(bench: Bench) -> None:
    role(bench, "team-a", "x")
    assert isinstance(bench.connector.connect(Managed(get(bench, "team-a", "x")), ROLE), AdoptionGuard)
