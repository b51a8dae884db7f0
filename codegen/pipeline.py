"""Provider config + schema → every generated file, in memory; then one all-or-nothing write.

What a provider holds, and who writes it (its package's directory, read through :mod:`tfproject`; the
generated tree goes there, or to the root of its project when it has one, as ``tfbridge init`` makes)::

    config.py, *.py      hand-written config and facts                          committed
    catalog/             hand-written facts, one file per API group             committed
    schema.json.gz       ``tfbridge schema refresh``                            committed
    docs.json.gz         ``tfbridge schema docs``: descriptions from the        committed
                         provider's documentation (optional)
    zz_catalogue.yaml    every kind, and every resource left out with why      committed, generated
    crds/<group>/        one CRD per kind and a kustomization; crds/config/
                         the ProviderConfig kinds; crds/kustomization.yaml all  generated on demand
    examples/<group>/<version>/<kind>.yaml                                      generated on demand
    deploy/              the whole provider: RBAC, Deployment, Service, ../crds  generated on demand
    families/<group>/    one deployable per group, using ../../crds/<group>     generated on demand
    package/             the Crossplane package of the whole provider:          generated on demand
                         crossplane.yaml and crds/ (links to crds/*/*.yaml)
    families/<group>/package/   the package of one family, the same way         generated on demand
    package-runtime-config.yaml  a DeploymentRuntimeConfig for the packages     generated on demand

Every kind is generated twice where the provider serves namespaced kinds: ``<group>.<root>``
(cluster-scoped) and ``<group>.<namespaced root>`` (namespaced), in the same CRD directory and family.

A family uses its group's CRD directory as a kustomize base, so no CRD file exists twice (kustomize
loads no single file from outside a kustomization's root, but does load a base directory). A package
must hold its CRDs itself (the package build reads only its own root and follows no symlink): its
files are hard links to those of ``crds/``, the same bytes on disk once.
:func:`ensure` regenerates the on-demand part when its inputs changed; only ``tfbridge generate``
rewrites the committed catalogue, so a test can tell a catalogue that was not regenerated.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import gc
import hashlib
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import filelock

import codegen
import templates
import tfconfig
import tfproject
import tfschema
from codegen import crd, deploy, examples, package, render, structural
from tfconfig import ConfigError, Provider, Reason, ResolvedResource
from tfschema import catalogue, digest, fields
from tfschema import docs as tfdocs
from tfschema import schema as s

# etcd's default request limit; a larger CRD cannot be stored. Measured on the CRD as the API server
# stores it (compact JSON), not on its YAML file. A client-side `kubectl apply` stores a second copy in
# its last-applied annotation: large CRDs want `kubectl apply --server-side`.
CRD_SIZE_LIMIT = 1536 * 1024
CONFIG_GROUP = deploy.CONFIG_FAMILY
CATALOGUE = "zz_catalogue.yaml"
# Generated on demand (not committed); the catalogue is generated too, but committed.
RUNTIME_CONFIG = "package-runtime-config.yaml"
ON_DEMAND_ROOTS = ("crds", "deploy", "examples", "families", "package", RUNTIME_CONFIG)
# What every provider's on-demand tree has (a provider without a package has no package roots).
_ALWAYS = ("crds", "deploy", "examples", "families")
GENERATED_ROOTS = (*ON_DEMAND_ROOTS, CATALOGUE)
STAMP = ".generated"


class GenerationError(ValueError):
    """The generator refused its input; the message names the file and the entry."""


@dataclasses.dataclass(frozen=True)
class KindSummary:
    tf_type: str
    group: str
    kind: str
    version: str
    parameters: int
    observations: int
    structural: bool
    crd_bytes: int  # the YAML file
    stored_bytes: int  # the object as the API server stores it: what the size limit is about
    # spec.forProvider's properties at every depth, and those with a description (kubectl explain's text).
    for_provider: tfdocs.Coverage = dataclasses.field(default_factory=tfdocs.Coverage)
    # Every version it is served at, oldest first.
    versions: tuple[str, ...] = ()


@dataclasses.dataclass
class Generated:
    files: dict[str, str]
    kinds: list[KindSummary]
    violations: list[str]
    catalogue: catalogue.Catalogue
    # Path → the path in ``files`` it is a hard link to (a package's CRDs).
    links: dict[str, str] = dataclasses.field(default_factory=dict)


def load_config(provider_dir: Path) -> Provider:
    """The ``PROVIDER`` of the provider package or project at ``provider_dir`` (:func:`tfproject.load`,
    the loader the runtime uses too)."""
    try:
        return tfproject.load(provider_dir).provider
    except tfproject.LoadError as exc:
        raise GenerationError(str(exc)) from exc


def load_schema(provider_dir: Path, provider: Provider, schema_path: Path | None = None) -> s.Document:
    return s.load_document(schema_path or tfproject.find(provider_dir).directory / provider.schema_file,
                           provider.registry_source)


def load_docs(provider_dir: Path) -> tfdocs.Docs | None:
    """The provider's descriptions file, if it has one."""
    try:
        return tfdocs.load(provider_dir)
    except tfdocs.DocsError as exc:
        raise GenerationError(str(exc)) from exc


@dataclasses.dataclass(frozen=True)
class _Job:
    provider: Provider
    doc: s.Document
    origin: str
    docs: tfdocs.Docs | None = None
    crd_size_limit: int = CRD_SIZE_LIMIT


_JOB: _Job | None = None  # set before forking workers, read by _render_kind in each

_Rendered = tuple[dict[str, str], list[KindSummary], list[str]]


def _example_name(provider: Provider, tf_type: str) -> str:
    return examples.name_of(provider.resolve(tf_type))


def kind_digest(provider: Provider, doc: s.Document, res: ResolvedResource) -> str:
    return digest.resource(s.compact(doc.resources[res.tf_type]), res, provider=provider.name)


def _described(tf_type: str, views: fields.Views, block: s.Block) -> tuple[fields.Views, str]:
    """The views with the documentation's texts, and the kind's description (the schema's own first)."""
    assert _JOB is not None
    if _JOB.docs is None:
        return views, block.description
    rd = _JOB.docs.resource(tf_type)
    return tfdocs.describe(views, rd), block.description or rd.description


def _render_kind(tf_type: str) -> _Rendered:
    """A kind's CRD and example in every scope the provider serves: one field tree per shape (a version that
    keeps one-element lists, or serves older names, has its own), rendered once per scope and version."""
    assert _JOB is not None
    provider, doc = _JOB.provider, _JOB.doc
    try:
        rs = doc.parse_resource(tf_type)
        trees: dict[str, fields.Views] = {}
        for namespaced in provider.scopes:
            scoped = provider.resolve(tf_type, namespaced=namespaced)
            for v in scoped.versions:
                rules = fields.rules(scoped, v.name)
                if rules.canonical() not in trees:
                    trees[rules.canonical()] = fields.build(rs, rules)
                    fields.reference_paths(trees[rules.canonical()], rules)
    except (ValueError, ConfigError) as exc:
        raise GenerationError(f"{_JOB.origin}: {exc}") from exc
    described: dict[str, fields.Views] = {}
    description = rs.block.description
    for key, views in trees.items():
        described[key], description = _described(tf_type, views, rs.block)
    files: dict[str, str] = {}
    summaries: list[KindSummary] = []
    bad: list[str] = []
    webhook = deploy.webhook_service(deploy.Deployable(provider, ())), deploy.NAMESPACE
    for namespaced in provider.scopes:
        scoped = provider.resolve(tf_type, namespaced=namespaced)
        schema_digest = kind_digest(provider, doc, scoped)
        keys = {v.name: fields.rules(scoped, v.name).canonical() for v in scoped.versions}
        doc_crd = crd.managed_crd(scoped, {v: described[k] for v, k in keys.items()}, provider, description,
                                  schema_digest, webhook)
        if _stored_bytes(doc_crd) > _JOB.crd_size_limit:
            # The documentation's texts must not make a kind unservable: such a CRD goes without them.
            doc_crd = crd.managed_crd(scoped, {v: trees[k] for v, k in keys.items()}, provider, rs.block.description,
                                      schema_digest, webhook)
        violations = structural.crd_violations(doc_crd)
        crd_text = render.render("crd.yaml.j2", crd=doc_crd)
        views = trees[keys[scoped.version]]
        manifest = examples.manifest(scoped, views, lambda t: _example_name(provider, t), provider.example_values)
        files[_crd_path(scoped.short_group, scoped.group, scoped.plural)] = crd_text
        files[examples.path_of(scoped)] = render.render("example.yaml.j2", manifest=manifest)
        stored = next(v for v in doc_crd["spec"]["versions"] if v["storage"])
        for_provider = stored["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["forProvider"]
        summaries.append(KindSummary(tf_type, scoped.group, scoped.kind, scoped.version, len(views.parameters.fields),
                                     len(views.observation.fields), not violations, len(crd_text.encode()),
                                     _stored_bytes(doc_crd), tfdocs.crd_coverage(for_provider),
                                     tuple(v.name for v in scoped.versions)))
        bad += violations
    return files, summaries, bad


def _stored_bytes(document: dict[str, Any]) -> int:
    return len(json.dumps(document, separators=(",", ":")).encode())


def _measure_kind(tf_type: str, limit: int) -> int:
    """The stored size of a kind's CRD, without rendering it (for exclusions that claim it is too large).
    forProvider and initProvider alone, when they are over ``limit`` already: the CRD holds atProvider besides."""
    assert _JOB is not None
    provider, doc = _JOB.provider, _JOB.doc
    res = provider.resolve(tf_type)
    rs = doc.parse_resource(tf_type)
    rules = fields.rules(res)
    params = fields.parameters(rs, rules)
    lower = _stored_bytes(crd.object_schema(params)) + _stored_bytes(crd.object_schema(fields.init_of(params, rules)))
    if lower > limit:
        return lower
    views = {v.name: fields.build(rs, fields.rules(res, v.name)) for v in res.versions}
    return _stored_bytes(crd.managed_crd(res, views, provider, rs.block.description, ""))


def _work(item: tuple[str, int]) -> _Rendered | int:
    """A kind to render, or one excluded as too large (a size limit given) whose size is only measured."""
    tf_type, limit = item
    return _measure_kind(tf_type, limit) if limit else _render_kind(tf_type)


def _crd_path(short_group: str, group: str, plural: str) -> str:
    return f"crds/{short_group}/{group}_{plural}.yaml"


def plan(provider: Provider, doc: s.Document, *, origin: str = "config.py") -> catalogue.Catalogue:
    try:
        return catalogue.plan(provider, doc, origin=origin)
    except ConfigError as exc:
        raise GenerationError(str(exc)) from exc


def _pool(jobs: int, count: int) -> concurrent.futures.ProcessPoolExecutor | None:
    if jobs > 1 and count > 50 and sys.platform.startswith("linux"):
        return concurrent.futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
    return None


_A = TypeVar("_A")
_T = TypeVar("_T")


def _mapped(fn: Callable[[_A], _T], selected: list[_A], jobs: int) -> Iterator[_T]:
    """``fn`` over ``selected`` in order, in worker processes for large providers."""
    pool = _pool(jobs, len(selected))
    if pool is not None:
        # The workers are forked: with every object the parent holds (the schema) out of the collector's
        # reach, the workers' collections do not touch, and so copy, the parent's pages.
        gc.freeze()
    try:
        if pool is None:
            yield from map(fn, selected)
        else:
            yield from pool.map(fn, selected, chunksize=16)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
            gc.unfreeze()


def generate(provider: Provider, doc: s.Document, *, jobs: int = 1,
             progress: Callable[[str], None] | None = None, origin: str = "config.py",
             crd_size_limit: int = CRD_SIZE_LIMIT, docs: tfdocs.Docs | None = None) -> Generated:
    """Render every file of the provider tree in memory. Raises GenerationError on bad input.

    With ``docs`` (the provider's descriptions file), every CRD field the documentation covers
    carries its text, and every kind its resource's description.

    Besides the whole provider (``deploy/``), one deployable per API group plus a ``config`` family
    (upjet's provider families), each with only its CRDs and the RBAC its controllers need.
    """
    global _JOB
    cat = plan(provider, doc, origin=origin)
    provider = cat.provider
    selected = cat.included
    _check_kinds_unique(provider, selected, origin)
    declared_large = tuple(t for t, e in sorted(cat.excluded.items()) if e.reason is Reason.CRD_TOO_LARGE)
    _JOB = _Job(provider, doc, origin, docs, crd_size_limit)
    out = Generated(files={}, kinds=[], violations=[], catalogue=cat)
    too_large: list[KindSummary] = []
    try:
        # The measured ones first: they are the largest, and the pool's order is the work's.
        work = [(t, crd_size_limit) for t in declared_large] + [(t, 0) for t in selected]
        fits = []
        for (tf_type, _), done in zip(work, _mapped(_work, work, jobs), strict=True):
            if isinstance(done, int):
                # A declared exclusion is checked too: a CRD that fits again should be served again.
                if done <= crd_size_limit:
                    fits.append(tf_type)
                continue
            files, summaries, bad = done
            out.files.update(files)
            out.kinds += summaries
            out.violations += bad
            too_large += [k for k in summaries if k.stored_bytes > crd_size_limit]
            if progress:
                progress(tf_type)
    finally:
        _JOB = None
    if too_large:
        lines = [f"{k.tf_type} ({k.group}): its CRD is {k.stored_bytes / 2**20:.2f} MiB, over the API server's "
                 f"{crd_size_limit / 2**20:.1f} MiB limit" for k in too_large]
        raise GenerationError(f"{origin}: " + "; ".join(lines) + ": leave the argument that makes it large out, "
                              "or exclude the resource (Exclusion(Reason.CRD_TOO_LARGE))")
    if fits:
        raise GenerationError(f"{origin}: exclude: {', '.join(fits)}: excluded as CRDTooLarge, but the CRD fits "
                              f"within {crd_size_limit / 2**20:.1f} MiB now; remove the exclusion")
    resolved = [provider.resolve(t, namespaced=n) for t in selected for n in provider.scopes]
    _add_provider_files(out, provider, doc)
    _add_deployables(out, provider, resolved)
    if provider.package is not None:
        _add_packages(out, provider)
    out.files[CATALOGUE] = catalogue_text(provider, cat)
    return out


def _check_kinds_unique(provider: Provider, selected: Iterable[str], origin: str) -> None:
    seen: dict[tuple[str, str], str] = {}
    for tf_type in selected:
        res = provider.resolve(tf_type)
        if res.short_group == CONFIG_GROUP:
            raise GenerationError(f"{origin}: {tf_type}: the API group {res.group!r} would share its short name with "
                                  f"the {CONFIG_GROUP!r} family; set short_group= or a group rule")
        key = (res.group, res.kind)
        if key in seen:
            raise GenerationError(f"{origin}: {tf_type} and {seen[key]} both map to {res.kind} in {res.group}; "
                                  f"set kind= or short_group= for one of them")
        seen[key] = tf_type


def _add_provider_files(out: Generated, provider: Provider, doc: s.Document) -> None:
    rules = fields.provider_rules("provider", provider.credentials.provider_arguments, provider.injected_fields,
                                  provider.local_files)
    try:
        configuration = fields.provider_configuration(doc.parse_provider(), rules)
    except ValueError as exc:
        raise GenerationError(f"{doc.origin}: {exc}") from exc
    digests = digest.config_kinds(provider, s.compact(doc.provider))
    for config in provider.config_kinds:
        schema_digest = digests[(config.group, config.kind)]
        document = (crd.provider_config_usage_crd(provider, config, schema_digest, CONFIG_GROUP) if config.usage
                    else crd.provider_config_crd(provider, config, configuration, schema_digest, CONFIG_GROUP))
        out.violations += structural.crd_violations(document)
        path = _crd_path(CONFIG_GROUP, document["spec"]["group"], document["spec"]["names"]["plural"])
        out.files[path] = render.render("crd.yaml.j2", crd=document)


def _add_deployables(out: Generated, provider: Provider, kinds: list[ResolvedResource]) -> None:
    by_group: dict[str, list[str]] = {}
    for path in sorted(p for p in out.files if p.startswith("crds/")):
        group, name = path[len("crds/"):].split("/", 1)
        by_group.setdefault(group, []).append(name)
    for group, names in by_group.items():
        out.files[f"crds/{group}/kustomization.yaml"] = _manifest(deploy.kustomization(names))
    out.files["crds/kustomization.yaml"] = _manifest(deploy.kustomization(sorted(by_group)))
    trees = [("deploy", deploy.Deployable(provider, tuple(kinds)), "../crds"),
             (f"families/{CONFIG_GROUP}", deploy.Deployable(provider, (), CONFIG_GROUP), f"../../crds/{CONFIG_GROUP}")]
    for group in sorted({k.short_group for k in kinds}):
        members = tuple(k for k in kinds if k.short_group == group)
        trees.append((f"families/{group}", deploy.Deployable(provider, members, group), f"../../crds/{group}"))
    for base, deployable, crds in trees:
        docs = deploy.manifests(deployable)
        for name, doc in docs.items():
            out.files[f"{base}/{name}"] = _manifest(doc)
        out.files[f"{base}/kustomization.yaml"] = _manifest(deploy.kustomization([crds, *docs], deployable))


def _add_packages(out: Generated, provider: Provider) -> None:
    """The whole provider's package and one per family: ``crossplane.yaml`` and its CRDs, linked."""
    crds = sorted(p for p in out.files if p.startswith("crds/") and not p.endswith("/kustomization.yaml"))
    roots: list[tuple[str, str | None, list[str]]] = [("package", None, crds)]
    for group in sorted({p.split("/")[1] for p in crds}):
        roots.append((f"families/{group}/package", group, [p for p in crds if p.split("/")[1] == group]))
    for root, family, members in roots:
        out.files[f"{root}/crossplane.yaml"] = _manifest(package.meta(provider, family))
        for path in members:
            out.links[f"{root}/crds/{path.rsplit('/', 1)[1]}"] = path
    out.files[RUNTIME_CONFIG] = _manifest(package.runtime_config(provider))


def _manifest(doc: dict[str, Any]) -> str:
    return render.render("manifest.yaml.j2", doc=doc)


def catalogue_text(provider: Provider, cat: catalogue.Catalogue) -> str:
    """The committed summary: every kind (group, version, kind, Terraform type), every resource left out
    with its reason, and the count per reason."""
    kinds = []
    for tf_type in cat.included:
        res = provider.resolve(tf_type)
        served = [v.name for v in res.versions]
        kinds.append({"type": tf_type, "group": res.group, "version": res.version, "kind": res.kind,
                      **({"served": served} if len(served) > 1 else {})})
    excluded = []
    counts: dict[str, int] = {}
    for tf_type, exclusion in sorted(cat.excluded.items()):
        entry = {"type": tf_type, "reason": str(exclusion.reason)}
        if exclusion.detail:
            entry["detail"] = exclusion.detail
        if exclusion.source:
            entry["source"] = exclusion.source
        excluded.append(entry)
        counts[str(exclusion.reason)] = counts.get(str(exclusion.reason), 0) + 1
    return render.render("catalogue.yaml.j2", provider=provider, kinds=kinds, excluded=excluded,
                         counts=dict(sorted(counts.items())), reasons={str(r): d for r, d in
                                                                        tfconfig.catalogue.DESCRIPTIONS.items()})


def write_tree(provider_dir: Path, generated: Generated, roots: tuple[str, ...] = GENERATED_ROOTS) -> None:
    """Replace the generated parts of ``provider_dir`` under ``roots`` with ``generated``, all at once.

    Everything is written to a staging directory first; only then are the old generated roots
    moved aside and the new ones moved in. On any failure the old tree is put back.
    """
    provider_dir.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".tfbridge-new-", dir=provider_dir))
    trash = Path(tempfile.mkdtemp(prefix=".tfbridge-old-", dir=provider_dir))
    moved: list[str] = []
    installed: list[str] = []
    try:
        chosen = {stage / rel: text for rel, text in generated.files.items() if rel.split("/", 1)[0] in roots}
        linked = {stage / rel: stage / source for rel, source in generated.links.items()
                  if rel.split("/", 1)[0] in roots and source in generated.files}
        for parent in sorted({p.parent for p in (*chosen, *linked)}):
            parent.mkdir(parents=True, exist_ok=True)
        # One after another: a file is written in tens of microseconds, less than handing it to a thread costs.
        for path, text in chosen.items():
            path.write_text(text, encoding="utf-8")
        for link, source in sorted(linked.items()):
            _link(source, link)
        for root in roots:
            if (provider_dir / root).exists():
                (provider_dir / root).rename(trash / root)
                moved.append(root)
        for root in roots:
            if (stage / root).exists():
                (stage / root).rename(provider_dir / root)
                installed.append(root)
    except BaseException:
        for root in installed:
            shutil.rmtree(provider_dir / root) if (provider_dir / root).is_dir() else (provider_dir / root).unlink()
        for root in moved:
            (trash / root).rename(provider_dir / root)
        raise
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        shutil.rmtree(trash, ignore_errors=True)


def _link(source: Path, link: Path) -> None:
    """``link`` as a hard link to ``source`` (a copy where the file system has none)."""
    try:
        os.link(source, link)
    except OSError:
        shutil.copyfile(source, link)


def read_tree(provider_dir: Path, roots: tuple[str, ...] = GENERATED_ROOTS) -> dict[str, str]:
    """The generated files currently in ``provider_dir`` (for the up-to-date check)."""
    out: dict[str, str] = {}
    for root in roots:
        base = provider_dir / root
        paths = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else []
        for p in paths:
            out[p.relative_to(provider_dir).as_posix()] = p.read_text(encoding="utf-8")
    return out


def _sources() -> Iterator[Path]:
    for module in (codegen, templates, tfconfig, tfschema):
        base = Path(module.__file__ or "").parent
        yield from sorted(p for p in base.rglob("*") if p.suffix in (".py", ".j2") and "__pycache__" not in p.parts)


def inputs_digest(loaded: tfproject.Loaded) -> str:
    """Everything the on-demand tree is made from: the provider's config and facts modules (its
    subpackages' too, as a catalogue split into modules), its data files, its schema and descriptions, and the
    generator's own code."""
    h = hashlib.sha256()
    for path in loaded.inputs():
        h.update(path.relative_to(loaded.directory).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for path in _sources():
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def ensure(provider_dir: Path, *, jobs: int = 1) -> bool:
    """Generate the on-demand tree of the provider package or project at ``provider_dir`` if it is missing
    or its inputs changed; True if it was (re)generated. Safe to call from several processes at once."""
    with filelock.FileLock(str(provider_dir / ".generate.lock")):
        try:
            loaded = tfproject.load(provider_dir)
        except tfproject.LoadError as exc:
            raise GenerationError(str(exc)) from exc
        want = inputs_digest(loaded)
        stamp = provider_dir / STAMP
        if (stamp.is_file() and stamp.read_text() == want
                and all((provider_dir / root).is_dir() for root in _ALWAYS)):
            return False
        generated = generate(loaded.provider, loaded.document(), jobs=jobs, origin=loaded.origin,
                             docs=load_docs(loaded.directory))
        if generated.violations:
            raise GenerationError("non-structural CRD schema:\n  " + "\n  ".join(generated.violations[:20]))
        write_tree(provider_dir, generated, ON_DEMAND_ROOTS)
        stamp.write_text(want)
        return True
