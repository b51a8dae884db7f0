"""The examples a kind needs (its own and those it references), and their names in one run."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import yaml

from bridge.api.registry import Kind, ProviderPackage

# A ``name`` argument as documentation examples write one: a bare word (no dots, slashes or spaces,
# which a DNS name, a path or a sentence has) that reads as a placeholder.
_PLACEHOLDER_NAME = re.compile(r"[A-Za-z0-9_-]+")
_DOC_NAME = re.compile(r"example|test|^tf|^terraform|^my", re.IGNORECASE)
# A name made up as one lowercase word (``johndoe``); a catalog's choice (an add-on's ``vpc-cni``, a
# region, an identity provider's ``Google``) is written otherwise, and names nothing the example makes.
_MADE_UP_NAME = re.compile(r"[a-z]+")


@dataclasses.dataclass(frozen=True)
class Bundle:
    """A kind's example and the examples it references, referenced ones first."""

    kind: Kind
    objects: tuple[tuple[Kind, dict[str, Any]], ...]

    @property
    def target(self) -> dict[str, Any]:
        return self.objects[-1][1]


def example_path(provider_dir: Path, kind: Kind) -> Path:
    c = kind.config
    return provider_dir / "examples" / c.short_group / c.version / f"{c.kind.lower()}.yaml"


def _refs(value: Any) -> Iterator[str]:
    """The object names every ``<field>Ref``/``<field>Refs`` under ``value`` names (not a
    ``<field>SecretRef``: it names a Kubernetes Secret, not another example)."""
    if isinstance(value, dict):
        for key, item in sorted(value.items()):
            if key.endswith("SecretRef"):
                continue
            if key.endswith("Ref") and isinstance(item, dict) and isinstance(item.get("name"), str):
                yield item["name"]
            elif key.endswith("Refs") and isinstance(item, list):
                yield from (i["name"] for i in item if isinstance(i, dict) and isinstance(i.get("name"), str))
            else:
                yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


class Examples:
    def __init__(self, package: ProviderPackage, provider_dir: Path) -> None:
        # Each Terraform type is proven once, through its cluster-scoped kind: a namespaced twin shares
        # its schema, import ID and executor path.
        self.package = dataclasses.replace(package, kinds=tuple(k for k in package.kinds if not k.namespaced))
        self.manifests: dict[str, dict[str, Any]] = {}
        self.by_name: dict[str, list[Kind]] = {}
        for kind in self.package.kinds:
            path = example_path(provider_dir, kind)
            if path.exists():
                doc = yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
                self.manifests[kind.config.tf_type] = doc
                self.by_name.setdefault(doc["metadata"]["name"], []).append(kind)

    def bundle(self, kind: Kind) -> Bundle:
        order: list[Kind] = []

        def visit(k: Kind, seen: tuple[str, ...]) -> None:
            if any(o.config.tf_type == k.config.tf_type for o in order) or k.config.tf_type in seen:
                return
            targets = {r.to for r in k.config.references.values()}
            for name in _refs(self.manifests[k.config.tf_type]["spec"]):
                found = [c for c in self.by_name.get(name, []) if c.config.tf_type in targets] or \
                    self.by_name.get(name, [])
                if found:
                    visit(found[0], (*seen, k.config.tf_type))
            order.append(k)

        visit(kind, ())
        return Bundle(kind, tuple((k, self.manifests[k.config.tf_type]) for k in order))


def identifying_fields(kind: Kind) -> list[str]:
    """The spec.forProvider fields (CR form) besides ``name`` that hold the object's own name in the
    cloud: a required string argument named for the kind's own noun (``domain_name`` of
    aws_opensearch_domain, ``user_name`` of aws_identitystore_user; never aws_db_option_group's
    ``engine_name``, which names an engine). An argument a kind's external name is set from is no spec
    field (the external name is the object's name, already this run's own)."""
    words = kind.config.tf_type.split("_")[1:]
    nouns = {"_".join(words[i:]) + "_name" for i in range(len(words))}
    out = []
    for a in kind.schema().block.attributes:
        if a.name in nouns and a.required and a.type == "string":
            field = kind.converter.json_name(a.name)
            if field:
                out.append(field)
    return out


def renamed(bundle: Bundle, prefix: str) -> list[tuple[Kind, dict[str, Any]]]:
    """The bundle's manifests with ``prefix`` on every object name and every reference to one."""
    names = {m["metadata"]["name"] for _, m in bundle.objects}
    # A name written without a dash (a kind whose cloud name is the object's name and allows letters and
    # digits only: an Athena database, a signing profile) takes the prefix without its dash.
    text = {n: (prefix if "-" in n else prefix.strip("-")) + n for n in names}

    def rename(value: Any) -> Any:
        if isinstance(value, dict):
            out = {k: rename(v) for k, v in value.items()}
            if set(out) == {"name"} and out["name"] in text:
                out["name"] = text[out["name"]]
            return out
        if isinstance(value, list):
            return [rename(v) for v in value]
        return value

    out = []
    for kind, manifest in bundle.objects:
        spec = rename(manifest["spec"])
        for_provider = dict(spec.get("forProvider") or {})
        name = for_provider.get("name")
        if isinstance(name, str) and _PLACEHOLDER_NAME.fullmatch(name) and _DOC_NAME.search(name):
            # A name the example's source wrote (``example``, ``tf_example_plan``) would be the same cloud
            # name in every bundle that brings this example along: made this run's own, as the object
            # names are (hex digits only, which every name's validation allows).
            for_provider["name"] = name + prefix.strip("-")
        for field in identifying_fields(kind):
            value = for_provider.get(field)
            if isinstance(value, str) and _PLACEHOLDER_NAME.fullmatch(value) and \
                    (_DOC_NAME.search(value) or _MADE_UP_NAME.fullmatch(value)):
                # The object's own name in the cloud (``domain_name: example``, ``user_name: johndoe``),
                # which two bundles running side by side in one moto would both create: made this run's own.
                for_provider[field] = value + prefix.strip("-")
        if for_provider:
            spec = {**spec, "forProvider": for_provider}
        doc = {**manifest, "metadata": {**manifest["metadata"], "name": text[manifest["metadata"]["name"]]},
               "spec": spec}
        out.append((kind, doc))
    return out


def select(package: ProviderPackage, examples: Examples, kinds: Sequence[str], sample: int, seed: int,
           skip: Sequence[str]) -> list[Kind]:
    with_examples = [k for k in package.kinds if k.config.tf_type in examples.manifests and not k.namespaced]
    if kinds:
        wanted = set(kinds)
        chosen = [k for k in with_examples if k.config.tf_type in wanted or k.kind in wanted]
    else:
        chosen = with_examples
    chosen = [k for k in chosen if k.config.tf_type not in set(skip)]
    if sample:
        chosen = sorted(random.Random(seed).sample(chosen, min(sample, len(chosen))), key=lambda k: k.config.tf_type)
    return chosen


def crd_subset(provider_dir: Path, kinds: Iterable[Kind], work: Path) -> Path:
    """A directory of the CRDs a run serves: the provider's own (ProviderConfig and its usages) and
    the kinds' (cluster-scoped). The API server reads and compiles every CRD it is given, about 17 ms
    each: the whole tree, both scopes of every group, would take a minute to start."""
    out = work / "crds"
    out.mkdir()
    files = [*sorted((provider_dir / "crds" / "config").glob("*.yaml")),
             *(provider_dir / "crds" / k.config.short_group / f"{k.api_version.split('/')[0]}_{k.config.plural}.yaml"
               for k in kinds)]
    for path in files:
        if path.name != "kustomization.yaml":
            (out / path.name).symlink_to(path)
    return out

