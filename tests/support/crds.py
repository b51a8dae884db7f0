"""The CRDs a test installs: a package's own, and those CRDs as an older release generated them.

A test installs the CRDs of the kinds it runs, not the whole provider's: the local API server takes
seconds to load all of AWS's, and `kubectl get managed` lists every installed kind, one request each.

An older release's CRDs have no admission patterns or length limits. The runtime checks every name and value
itself, whatever the CRDs admit (a real cluster may serve an older release's CRDs during an upgrade). Tests
of those runtime checks install such CRDs, so that what they prove is the runtime's refusal; tests/codegen
proves the current CRDs refuse the same values.
"""

import functools
from pathlib import Path
from typing import Any

import yaml

from bridge.api.registry import CONFIG_FAMILY, ProviderPackage

ROOT = Path(__file__).resolve().parents[2]
# The xdist group of the tests that read every generated CRD: one worker process runs them all, and
# parses the CRDs once.
EVERY_CRD = "every-crd"


def package_crds(package: ProviderPackage, provider_dir: str) -> list[dict[str, Any]]:
    """The CRDs of ``package``'s kinds and of its ProviderConfig kinds, as providers/``provider_dir`` ships them.
    Only their own files are read (each named ``<group>_<plural>.yaml``, as the generator writes them), parsed
    once per test process (see :func:`documents`): shared, never to be changed by a caller."""
    crds = ROOT / "providers" / provider_dir / "crds"
    roots = (package.provider.root_group, package.provider.namespaced_root_group)
    wanted = {(k.config.group, k.config.plural) for k in package.kinds}
    out: list[dict[str, Any]] = []
    for group in sorted({k.config.short_group for k in package.kinds} | {CONFIG_FAMILY}):
        for path in sorted((crds / group).glob("*_*.yaml")):
            api_group, _, plural = path.stem.partition("_")
            if api_group in roots or (api_group, plural) in wanted:
                out.extend(doc for doc in documents(path) if doc.get("kind") == "CustomResourceDefinition"
                           and (doc["spec"]["group"], doc["spec"]["names"]["plural"]) == (api_group, plural))
    return out


def documents(path: Path) -> tuple[dict[str, Any], ...]:
    """The YAML documents of one generated file, parsed once per test process with libyaml: AWS's CRDs are
    79 MB of YAML, which the CRD tests, the deployables' (a family's base is its group's CRD directory) and
    the packages' (hard links to the same files) all read. Shared: a caller never changes them."""
    st = path.stat()
    return _parsed(_FIRST_PATH.setdefault((st.st_dev, st.st_ino), path))


_FIRST_PATH: dict[tuple[int, int], Path] = {}


@functools.cache
def _parsed(path: Path) -> tuple[dict[str, Any], ...]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return tuple(doc for doc in yaml.load_all(path.read_bytes(), Loader=loader) if doc is not None)


def in_directory(directory: Path) -> list[dict[str, Any]]:
    """The CRDs in ``directory`` and below, as :func:`devserver.manifests.crd_manifests` reads them (see
    :func:`documents`)."""
    return [doc for path in sorted(directory.rglob("*.yaml")) for doc in documents(path)
            if doc.get("kind") == "CustomResourceDefinition"]


@functools.cache
def generated(provider_dir: str) -> dict[tuple[str, str], dict[str, Any]]:
    """Every CRD providers/``provider_dir`` ships, by (API group, kind) (see :func:`documents`)."""
    return {(doc["spec"]["group"], doc["spec"]["names"]["kind"]): doc
            for path in sorted((ROOT / "providers" / provider_dir / "crds").rglob("*.yaml"))
            for doc in documents(path) if doc.get("kind") == "CustomResourceDefinition"}


def without_patterns(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_patterns(v) for k, v in value.items() if k not in ("pattern", "maxLength")}
    if isinstance(value, list):
        return [without_patterns(v) for v in value]
    return value
