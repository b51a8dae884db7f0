"""The generated deploy/ and families/ trees: valid Kubernetes objects offline, and what a platform team expects."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support import crds, every, kubeschemas
from tests.support.external import missing as _missing
from tests.support.packages import AWS, AWS_CURATED
from tests.support.rbac import cluster_role, role, uncovered

ROOT = Path(__file__).resolve().parents[2]
PROVIDERS = sorted(p.parent for p in (ROOT / "providers").glob("*/config.py"))
TREES = sorted(p.parent for base in PROVIDERS for p in [*base.glob("deploy/kustomization.yaml"),
                                                         *base.glob("families/*/kustomization.yaml")])
CONFIG_KINDS = ("ProviderConfig", "ClusterProviderConfig", "ProviderConfigUsage")
# The deployables' bases are the providers' CRD directories: one worker process reads them all, once.
pytestmark = pytest.mark.xdist_group(crds.EVERY_CRD)


def load(path: Path) -> dict[str, Any]:
    (doc,) = crds.documents(path)
    return doc


def resources(tree: Path) -> list[dict[str, Any]]:
    """Every object ``kubectl apply -k tree`` would send (local bases followed). Shared, never changed."""
    out: list[dict[str, Any]] = []
    for entry in load(tree / "kustomization.yaml")["resources"]:
        target = (tree / entry).resolve()
        out += resources(target) if target.is_dir() else [load(target)]
    return out


def by_kind(tree: Path, kind: str) -> dict[str, Any]:
    (doc,) = [d for d in resources(tree) if d["kind"] == kind]
    return doc


def _name(tree: Path) -> str:
    return str(tree.relative_to(ROOT / "providers"))


def check_trees(check: Callable[[Path], None]) -> None:
    """``check`` on every deployable: each provider's whole tree and every family's."""
    assert every.check_all("trees", ((_name(t), t) for t in TREES), check) == len(TREES)


def _valid_objects(tree: Path) -> None:
    docs = resources(tree)
    assert {d["kind"] for d in docs} >= {"Namespace", "ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role",
                                         "RoleBinding", "Deployment", "Service", "CustomResourceDefinition"}
    for doc in docs:
        if doc["kind"] != "CustomResourceDefinition":
            kubeschemas.validate(doc)  # raises naming the field


def test_every_manifest_validates_against_the_kubernetes_schemas() -> None:
    """Every object but the CRDs, which all come from one renderer: a sample of them is validated below,
    and every one is checked structural in tests/codegen (validating 1,400 CRDs here took minutes)."""
    check_trees(_valid_objects)


def _crd_sample() -> list[Path]:
    """The curated kinds' CRDs, the ProviderConfig kinds', and the five largest."""
    tree = ROOT / "providers" / "aws" / "crds"
    curated = [tree / k.config.short_group / f"{k.config.group}_{k.config.plural}.yaml" for k in AWS_CURATED.kinds]
    largest = sorted(tree.rglob("*_*.yaml"), key=lambda p: p.stat().st_size)[-5:]
    return sorted({*curated, *largest, *(tree / "config").glob("*_*.yaml")})


def test_crds_validate_against_the_kubernetes_schemas() -> None:
    def valid(path: Path) -> None:
        kubeschemas.validate(load(path))  # raises naming the field

    sample = _crd_sample()
    assert every.check_all("CRDs", ((p.name, p) for p in sample), valid) == len(sample)


def _least_privilege(tree: Path) -> None:
    rules = by_kind(tree, "ClusterRole")["rules"]
    flat = [(g, r, v) for rule in rules for g in rule["apiGroups"] for r in rule["resources"] for v in rule["verbs"]]
    assert not [x for x in flat if "*" in x], "no wildcards"
    docs = resources(tree)
    served = {(d["spec"]["group"], d["spec"]["names"]["plural"]) for d in docs
              if d["kind"] == "CustomResourceDefinition"}
    custom = {(g, r.split("/")[0]) for g, r, _ in flat if g not in ("", "coordination.k8s.io", "apiextensions.k8s.io")}
    named = [rule for rule in rules if rule.get("resourceNames")]
    assert {(r, v) for g, r, v in flat if g == "apiextensions.k8s.io"} - {
        ("customresourcedefinitions", "patch"), ("customresourcedefinitions/status", "update")} \
        == {("customresourcedefinitions", v) for v in ("get", "list", "watch")}, \
        "CRDs are read (the schema-digest check at start, and which kinds are served)"
    converted = {d["metadata"]["name"] for d in resources(tree) if d["kind"] == "CustomResourceDefinition"
                 and (d["spec"].get("conversion") or {}).get("strategy") == "Webhook"}
    writing = [rule for rule in rules if set(rule["verbs"]) & {"patch", "update"}
               and rule["apiGroups"] == ["apiextensions.k8s.io"]]
    assert [(rule["resources"], rule["verbs"], set(rule["resourceNames"])) for rule in writing] == (
        [(["customresourcedefinitions"], ["patch"], converted),
         (["customresourcedefinitions/status"], ["update"], converted)] if converted else []), \
        "only the CRDs the provider's webhook converts are written, each by name: their caBundle, and their " \
        "storedVersions once their objects are migrated to the storage version"
    assert all(rule in writing for rule in named)
    provider = next(p for p in PROVIDERS if p in tree.parents)
    config_groups = {d["spec"]["group"] for d in crds.in_directory(provider / "crds" / "config")}
    own = {c for c in served if c[0] not in config_groups}
    assert own <= custom, "every managed kind of the deployable is reconciled"
    foreign = {c for c in custom - served if c[0] not in config_groups}
    # Only kinds the deployable references may come from elsewhere, and only to read and pin.
    assert all(v in ("get", "list", "update") for g, r, v in flat if (g, r) in foreign)
    # A namespaced managed resource's Secrets and events are in its own namespace, whichever that is.
    tenants = any(d["spec"]["scope"] == "Namespaced" and d["spec"]["names"]["kind"] not in CONFIG_KINDS
                  for d in docs if d["kind"] == "CustomResourceDefinition")
    assert {(r, v) for g, r, v in flat if g == ""} == ({
        ("secrets", "get"), ("secrets", "create"), ("secrets", "update"), ("events", "create"), ("events", "update"),
    } if tenants else set())
    assert not [x for x in flat if x[0] == "coordination.k8s.io"], "the Lease only in the provider's namespace"
    namespaced = by_kind(tree, "Role")
    assert namespaced["metadata"]["namespace"] == by_kind(tree, "Deployment")["metadata"]["namespace"]
    local = {(g, r, v) for rule in namespaced["rules"] for g in rule["apiGroups"] for r in rule["resources"]
             for v in rule["verbs"]}
    assert ("", "events", "create") in local or tenants
    assert ("coordination.k8s.io", "leases", "update") in local
    assert {(g, r) for g, r, _ in local} <= {("", "secrets"), ("", "events"), ("coordination.k8s.io", "leases")}
    binding = by_kind(tree, "RoleBinding")
    assert binding["roleRef"] == {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role",
                                  "name": namespaced["metadata"]["name"]}


def test_cluster_role_is_least_privilege() -> None:
    check_trees(_least_privilege)


def _production_controller(tree: Path) -> None:
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
    # The metrics Service, and where the provider converts versions, its webhook's.
    for service in [d for d in resources(tree) if d["kind"] == "Service"]:
        assert service["spec"]["selector"].items() <= dep["spec"]["template"]["metadata"]["labels"].items()


def test_deployment_runs_like_a_production_controller() -> None:
    check_trees(_production_controller)


def test_nothing_in_the_aws_pod_reaches_the_nodes_instance_metadata() -> None:
    for tree in [t for t in TREES if "aws" in t.parts]:
        (container,) = by_kind(tree, "Deployment")["spec"]["template"]["spec"]["containers"]
        env = {e["name"]: e.get("value") for e in container["env"]}
        assert env["AWS_EC2_METADATA_DISABLED"] == "true", tree
    runtime = load(ROOT / "providers" / "aws" / "package-runtime-config.yaml")
    (container,) = runtime["spec"]["deploymentTemplate"]["spec"]["template"]["spec"]["containers"]
    assert {"name": "AWS_EC2_METADATA_DISABLED", "value": "true"} in container["env"]


def test_families_split_the_provider_by_api_group() -> None:
    families = ROOT / "providers" / "aws" / "families"
    crds_of = {f.name: {d["metadata"]["name"] for d in resources(f) if d["kind"] == "CustomResourceDefinition"}
               for f in sorted(families.iterdir())}
    assert set(crds_of) == {*AWS.families, "config"}
    whole = {d["metadata"]["name"] for d in crds.generated("aws").values()}
    assert set().union(*crds_of.values()) == whole, "together the families install every CRD"
    assert sum(len(c) for c in crds_of.values()) == len(whole), "each CRD in exactly one family"
    for family, names in crds_of.items():
        want = {"aws.tfbridge.io", "aws.m.tfbridge.io"} if family == "config" else {
            f"{family}.aws.tfbridge.io", f"{family}.aws.m.tfbridge.io"}
        assert {n.split(".", 1)[1] for n in names} == want, f"{family}: both scopes"
        args = by_kind(families / family, "Deployment")["spec"]["template"]["spec"]["containers"][0]["args"]
        assert args[args.index("--family") + 1] == family


def test_rbac_check_reports_calls_the_roles_do_not_allow() -> None:
    calls = {("update", "ec2.aws.tfbridge.io", "vpcs/status"): 1, ("delete", "", "secrets"): 1,
             ("update", "dynamodb.aws.tfbridge.io", "tables"): 2, ("get", "", "secrets"): 3,
             ("create", "", "events"): 1}
    namespaces = {("get", "", "secrets"): {"crossplane-system", "default"}, ("create", "", "events"): {""}}
    # ec2's namespaced kinds read and write Secrets and events in every namespace (their own).
    assert uncovered(calls, cluster_role("aws", "ec2"), role("aws", "ec2"), namespaces) == [
        "delete core/secrets", "update dynamodb.aws.tfbridge.io/tables"]


# Every family, and the builtin provider's whole tree; the AWS one (every CRD, same layout as a family's
# base) takes kustomize most of a minute.
BUILT = [t for t in TREES if t != ROOT / "providers" / "aws" / "deploy"]
# What `make test` builds with kustomize: the builtin provider's trees, and AWS's config family and two
# of its API groups' (each family's tree has the same layout, which the test after proves of every one;
# `make test-sweep` builds every tree).
KUSTOMIZED = [t for t in BUILT if _name(t).startswith("builtin/") or t.name in ("config", "sqs", "route53")]


def _kustomize_builds(tree: Path) -> None:
    """A family uses its group's CRD directory as a base: kustomize loads it without copies or flags."""
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        _missing("kubectl (its built-in kustomize)")
    out = subprocess.run([str(kubectl), "kustomize", str(tree)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    built = [d for d in yaml.load_all(out.stdout, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) if d]
    assert sorted((d["kind"], d["metadata"]["name"]) for d in built) == sorted(
        (d["kind"], d["metadata"]["name"]) for d in resources(tree))


def test_kustomize_builds_trees_with_their_default_load_restrictor() -> None:
    assert every.check_all("trees", ((_name(t), t) for t in KUSTOMIZED), _kustomize_builds) == len(KUSTOMIZED) >= 5


@pytest.mark.sweep
@pytest.mark.parametrize("tree", BUILT, ids=[_name(t) for t in BUILT])
def test_kustomize_builds_every_tree_with_its_default_load_restrictor(tree: Path) -> None:
    _kustomize_builds(tree)


# What kustomize reads of a tree: its kustomization's resources, each a file beside it or its CRD base.
TREE_FILES = ["namespace.yaml", "serviceaccount.yaml", "clusterrole.yaml", "clusterrolebinding.yaml", "role.yaml",
              "rolebinding.yaml", "deployment.yaml", "service.yaml"]


def _laid_out_as_the_kustomized_ones(tree: Path) -> None:
    kustomization = load(tree / "kustomization.yaml")
    assert {"apiVersion", "kind", "resources"} <= set(kustomization) <= {"apiVersion", "kind", "resources", "patches"}
    assert (kustomization["apiVersion"], kustomization["kind"]) == ("kustomize.config.k8s.io/v1beta1", "Kustomization")
    base, *files = kustomization["resources"]
    assert files in (TREE_FILES, [*TREE_FILES, "webhook-service.yaml"])
    whole = tree.parent.name != "families"  # a provider's deploy/, else a family's (CodeDeploy's is "deploy")
    assert base == ("../crds" if whole else f"../../crds/{tree.name}"), "its own group's CRDs"
    crds_dir = (tree / base).resolve()
    assert crds_dir.parent.name == "crds" or crds_dir.name == "crds"
    listed = load(crds_dir / "kustomization.yaml")["resources"]
    on_disk = sorted(p.name for p in crds_dir.glob("*.yaml") if p.name != "kustomization.yaml")
    if whole:  # the whole provider's base lists its groups' directories
        on_disk = sorted(p.name for p in crds_dir.iterdir() if p.is_dir())
    assert sorted(listed) == on_disk and len(set(listed)) == len(listed), "every file once, none from elsewhere"
    ids = [(d["apiVersion"].split("/")[0], d["kind"], d["metadata"].get("namespace", ""), d["metadata"]["name"])
           for d in resources(tree)]
    assert sorted(ids) == sorted(set(ids)), "kustomize refuses two objects with one ID"


def test_every_tree_is_laid_out_as_the_kustomized_ones() -> None:
    check_trees(_laid_out_as_the_kustomized_ones)
