"""The generated deploy/ and families/ trees: valid Kubernetes objects offline, and what a platform team expects."""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from bridge.devserver.manifests import crd_manifests
from providers.aws import zz_registry as aws
from tests.support.rbac import cluster_role, uncovered

ROOT = Path(__file__).resolve().parents[2]
PROVIDERS = sorted(p.parent for p in (ROOT / "providers").glob("*/config.py"))
TREES = sorted(p.parent for base in PROVIDERS for p in [*base.glob("deploy/kustomization.yaml"),
                                                         *base.glob("families/*/kustomization.yaml")])
K8S = kubernetes_validate.latest_version()


@functools.cache
def _parse(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return doc


def load(path: Path) -> dict[str, Any]:
    return copy.deepcopy(_parse(path))


def resources(tree: Path) -> list[dict[str, Any]]:
    """Every object ``kubectl apply -k tree`` would send (local bases followed)."""
    out: list[dict[str, Any]] = []
    for entry in load(tree / "kustomization.yaml")["resources"]:
        target = (tree / entry).resolve()
        out += resources(target) if target.is_dir() else [load(target)]
    return out


def by_kind(tree: Path, kind: str) -> dict[str, Any]:
    (doc,) = [d for d in resources(tree) if d["kind"] == kind]
    return doc


@pytest.mark.parametrize("tree", TREES, ids=[str(t.relative_to(ROOT / "providers")) for t in TREES])
def test_every_manifest_validates_against_the_kubernetes_schemas(tree: Path) -> None:
    docs = resources(tree)
    assert {d["kind"] for d in docs} >= {"Namespace", "ServiceAccount", "ClusterRole", "ClusterRoleBinding",
                                         "Deployment", "Service", "CustomResourceDefinition"}
    for doc in docs:
        kubernetes_validate.validate(doc, K8S, strict=True)  # raises naming the field


@pytest.mark.parametrize("tree", TREES, ids=[str(t.relative_to(ROOT / "providers")) for t in TREES])
def test_cluster_role_is_least_privilege(tree: Path) -> None:
    rules = by_kind(tree, "ClusterRole")["rules"]
    flat = [(g, r, v) for rule in rules for g in rule["apiGroups"] for r in rule["resources"] for v in rule["verbs"]]
    assert not [x for x in flat if "*" in x], "no wildcards"
    crds = {(d["spec"]["group"], d["spec"]["names"]["plural"]) for d in resources(tree)
            if d["kind"] == "CustomResourceDefinition"}
    custom = {(g, r.split("/")[0]) for g, r, _ in flat if g not in ("", "coordination.k8s.io")}
    provider = next(p for p in PROVIDERS if p in tree.parents)
    root_group = next(d["spec"]["group"] for d in crd_manifests(provider / "crds")
                      if d["spec"]["names"]["kind"] == "ProviderConfig")
    own = {c for c in crds if c[0] != root_group}
    assert own <= custom, "every managed kind of the deployable is reconciled"
    foreign = {c for c in custom - crds if c[0] != root_group}
    # Only kinds the deployable references may come from elsewhere, and only to read and pin.
    assert all(v in ("get", "update") for g, r, v in flat if (g, r) in foreign)
    core = {(r, v) for g, r, v in flat if g == ""}
    assert {r for r, _ in core} <= {"secrets", "events"}
    assert ("events", "create") in core


@pytest.mark.parametrize("tree", TREES, ids=[str(t.relative_to(ROOT / "providers")) for t in TREES])
def test_deployment_runs_like_a_production_controller(tree: Path) -> None:
    dep = by_kind(tree, "Deployment")
    pod = dep["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    args = container["args"]
    assert "--leader-election" in args and args[args.index("--workspace-root") + 1] == "/workspaces"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["resources"]["requests"] and container["resources"]["limits"]["memory"]
    sc = container["securityContext"]
    assert sc["readOnlyRootFilesystem"] and not sc["allowPrivilegeEscalation"] and sc["capabilities"]["drop"] == ["ALL"]
    assert pod["securityContext"]["runAsNonRoot"] and pod["securityContext"]["runAsUser"] != 0
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert "emptyDir" in volumes[mounts["/workspaces"]] and "emptyDir" in volumes[mounts["/tmp"]]
    binding = by_kind(tree, "ClusterRoleBinding")
    assert binding["roleRef"]["name"] == by_kind(tree, "ClusterRole")["metadata"]["name"]
    assert binding["subjects"][0]["name"] == pod["serviceAccountName"] == by_kind(tree, "ServiceAccount")[
        "metadata"]["name"]
    service = by_kind(tree, "Service")
    assert service["spec"]["selector"].items() <= dep["spec"]["template"]["metadata"]["labels"].items()


def test_families_split_the_provider_by_api_group() -> None:
    families = ROOT / "providers" / "aws" / "families"
    crds_of = {f.name: {d["metadata"]["name"] for d in resources(f) if d["kind"] == "CustomResourceDefinition"}
               for f in sorted(families.iterdir())}
    assert set(crds_of) == {*aws.PACKAGE.families, "config"}
    every = {d["metadata"]["name"] for d in crd_manifests(ROOT / "providers" / "aws" / "crds")}
    assert set().union(*crds_of.values()) == every, "together the families install every CRD"
    assert sum(len(c) for c in crds_of.values()) == len(every), "each CRD in exactly one family"
    for family, names in crds_of.items():
        want = "aws.tfbridge.io" if family == "config" else f"{family}.aws.tfbridge.io"
        assert all(n.split(".", 1)[1] == want for n in names), family
        args = by_kind(families / family, "Deployment")["spec"]["template"]["spec"]["containers"][0]["args"]
        assert args[args.index("--family") + 1] == family


def test_rbac_check_reports_calls_the_role_does_not_allow() -> None:
    role = cluster_role("aws", "ec2")
    calls = {("update", "ec2.aws.tfbridge.io", "vpcs/status"): 1, ("delete", "", "secrets"): 1,
             ("update", "iam.aws.tfbridge.io", "roles"): 2}
    assert uncovered(calls, role) == ["delete core/secrets", "update iam.aws.tfbridge.io/roles"]
