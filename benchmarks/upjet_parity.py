"""How close tfbridge's defaults come to an upjet provider: the same Terraform schema, generated with a
config of a few lines, measured against the kinds, references and example manifests upjet generated from it.

    python -m benchmarks.upjet_parity CHECKOUT [CHECKOUT ...] [--set FIELD=JSON ...] [--misfits N]
    python -m benchmarks.upjet_parity CHECKOUT --fixture OUT.json [--only TYPE ...]

A checkout is a local clone of a ``provider-upjet-*`` repository: its ``config/schema.json`` (the Terraform
schema upjet generated from), its generated Go (``apis/**``: each kind's ``GetTerraformResourceType`` and
group version, the references in ``zz_generated.resolvers.go``), its CRDs (``package/crds``: each kind's
scope) and its example manifests (``examples/``, ``examples-generated/``).

Per provider it reports: whether every CRD is structural; how many of upjet's resources we serve in each
scope upjet serves them (matched by Terraform type); how many of upjet's example manifests fit our CRD of
the same resource and scope (the manifest, its API group renamed, as the API server would take it:
unknown fields refused, types and CEL rules checked); how many kind names are upjet's; how many
references we infer, and how many of those upjet does not have or points elsewhere.

``--fixture`` writes what a test needs of a checkout in a compact form of its own (the schema's types,
attributes and blocks; upjet's kinds, references and each example's field paths with their JSON types), so
that the suite measures a provider without fetching it.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import fnmatch
import io
import json
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

import tfproject
from codegen import pipeline
from devserver import openapi, rules
from tfbridge.cli import cli
from tfconfig import Provider
from tfschema import schema as s

_GROUP = re.compile(r'\b(?:CRD)?Group\s*=\s*"([^"]+)"')
_VERSION = re.compile(r'\b(?:CRD)?Version\s*=\s*"([^"]+)"')
_TF_TYPE = re.compile(r'func \(mg \*(\w+)\) GetTerraformResourceType\(\) string \{\s*return "([^"]+)"')
_RESOLVER = re.compile(r"func \(mg \*(\w+)\) ResolveReferences\(")
_RESOLVE = re.compile(r"CurrentValues?:\s+reference\.\w+\(mg\.Spec\.ForProvider\.([\w.\[\]]+)\),.*?"
                      r"To: reference\.To\{\s*List:\s+&(?:(\w+)\.)?(\w+)List\{\}", re.S)
_IMPORT = re.compile(r'(\w+) "[^"]*/apis/([\w/]+)"')
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclasses.dataclass(frozen=True)
class UpjetKind:
    tf_type: str
    namespaced: bool
    group: str
    version: str
    kind: str


@dataclasses.dataclass(frozen=True)
class UpjetExample:
    source: str  # the file it came from, relative to the checkout
    api_version: str
    kind: str
    body: Mapping[str, Any]  # the manifest less apiVersion and kind
    # Whether upjet's own CRD takes it (some are written for another version of the schema, or keep a
    # Terraform interpolation in a number): only these are counted against ours.
    valid: bool = True


@dataclasses.dataclass(frozen=True)
class UpjetReference:
    tf_type: str
    path: str  # dotted Terraform argument path
    to: str


@dataclasses.dataclass(frozen=True)
class Upjet:
    """What an upjet provider generated from a Terraform schema, and that schema."""

    name: str
    source: str  # the Terraform provider's registry address
    prefix: str  # its resource types' first word
    kinds: tuple[UpjetKind, ...]
    references: tuple[UpjetReference, ...]
    examples: tuple[UpjetExample, ...]
    schema: Mapping[str, Any]  # the ``providers schema -json`` document

    def kind_of(self, group: str, kind: str) -> UpjetKind | None:
        for k in self.kinds:
            if k.group == group and k.kind == kind:
                return k
        return None


# ---------------------------------------------------------------------------------------------------------
# Reading a checkout


def read_checkout(root: Path) -> Upjet:
    schema = json.loads((root / "config" / "schema.json").read_text())
    (source,) = schema["provider_schemas"]
    types = schema["provider_schemas"][source].get("resource_schemas", {})
    prefix = _prefix(types)
    scopes = {}
    crds = {}
    for path in sorted((root / "package" / "crds").glob("*.yaml")):
        crd = yaml.load(path.read_text(), Loader=_LOADER)
        scopes[(crd["spec"]["group"], crd["spec"]["names"]["kind"])] = crd["spec"]["scope"] == "Namespaced"
        crds[(crd["spec"]["group"], crd["spec"]["names"]["kind"])] = crd
    kinds: list[UpjetKind] = []
    dirs: dict[str, str] = {}
    for info in sorted(root.glob("apis/**/zz_groupversion_info.go")):
        text = info.read_text()
        group, version = _GROUP.search(text), _VERSION.search(text)
        if group is None or version is None:
            continue
        dirs[info.parent.relative_to(root / "apis").as_posix()] = group.group(1)
        for go in sorted(info.parent.glob("*.go")):
            for kind, tf_type in _TF_TYPE.findall(go.read_text()):
                namespaced = scopes.get((group.group(1), kind))
                if namespaced is not None:
                    kinds.append(UpjetKind(tf_type, namespaced, group.group(1), version.group(1), kind))
    upjet = Upjet(name=prefix, source=source, prefix=prefix, kinds=tuple(kinds), references=(), examples=(),
                  schema=schema)
    return dataclasses.replace(upjet, references=tuple(_references(root, upjet, dirs, types)),
                               examples=tuple(_examples(root, upjet, crds)))


def _prefix(types: Iterable[str]) -> str:
    words = {t.split("_", 1)[0] for t in types}
    if len(words) != 1:
        raise ValueError(f"resource types start with several words: {sorted(words)}")
    return words.pop()


def _references(root: Path, upjet: Upjet, dirs: Mapping[str, str],
                types: Mapping[str, Any]) -> Iterator[UpjetReference]:
    """The cluster-scoped kinds' references (the namespaced twins have the same)."""
    by_kind = {(k.group, k.kind): k.tf_type for k in upjet.kinds}
    seen = set()
    for path in sorted(root.glob("apis/**/zz_generated.resolvers.go")):
        here = path.parent.relative_to(root / "apis").as_posix()
        if here not in dirs or ".m." in dirs[here]:
            continue
        text = path.read_text()
        imports = dict(_IMPORT.findall(text))
        parts = _RESOLVER.split(text)
        for kind, body in zip(parts[1::2], parts[2::2], strict=True):
            tf_type = by_kind.get((dirs[here], kind))
            if tf_type is None:
                continue
            for go_path, alias, target in _RESOLVE.findall(body):
                target_dir = imports[alias] if alias else here
                to = by_kind.get((dirs.get(target_dir, ""), target))
                tf_path = _tf_path(types[tf_type]["block"], go_path)
                if to and tf_path and (tf_type, tf_path) not in seen:
                    seen.add((tf_type, tf_path))
                    yield UpjetReference(tf_type, tf_path, to)


def _tf_path(block: Mapping[str, Any], go_path: str) -> str | None:
    """``Team[i3].TeamID`` → ``team.team_id``: each Go name matched to the argument of that name."""
    out = []
    for part in go_path.split("."):
        name = part.split("[", 1)[0].lower()
        names = {**block.get("attributes", {}), **block.get("block_types", {})}
        found = next((n for n in names if n.replace("_", "") == name), None)
        if found is None:
            return None
        out.append(found)
        block = block.get("block_types", {}).get(found, {}).get("block", {})
    return ".".join(out)


def _examples(root: Path, upjet: Upjet, crds: Mapping[tuple[str, str], Mapping[str, Any]]) -> Iterator[UpjetExample]:
    for top in ("examples", "examples-generated"):
        for path in sorted((root / top).rglob("*.y*ml")):
            try:
                docs = list(yaml.load_all(path.read_text(), Loader=_LOADER))
            except yaml.YAMLError:
                continue
            for doc in docs:
                if not isinstance(doc, dict) or not isinstance(doc.get("apiVersion"), str):
                    continue
                group = doc["apiVersion"].split("/", 1)[0]
                if upjet.kind_of(group, str(doc.get("kind"))) is None:
                    continue
                body = {k: v for k, v in doc.items() if k not in ("apiVersion", "kind")}
                yield UpjetExample(path.relative_to(root).as_posix(), doc["apiVersion"], doc["kind"], body,
                                   valid=not fit(crds[(group, doc["kind"])], body, doc["apiVersion"]))


# ---------------------------------------------------------------------------------------------------------
# A compact fixture of the same facts


def fixture(upjet: Upjet, only: Iterable[str] = ()) -> dict[str, Any]:
    """The facts a test needs, in a compact form: the schema of the resources upjet serves (attributes as
    ``[type, flags]``, blocks as ``[nesting, min, max, block]``), the kinds, references and, of each example,
    its field paths and their JSON types (never its values). With ``only`` (Terraform types or fnmatch
    patterns), the facts of those resources and of those their upjet references point at, alone: their
    kinds, the references between them, their examples."""
    (source,) = upjet.schema["provider_schemas"]
    resources = upjet.schema["provider_schemas"][source].get("resource_schemas", {})
    kept = {t for t in resources if not only or any(fnmatch.fnmatchcase(t, pattern) for pattern in only)}
    while True:  # and the resources upjet's references of those point at, so that their examples still fit
        targets = {r.to for r in upjet.references if r.tf_type in kept} - kept
        if not targets:
            break
        kept |= targets
    kinds = {(k.group, k.kind): k.tf_type for k in upjet.kinds}
    return {
        "name": upjet.name, "source": upjet.source, "prefix": upjet.prefix,
        "schema": {t: _compact_block(resources[t]["block"]) for t in sorted(kept)},
        "kinds": [[k.tf_type, k.namespaced, k.group, k.version, k.kind] for k in upjet.kinds if k.tf_type in kept],
        "references": [[r.tf_type, r.path, r.to] for r in upjet.references if {r.tf_type, r.to} <= kept],
        "examples": [[e.source, e.api_version, e.kind, e.valid, sorted(_leaves(e.body))] for e in upjet.examples
                     if kinds[(e.api_version.split("/", 1)[0], e.kind)] in kept],
    }


def dump_fixture(data: Mapping[str, Any]) -> str:
    """JSON with one line per resource, kind, reference and example, for a reviewable diff."""
    lines = ["{"]
    for i, (key, value) in enumerate(sorted(data.items())):
        end = "," if i < len(data) - 1 else ""
        if isinstance(value, list | dict) and value:
            items = sorted(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
            lines.append(f" {json.dumps(key)}: {'{' if isinstance(value, dict) else '['}")
            for j, (name, item) in enumerate(items):
                head = f"{json.dumps(name)}: " if name is not None else ""
                lines.append(f"  {head}{json.dumps(item, sort_keys=True)}{',' if j < len(items) - 1 else ''}")
            lines.append(f" {'}' if isinstance(value, dict) else ']'}{end}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{end}")
    return "\n".join([*lines, "}"]) + "\n"


_FLAGS = ("required", "optional", "computed", "sensitive")


def _compact_block(block: Mapping[str, Any]) -> dict[str, Any]:
    if any("nested_type" in a for a in block.get("attributes", {}).values()):
        raise ValueError("attributes of nested types have no compact form")
    attrs = {n: [a.get("type", "string"), "".join(f[0] for f in _FLAGS if a.get(f))]
             for n, a in sorted(block.get("attributes", {}).items())}
    blocks = {n: [b["nesting_mode"], b.get("min_items", 0), b.get("max_items", 0), _compact_block(b["block"])]
              for n, b in sorted(block.get("block_types", {}).items())}
    return {"a": attrs, "b": blocks}


def _expand_block(compact: Mapping[str, Any]) -> dict[str, Any]:
    attrs = {n: {"type": t, **{f: True for f in _FLAGS if f[0] in flags}} for n, (t, flags) in compact["a"].items()}
    blocks = {n: {"nesting_mode": m, "min_items": lo, "max_items": hi, "block": _expand_block(b)}
              for n, (m, lo, hi, b) in compact["b"].items()}
    return {"attributes": attrs, "block_types": blocks}


def _leaves(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[list[str | int], str]]:
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        kind = ("{}" if isinstance(value, dict) else "[]" if isinstance(value, list) else "null" if value is None
                else "b" if isinstance(value, bool) else "n" if isinstance(value, int | float) else "s")
        yield list(path), kind


def _placeholder(kind: str, n: int) -> Any:
    """A value of the JSON type ``kind``: the ``n``th, so that no two members of a set are equal."""
    return {"{}": {}, "[]": [], "null": None, "b": True, "n": n, "s": f"x{n}"}[kind]


def _rebuild(leaves: Iterable[tuple[list[str | int], str]]) -> dict[str, Any]:
    root: dict[str, Any] = {}
    for n, (path, kind) in enumerate(leaves):
        node: Any = root
        for step, nxt in zip(path, [*path[1:], None], strict=True):
            empty: Any = [] if isinstance(nxt, int) else {}
            if isinstance(step, int):
                while len(node) <= step:
                    node.append(None)
                if nxt is None:
                    node[step] = _placeholder(kind, n)
                elif node[step] is None:
                    node[step] = empty
                node = node[step]
            else:
                if nxt is None:
                    node[step] = _placeholder(kind, n)
                else:
                    node = node.setdefault(step, empty)
    return root


def from_fixture(data: Mapping[str, Any]) -> Upjet:
    schema = {"format_version": "1.0", "provider_schemas": {data["source"]: {
        "provider": {"version": 0, "block": {}},
        "resource_schemas": {t: {"version": 0, "block": _expand_block(b)} for t, b in data["schema"].items()}}}}
    return Upjet(
        name=data["name"], source=data["source"], prefix=data["prefix"],
        kinds=tuple(UpjetKind(*k) for k in data["kinds"]),
        references=tuple(UpjetReference(*r) for r in data["references"]),
        examples=tuple(UpjetExample(src, av, kind, _rebuild((p, t) for p, t in leaves), valid)
                       for src, av, kind, valid, leaves in data["examples"]),
        schema=schema)


# ---------------------------------------------------------------------------------------------------------
# Our side: the scaffold's config, generated


def scaffold(upjet: Upjet, **overrides: Any) -> Provider:
    """The config a provider author starts from: what ``tfbridge init`` writes for the schema (every resource,
    the defaults, nothing else), loaded as ``tfbridge generate`` loads it; ``overrides`` replace its fields."""
    with tempfile.TemporaryDirectory(prefix="upjet-parity-") as tmp:
        schema = Path(tmp) / "schema.json"
        schema.write_text(json.dumps(upjet.schema))
        project = Path(tmp) / "project"
        args = ["init", str(project), "--source", upjet.source.removeprefix("registry.terraform.io/"),
                "--version", "0.0.0", "--schema", str(schema), "--name", upjet.name]
        with contextlib.redirect_stdout(io.StringIO()):
            cli.main(args, prog_name="tfbridge", standalone_mode=False)
        provider = tfproject.load(f"{project}/").provider
    return dataclasses.replace(provider, **overrides) if overrides else provider


@dataclasses.dataclass
class Report:
    name: str
    structural: bool = True
    crds: int = 0
    # scope → (upjet's resources we serve in that scope, upjet's resources in that scope)
    served: dict[str, tuple[int, int]] = dataclasses.field(default_factory=dict)
    fits: int = 0
    examples: int = 0
    valid: int = 0  # examples upjet's own CRD takes
    valid_fits: int = 0
    other_version: int = 0  # examples that fit, at another version than ours
    kinds_equal: int = 0
    kinds: int = 0
    inferred: int = 0
    wrong: list[str] = dataclasses.field(default_factory=list)
    upjet_references: int = 0
    misfits: list[tuple[str, list[str]]] = dataclasses.field(default_factory=list)
    unserved: list[str] = dataclasses.field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"{self.name}: {self.crds} CRDs, {'all structural' if self.structural else 'NOT all structural'}"]
        for scope, (ours, theirs) in sorted(self.served.items()):
            out.append(f"  served {scope:10} {ours}/{theirs} ({_pct(ours, theirs)})")
        out.append(f"  examples fit  {self.fits}/{self.examples} ({_pct(self.fits, self.examples)}); of the "
                   f"{self.valid} upjet's own CRDs take, {self.valid_fits} ({_pct(self.valid_fits, self.valid)})"
                   + (f"; {self.other_version} fit at another version than ours" if self.other_version else ""))
        causes: dict[str, int] = {}
        for _, errors in self.misfits:
            for cause in sorted({misfit_cause(e) for e in errors}):
                causes[cause] = causes.get(cause, 0) + 1
        if causes:
            out.append("  misfits by cause: " + ", ".join(f"{c} {n}" for c, n in sorted(causes.items())))
        out.append(f"  kind names equal to upjet's {self.kinds_equal}/{self.kinds}")
        elsewhere = sum(not w.endswith("(upjet: none)") for w in self.wrong)
        out.append(f"  references inferred on upjet's resources {self.inferred}, not upjet's {len(self.wrong)} "
                   f"(upjet has none there {len(self.wrong) - elsewhere}, another target {elsewhere}; "
                   f"upjet has {self.upjet_references})")
        return out


def misfit_cause(error: str) -> str:
    """Why a manifest does not fit, in a few words a table can count."""
    if error.endswith("unknown field"):
        return "unknown field"
    if "is a required parameter" in error:
        return "required argument missing"
    if "is not served" in error:
        return "not served"
    return "type or value"


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f} %" if b else "-"


@dataclasses.dataclass(frozen=True)
class Ours:
    """What tfbridge generates from the same schema."""

    provider: Provider  # the config with its inferred references
    crds: Mapping[tuple[str, bool], Mapping[str, Any]]  # (Terraform type, namespaced) → its CRD
    count: int  # every CRD, the ProviderConfig kinds' included
    structural: bool


def generate(upjet: Upjet, provider: Provider) -> Ours:
    doc = s.document(upjet.schema, upjet.source)
    generated = pipeline.generate(provider, doc, origin=f"{upjet.name} config")
    completed = generated.catalogue.provider
    by_name = {}
    for path, text in generated.files.items():
        if path.startswith("crds/") and not path.endswith("kustomization.yaml"):
            crd = yaml.load(text, Loader=_LOADER)
            by_name[(crd["spec"]["group"], crd["spec"]["names"]["kind"])] = crd
    # The catalogue names the Terraform type of every kind we serve; each is served in every scope.
    catalogue = yaml.load(generated.files[pipeline.CATALOGUE], Loader=_LOADER)
    crds = {}
    for tf_type in (k["type"] for k in catalogue["kinds"]):
        for namespaced in completed.scopes:
            res = completed.resolve(tf_type, namespaced=namespaced)
            crds[(tf_type, namespaced)] = by_name[(res.group, res.kind)]
    return Ours(completed, crds, len(by_name), not generated.violations)


def measure(upjet: Upjet, provider: Provider) -> Report:
    ours = generate(upjet, provider)
    report = Report(upjet.name, structural=ours.structural, crds=ours.count)
    for namespaced in (False, True):
        scope = "namespaced" if namespaced else "cluster"
        theirs = sorted({k.tf_type for k in upjet.kinds if k.namespaced == namespaced})
        if not theirs:
            continue
        served = [t for t in theirs if (t, namespaced) in ours.crds]
        report.served[scope] = (len(served), len(theirs))
        report.unserved += [f"{t} ({scope})" for t in theirs if t not in served]
        for k in upjet.kinds:
            if k.namespaced == namespaced and k.version == _storage(upjet, k):
                report.kinds += 1
                ours_kind = ours.provider.resolve(k.tf_type).kind if (k.tf_type, False) in ours.crds else None
                report.kinds_equal += ours_kind == k.kind
    for ex in upjet.examples:
        kind = upjet.kind_of(ex.api_version.split("/", 1)[0], ex.kind)
        assert kind is not None
        report.examples += 1
        report.valid += ex.valid
        crd = ours.crds.get((kind.tf_type, kind.namespaced))
        if crd is None:
            report.misfits.append((ex.source, [f"{kind.tf_type} is not served"]))
            continue
        errors = fit(crd, ex.body, ex.api_version)
        if errors:
            report.misfits.append((f"{ex.source} ({kind.tf_type}{'' if ex.valid else ', upjet refuses it too'})",
                                   errors))
        else:
            report.fits += 1
            report.valid_fits += ex.valid
            report.other_version += ex.api_version.split("/", 1)[1] != crd["spec"]["versions"][0]["name"]
    theirs_refs = {(r.tf_type, r.path): r.to for r in upjet.references}
    report.upjet_references = len(theirs_refs)
    # Judged only where upjet serves the resource: elsewhere it has no references to compare with.
    for tf_type in sorted({k.tf_type for k in upjet.kinds if (k.tf_type, False) in ours.crds}):
        explicit = provider.resources.get(tf_type)
        for path, ref in sorted(ours.provider.resolve(tf_type).references.items()):
            if explicit is not None and path in explicit.references:
                continue
            report.inferred += 1
            if theirs_refs.get((tf_type, path)) != ref.to:
                report.wrong.append(f"{tf_type}.{path} → {ref.to} (upjet: {theirs_refs.get((tf_type, path), 'none')})")
    return report


def _storage(upjet: Upjet, kind: UpjetKind) -> str:
    """The newest version upjet serves a resource at in a scope (the kind names of one resource's versions
    are the same; count each once)."""
    versions = sorted(k.version for k in upjet.kinds if k.tf_type == kind.tf_type and k.namespaced == kind.namespaced)
    return versions[-1]


def fit(crd: Mapping[str, Any], body: Mapping[str, Any], api_version: str = "") -> list[str]:
    """Why the API server would refuse a manifest of ``body`` (metadata and spec) with strict field
    validation, its group renamed to the CRD's, at the version of ``api_version`` where the CRD serves it
    (else its first); empty when it would take it."""
    versions = crd["spec"]["versions"]
    wanted = api_version.split("/", 1)[-1]
    version = next((v for v in versions if v["name"] == wanted), versions[0])
    schema = version["schema"]["openAPIV3Schema"]
    obj = {"apiVersion": f"{crd['spec']['group']}/{version['name']}", "kind": crd["spec"]["names"]["kind"],
           **body}
    errors = [f"{u}: unknown field" for u in openapi.unknown_fields(schema, obj)]
    admitted, invalid = openapi.admit(schema, obj)
    errors += invalid
    errors += [f"{v.field}: {v.message}" for v in rules.violations(schema, admitted)]
    return errors


# ---------------------------------------------------------------------------------------------------------


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _for(upjet: Upjet, value: Any) -> Any:
    """A ``--set`` value for one provider: ``{name}`` in a string is the provider's name; a list is a tuple."""
    if isinstance(value, str):
        return value.replace("{name}", upjet.name)
    if isinstance(value, list):
        return tuple(_for(upjet, v) for v in value)
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=JSON",
                        help="a Provider field of the config (a JSON value; {name} in a string: the provider's name)")
    parser.add_argument("--misfits", type=int, default=0, metavar="N", help="print the first N misfits' reasons")
    parser.add_argument("--fixture", type=Path, help="write the compact facts of the one checkout to this file")
    parser.add_argument("--only", action="append", default=[], metavar="TYPE",
                        help="with --fixture: only this resource's facts (a Terraform type or fnmatch pattern)")
    args = parser.parse_args(argv)
    overrides = {k: _value(v) for k, v in (item.split("=", 1) for item in args.set)}
    if args.fixture:
        (checkout,) = args.checkouts
        args.fixture.write_text(dump_fixture(fixture(read_checkout(checkout), args.only)))
        return 0
    for checkout in args.checkouts:
        upjet = read_checkout(checkout)
        report = measure(upjet, scaffold(upjet, **{k: _for(upjet, v) for k, v in overrides.items()}))
        print("\n".join(report.lines()))
        for what in report.unserved:
            print(f"    not served: {what}")
        for line in report.wrong:
            print(f"    inferred, not upjet's: {line}")
        for source, errors in report.misfits[:args.misfits]:
            print(f"    misfit {source}: {'; '.join(errors[:4])}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
