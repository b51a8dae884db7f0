"""A provider's generated Crossplane package trees, checked offline against the package format's rules.

No Crossplane binary runs here: these checks re-state what ``crossplane xpkg build`` and Crossplane's
provider linter accept (every YAML file under the package root is read, symlinks are not followed;
exactly one ``meta.pkg.crossplane.io`` Provider document; every other document a CRD; dependencies
with a version and one package reference with a registry host and no tag) and what Crossplane does
with the result (only the ProviderConfig kinds and usages stay plain CRDs, every other CRD becomes a
managed resource definition; no CRD may be in two packages of one family). The AWS provider's trees
and those of a project made by ``tfbridge init`` are held to the same checks.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import kubernetes_validate
import yaml

from codegen import package
from tfconfig import Provider

META_GROUP = "meta.pkg.crossplane.io"
CONFIG_KIND_NAMES = {"ProviderConfig", "ClusterProviderConfig", "ProviderConfigUsage", "ClusterProviderConfigUsage"}
DNS_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
# The subset of Go semver constraints (Masterminds) we emit: comparisons of v-prefixed versions,
# pre-release allowed, joined by commas (and) or ``||`` (or).
_VERSION = r"v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?"
CONSTRAINT = re.compile(rf"^\s*(>=|<=|>|<|=|~|\^)?\s*{_VERSION}\s*$")


def constraint_ok(text: str) -> bool:
    return bool(text.strip()) and all(CONSTRAINT.match(part) for alt in text.split("||") for part in alt.split(","))


def roots(tree: Path) -> list[Path]:
    """The package roots of a generated tree: the whole provider's, then each family's."""
    return sorted([tree / "package", *(tree / "families").glob("*/package")])


@functools.cache
def _file_documents(path: Path) -> tuple[dict[str, Any], ...]:
    # Read once per process: a family's package and the whole provider's hold the same CRDs (hard links;
    # 50 MiB of YAML in all), so each file is parsed once, with libyaml when present.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return tuple(doc for doc in yaml.load_all(path.read_bytes(), Loader=loader) if doc is not None)


def documents(root: Path) -> list[tuple[Path, dict[str, Any]]]:
    """Every document the build would read under ``root``: .yaml/.yml files, recursively."""
    out = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".yaml", ".yml"):
            # A hard link is the same file: key the cache by what it points at.
            out += [(path, doc) for doc in _file_documents(_identity(path))]
    return out


def _identity(path: Path) -> Path:
    st = path.stat()
    return _FIRST_PATH.setdefault((st.st_dev, st.st_ino), path)


_FIRST_PATH: dict[tuple[int, int], Path] = {}


def check_root(root: Path) -> None:
    """One package root: exactly one Provider meta document and CRDs, nothing the build would refuse."""
    files = sorted(p for p in root.rglob("*") if not p.is_dir())
    assert files and all(p.suffix == ".yaml" and not p.is_symlink() and p.stat().st_size for p in files), \
        "only non-empty .yaml files, no symlink (the build follows none)"
    assert not [p for p in files if p.name == "kustomization.yaml"]
    docs = documents(root)
    metas = [d for _, d in docs if str(d.get("apiVersion", "")).split("/")[0] == META_GROUP]
    assert len(metas) == 1 and metas[0]["apiVersion"] == f"{META_GROUP}/v1" and metas[0]["kind"] == "Provider"
    assert (root / "crossplane.yaml").is_file()
    others = [d for _, d in docs if d is not metas[0]]
    assert others and {(d["apiVersion"], d["kind"]) for d in others} == {
        ("apiextensions.k8s.io/v1", "CustomResourceDefinition")}
    meta = metas[0]
    assert DNS_LABEL.match(meta["metadata"]["name"])
    assert set(meta["spec"]) <= {"crossplane", "dependsOn", "capabilities"}, "the build would drop anything else"
    assert meta["spec"]["capabilities"] == ["SafeStart"], "each controller waits for its CRD (bridge.kube.crdgate)"
    assert constraint_ok(meta["spec"]["crossplane"]["version"])
    for dep in meta["spec"].get("dependsOn", []):
        refs = [k for k in ("provider", "configuration", "function") if k in dep]
        assert len(refs) == 1 and constraint_ok(dep["version"])
        host, _, path = dep[refs[0]].partition("/")
        assert "." in host and path and ":" not in path and "@" not in path, "fully qualified, no tag or digest"


def crd_names(root: Path) -> dict[str, str]:
    return {d["metadata"]["name"]: d["spec"]["names"]["kind"] for _, d in documents(root)
            if d["kind"] == "CustomResourceDefinition"}


def check_families(tree: Path, provider: Provider) -> None:
    """The families split the whole provider's CRDs, both scopes each, and every one but config depends on
    config, which holds the ProviderConfig kinds."""
    whole = crd_names(tree / "package")
    families = {r.parent.name: r for r in roots(tree) if r.parent.parent.name == "families"}
    assert "config" in families and len(families) > 1
    assert provider.package is not None
    config_name = package.name(provider, package.CONFIG_FAMILY)
    seen: dict[str, str] = {}
    for family, root in families.items():
        crds = crd_names(root)
        assert not set(crds) & set(seen), f"{family} repeats CRDs of another family"
        seen.update(crds)
        meta = yaml.safe_load((root / "crossplane.yaml").read_text())
        assert meta["metadata"]["labels"] == {package.FAMILY_LABEL: config_name}
        deps = [d["provider"] for d in meta["spec"].get("dependsOn", [])]
        if family == "config":
            assert deps == [] and set(crds.values()) == CONFIG_KIND_NAMES - {"ClusterProviderConfigUsage"}
        else:
            assert deps == [f"{provider.package.registry}/{config_name}"]
            groups = {name.split(".", 1)[1] for name in crds}
            assert groups == {f"{family}.{provider.root_group}", f"{family}.{provider.namespaced_root_group}"}, \
                "both scopes"
    assert seen == whole
    meta = yaml.safe_load((tree / "package" / "crossplane.yaml").read_text())
    assert "labels" not in meta["metadata"] and "dependsOn" not in meta["spec"]
    # Crossplane keeps only these kind names as plain CRDs; every other one becomes a managed resource.
    config = {name for name, kind in whole.items() if kind in CONFIG_KIND_NAMES}
    assert {name.split(".", 1)[1] for name in config} == {provider.root_group, provider.namespaced_root_group}
    assert len(config) == 5


def check_package_crds(tree: Path, limit: int = 200) -> None:
    """The whole provider's package holds the generated CRDs, byte for byte (the first ``limit`` compared)."""
    crds = {p.name: p for p in (tree / "crds").rglob("*.yaml") if p.name != "kustomization.yaml"}
    packaged = sorted((tree / "package" / "crds").iterdir())
    assert sorted(p.name for p in packaged) == sorted(crds)
    for path in packaged[:limit]:
        assert path.read_bytes() == crds[path.name].read_bytes(), path.name


def check_runtime_config(tree: Path) -> None:
    """The DeploymentRuntimeConfig runs the package with workspaces and /tmp on emptyDirs."""
    doc = yaml.safe_load((tree / "package-runtime-config.yaml").read_text())
    assert (doc["apiVersion"], doc["kind"]) == ("pkg.crossplane.io/v1beta1", "DeploymentRuntimeConfig")
    template = doc["spec"]["deploymentTemplate"]
    kubernetes_validate.validate({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "x"},
                                  "spec": template["spec"]}, kubernetes_validate.latest_version(), strict=True)
    pod = template["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert container["name"] == package.RUNTIME_CONTAINER, "Crossplane applies a runtime config to this container"
    root = next(a.split("=", 1)[1] for a in container["args"] if a.startswith("--workspace-root="))
    mounted = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert volumes[mounted[root]] == {"name": mounted[root], "emptyDir": {}}
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert "/tmp" in mounted, "terraform and the runtime write their temporary files under /tmp"
