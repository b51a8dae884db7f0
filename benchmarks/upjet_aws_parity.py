"""How close the AWS provider comes to provider-upjet-aws for a team that moves from it: upjet's kinds we
serve, per scope, and upjet's own example manifests that our CRDs take with the API group renamed, each at
the version it names; and, for every kind upjet serves at several versions, whether our CRD serves the same
versions with the same shapes (blocks as lists or as objects) and the same storage version.

    python -m benchmarks.upjet_aws_parity CHECKOUT [--tree PROVIDER_DIR] [--misfits N] [--shapes N]

``CHECKOUT`` is a provider-upjet-aws checkout (its ``package/crds`` and ``examples/``; ``git archive`` of
the two directories will do). ``--tree`` reads the CRDs of an already generated tree as they are (another
release's, to compare); by default the tree of ``providers/aws`` is generated if its inputs changed.

A manifest *reaches* a kind when we serve the kind in its scope; it *fits* when the API server would take
it at the version it names (strict field validation, the schema's types and CEL rules), with
``aws.upbound.io`` read as ``aws.tfbridge.io``. A manifest upjet's own CRD refuses (written for another
schema) is counted apart.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from benchmarks.upjet_parity import fit, misfit_cause
from codegen import pipeline

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
THEIR_ROOTS = ("aws.upbound.io", "aws.m.upbound.io")
OUR_ROOTS = ("aws.tfbridge.io", "aws.m.tfbridge.io")
_PARTS = (("forProvider", ("spec", "forProvider")), ("initProvider", ("spec", "initProvider")),
          ("atProvider", ("status", "atProvider")))

Crds = dict[tuple[str, str], Mapping[str, Any]]  # (group, kind) → CRD


def renamed(group: str) -> str:
    for theirs, ours in zip(THEIR_ROOTS, OUR_ROOTS, strict=True):
        if group == theirs or group.endswith(f".{theirs}"):
            return group[: -len(theirs)] + ours
    return group


def read_crds(directory: Path) -> Crds:
    out: Crds = {}
    for path in sorted(directory.rglob("*.yaml")):
        if path.name == "kustomization.yaml":
            continue
        crd = yaml.load(path.read_text(), Loader=_LOADER)
        if isinstance(crd, dict) and crd.get("kind") == "CustomResourceDefinition":
            out[(crd["spec"]["group"], crd["spec"]["names"]["kind"])] = crd
    return out


@dataclasses.dataclass(frozen=True)
class Example:
    source: str
    api_version: str
    kind: str
    body: Mapping[str, Any]

    @property
    def group(self) -> str:
        return self.api_version.split("/", 1)[0]

    @property
    def version(self) -> str:
        return self.api_version.split("/", 1)[-1]


def read_examples(root: Path, theirs: Crds) -> Iterator[Example]:
    for path in sorted((root / "examples").rglob("*.y*ml")):
        try:
            docs = list(yaml.load_all(path.read_text(), Loader=_LOADER))
        except yaml.YAMLError:
            continue
        for doc in docs:
            if not isinstance(doc, dict) or not isinstance(doc.get("apiVersion"), str):
                continue
            ex = Example(path.relative_to(root).as_posix(), doc["apiVersion"], str(doc.get("kind")),
                         {k: v for k, v in doc.items() if k not in ("apiVersion", "kind")})
            if (ex.group, ex.kind) in theirs:
                yield ex


def misfits(crd: Mapping[str, Any], ex: Example) -> list[str]:
    """Why our API server would refuse ``ex`` at the version it names; empty when it takes it."""
    if not any(v["name"] == ex.version and v.get("served") for v in crd["spec"]["versions"]):
        return [f"version {ex.version} not served"]
    return fit(crd, ex.body, f"{crd['spec']['group']}/{ex.version}")


def shapes(crd: Mapping[str, Any], version: str) -> dict[str, str]:
    """Each field path of a version's spec.forProvider, spec.initProvider and status.atProvider → ``list``
    (an array of objects), ``object`` (an object with properties) or its type."""
    (entry,) = (v for v in crd["spec"]["versions"] if v["name"] == version)
    root = entry["schema"]["openAPIV3Schema"]
    out: dict[str, str] = {}
    for name, path in _PARTS:
        node = root
        for step in path:
            node = (node.get("properties") or {}).get(step) or {}
        _walk(node, name, out)
    return out


def _walk(schema: Mapping[str, Any], path: str, out: dict[str, str]) -> None:
    kind = schema.get("type")
    items = schema.get("items") or {}
    if kind == "array" and items.get("properties"):
        out[path] = "list"
        schema = items
    elif kind == "object" and schema.get("properties"):
        out[path] = "object"
    else:
        out[path] = str(kind or "any")
        return
    for key, sub in schema["properties"].items():
        _walk(sub, f"{path}.{key}", out)


def _versions(crd: Mapping[str, Any]) -> tuple[tuple[str, ...], str]:
    return (tuple(v["name"] for v in crd["spec"]["versions"] if v.get("served")),
            next(v["name"] for v in crd["spec"]["versions"] if v.get("storage")))


@dataclasses.dataclass
class Scope:
    kinds: int = 0
    present: int = 0
    examples: int = 0
    reaching: int = 0
    fits: int = 0
    upjet_refuses: int = 0  # reaching, but upjet's own CRD refuses them too
    causes: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)
    by_version: collections.Counter[tuple[str, bool]] = dataclasses.field(default_factory=collections.Counter)
    misfits: list[tuple[str, list[str]]] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Versions:
    """Kinds upjet serves at several versions, against ours."""

    kinds: int = 0
    present: int = 0
    same_versions: int = 0
    same_storage: int = 0
    # Per version: kinds whose paths both have agree on list against object, and those that differ.
    agree: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)
    differ: list[tuple[str, str, list[str]]] = dataclasses.field(default_factory=list)
    gained: collections.Counter[tuple[str, ...]] = dataclasses.field(default_factory=collections.Counter)


def measure(checkout: Path, ours: Crds) -> tuple[dict[str, Scope], Versions, list[str]]:
    theirs = read_crds(checkout / "package" / "crds")
    scopes = {"cluster": Scope(), "namespaced": Scope()}
    absent: list[str] = []
    for (group, kind), crd in sorted(theirs.items()):
        scope = scopes["namespaced" if crd["spec"]["scope"] == "Namespaced" else "cluster"]
        scope.kinds += 1
        if (renamed(group), kind) in ours:
            scope.present += 1
        else:
            absent.append(f"{group}/{kind}")
    for ex in read_examples(checkout, theirs):
        crd_theirs = theirs[(ex.group, ex.kind)]
        scope = scopes["namespaced" if crd_theirs["spec"]["scope"] == "Namespaced" else "cluster"]
        scope.examples += 1
        mine = ours.get((renamed(ex.group), ex.kind))
        if mine is None:
            continue
        scope.reaching += 1
        refused_upstream = bool(fit(crd_theirs, ex.body, ex.api_version))
        scope.upjet_refuses += refused_upstream
        errors = misfits(mine, ex)
        scope.by_version[(ex.version, not errors)] += 1
        if errors:
            scope.misfits.append((f"{ex.source} ({ex.kind} {ex.api_version}"
                                  f"{', upjet refuses it too' if refused_upstream else ''})", errors))
            for cause in sorted({_cause(e) for e in errors}):
                scope.causes[cause] += 1
        else:
            scope.fits += 1
    versions = Versions()
    for (group, kind), crd_theirs in sorted(theirs.items()):
        served, storage = _versions(crd_theirs)
        if len(served) < 2:
            continue
        versions.kinds += 1
        served_here = ours.get((renamed(group), kind))
        if served_here is None:
            continue
        versions.present += 1
        our_served, our_storage = _versions(served_here)
        versions.same_versions += our_served == served
        versions.same_storage += our_storage == storage
        versions.gained[our_served] += 1
        for version in served:
            if version not in our_served:
                continue
            a, b = shapes(crd_theirs, version), shapes(served_here, version)
            wrong = sorted(p for p in a.keys() & b.keys() if {a[p], b[p]} == {"list", "object"})
            if wrong:
                versions.differ.append((f"{group}/{kind}", version, wrong))
            else:
                versions.agree[version] += 1
    return scopes, versions, absent


def _cause(error: str) -> str:
    return "version not served" if error.startswith("version ") else misfit_cause(error)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "-"


def report(scopes: Mapping[str, Scope], versions: Versions, absent: list[str], *, misfit_lines: int,
           shape_lines: int) -> list[str]:
    out = []
    for name, s in scopes.items():
        out.append(f"{name}: kinds {s.present}/{s.kinds} ({_pct(s.present, s.kinds)}); manifests reaching them "
                   f"{s.reaching}/{s.examples}, fitting {s.fits}/{s.reaching} ({_pct(s.fits, s.reaching)}); "
                   f"of the misfits, upjet's own CRD refuses {sum('upjet refuses' in m for m, _ in s.misfits)}")
        if s.causes:
            out.append("  misfits by cause: " + ", ".join(f"{c} {n}" for c, n in sorted(s.causes.items())))
        by = sorted({v for v, _ in s.by_version})
        out.append("  by the version they name: " + ", ".join(
            f"{v} {s.by_version[(v, True)]}/{s.by_version[(v, True)] + s.by_version[(v, False)]}" for v in by))
        for source, errors in s.misfits[:misfit_lines]:
            out.append(f"    misfit {source}: {'; '.join(errors[:4])}")
    out.append(f"kinds upjet serves at several versions: {versions.kinds}, of which we serve {versions.present}; "
               f"the same versions {versions.same_versions}, the same storage version {versions.same_storage}; "
               f"ours served at: " + ", ".join(f"{'+'.join(v)} {n}" for v, n in sorted(versions.gained.items())))
    out.append("  lists and objects as upjet's, per version: " + ", ".join(
        f"{v} {n}" for v, n in sorted(versions.agree.items())) + f"; differing {len(versions.differ)}")
    for kind, version, paths in versions.differ[:shape_lines]:
        out.append(f"    {kind} {version}: {', '.join(paths[:4])}{' ...' if len(paths) > 4 else ''}")
    out.append(f"upjet kinds we do not serve: {len(absent)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", type=Path)
    parser.add_argument("--tree", type=Path, help="a generated provider tree to read as it is")
    parser.add_argument("--misfits", type=int, default=0, metavar="N", help="print the first N misfits per scope")
    parser.add_argument("--shapes", type=int, default=0, metavar="N", help="print the first N shape differences")
    args = parser.parse_args(argv)
    tree = args.tree
    if tree is None:
        tree = Path(__file__).resolve().parent.parent / "providers" / "aws"
        pipeline.ensure(tree, jobs=2)
    scopes, versions, absent = measure(args.checkout, read_crds(tree / "crds"))
    print("\n".join(report(scopes, versions, absent, misfit_lines=args.misfits, shape_lines=args.shapes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
