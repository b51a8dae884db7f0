"""Provider config + schema → every generated file, in memory; then one all-or-nothing write."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import importlib.util
import multiprocessing
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from codegen import crd, deploy, examples, fields, models, render, structural
from codegen import schema as s
from tfconfig import ConfigError, Provider, ResolvedResource

# etcd's default request limit; a larger CRD cannot be applied to a real cluster.
CRD_SIZE_LIMIT = 1536 * 1024

# Paths under a provider directory that the generator owns; everything else is hand-written.
GENERATED_ROOTS = ("__init__.py", "apis", "crds", "deploy", "examples", "families", "zz_registry.py")


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
    crd_bytes: int


@dataclasses.dataclass
class Generated:
    files: dict[str, str]
    kinds: list[KindSummary]
    violations: list[str]


def load_config(provider_dir: Path) -> Provider:
    """Import ``<provider_dir>/config.py`` and return its ``PROVIDER``."""
    path = provider_dir / "config.py"
    if not path.is_file():
        raise GenerationError(f"{path}: no provider config")
    spec = importlib.util.spec_from_file_location(f"_tfbridge_config_{provider_dir.name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise GenerationError(f"{path}: cannot load: {type(exc).__name__}: {exc}") from exc
    provider = getattr(module, "PROVIDER", None)
    if not isinstance(provider, Provider):
        raise GenerationError(f"{path}: PROVIDER must be a tfconfig.Provider")
    return provider


@dataclasses.dataclass(frozen=True)
class _Job:
    provider: Provider
    schema: s.ProviderSchema
    origin: str


_JOB: _Job | None = None  # set before forking workers, read by _render_kind in each


def _file(res: ResolvedResource) -> str:
    return f"zz_{res.kind.lower()}"


def _module(res: ResolvedResource) -> str:
    """The registry's import alias: unique even when two groups share a kind name."""
    return f"{res.short_group}_{res.version}_{res.kind.lower()}"


def _references(res: ResolvedResource, views: fields.Views) -> list[dict[str, Any]]:
    out = []
    for tf_path, ref in sorted(res.references.items()):
        obj: fields.Node = views.parameters
        json_path: list[str] = []
        parts = tf_path.split(".")
        for i, part in enumerate(parts):
            while isinstance(obj, fields.Array | fields.Map):
                obj = obj.item if isinstance(obj, fields.Array) else obj.value
            if not isinstance(obj, fields.Object):
                raise ConfigError(f"resources[{res.tf_type!r}].references[{tf_path!r}]: not an argument path")
            by_role = {fl.role: fl for fl in obj.fields if fl.tf_name == part}
            if fields.TF not in by_role:
                raise ConfigError(f"resources[{res.tf_type!r}].references[{tf_path!r}]: "
                                  f"{part!r} is not an argument of {res.tf_type}")
            json_path.append(by_role[fields.TF].json_name)
            if i == len(parts) - 1:
                out.append({"path": tuple(json_path), "ref_field": by_role[fields.REF].json_name,
                            "selector_field": by_role[fields.SELECTOR].json_name,
                            "many": isinstance(by_role[fields.TF].node, fields.Array),
                            "to": ref.to, "extract": ref.extract})
            obj = by_role[fields.TF].node
    return out


def _late_init(rs: s.ResourceSchema, res: ResolvedResource, views: fields.Views) -> tuple[str, ...]:
    """Top-level forProvider arguments that are optional and computed: what late-init may fill."""
    params = {f.tf_name for f in views.parameters.fields if f.role is fields.TF}
    return tuple(sorted(a.name for a in rs.block.attributes if a.optional and a.computed and a.name in params
                        and a.name not in res.late_init_ignore))


def _render_kind(tf_type: str) -> tuple[dict[str, str], KindSummary, list[str], dict[str, Any]]:
    assert _JOB is not None
    provider, schema = _JOB.provider, _JOB.schema
    res = provider.resolve(tf_type)
    rs = schema.resources[tf_type]
    try:
        views = fields.build(rs, res)
        refs = _references(res, views)
    except (ValueError, ConfigError) as exc:
        raise GenerationError(f"{_JOB.origin}: {exc}") from exc
    doc = crd.managed_crd(res, views, provider, rs.block.description)
    bad = structural.crd_violations(doc)
    crd_text = render.render("crd.yaml.j2", crd=doc)
    files = {
        f"crds/{res.group}_{res.plural}.yaml": crd_text,
        f"apis/{res.short_group}/{res.version}/{_file(res)}.py": render.render(
            "model.py.j2", kind=res.kind, tf_type=tf_type, classes=models.class_specs(views)),
        f"examples/{res.short_group}/{res.version}/{res.kind.lower()}.yaml": render.render(
            "example.yaml.j2", manifest=examples.manifest(res, views)),
    }
    summary = KindSummary(tf_type, res.group, res.kind, res.version, len(views.parameters.fields),
                          len(views.observation.fields), not bad, len(crd_text.encode()))
    registry_entry = {"tf_type": tf_type, "kind": res.kind, "short_group": res.short_group,
                      "version": res.version, "module": _module(res), "file": _file(res), "references": refs,
                      "schema_version": rs.version,
                      "timeouts_block": any(bt.name == "timeouts" for bt in rs.block.block_types),
                      "late_init": _late_init(rs, res, views)}
    return files, summary, bad, registry_entry


def select(provider: Provider, schema: s.ProviderSchema, *, origin: str = "config.py") -> tuple[str, ...]:
    try:
        return provider.select(schema.resources, origin=origin)
    except ConfigError as exc:
        raise GenerationError(str(exc)) from exc


def family_mode(provider_dir: Path) -> bool:
    """Whether the tree in ``provider_dir`` was generated with provider families."""
    return (provider_dir / "families").is_dir()


def generate(provider: Provider, schema: s.ProviderSchema, *, jobs: int = 1,
             progress: Callable[[str], None] | None = None, origin: str = "config.py",
             families: bool = False) -> Generated:
    """Render every file of the provider tree in memory. Raises GenerationError on bad input.

    With ``families``, also one deployable per API group plus a ``config`` family (upjet's
    provider families), each with only its CRDs and the RBAC its controllers need.
    """
    global _JOB
    selected = select(provider, schema, origin=origin)
    _check_kinds_unique(provider, selected, origin)
    _JOB = _Job(provider, schema, origin)
    results: Iterable[tuple[dict[str, str], KindSummary, list[str], dict[str, Any]]]
    pool = None
    try:
        if jobs > 1 and len(selected) > 50 and sys.platform.startswith("linux"):
            pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
            results = pool.map(_render_kind, selected, chunksize=16)
        else:
            results = map(_render_kind, selected)
        out = Generated(files={}, kinds=[], violations=[])
        registry: list[dict[str, Any]] = []
        for files, summary, bad, entry in results:
            out.files.update(files)
            out.kinds.append(summary)
            out.violations += bad
            registry.append(entry)
            if progress:
                progress(summary.tf_type)
    finally:
        if pool is not None:
            pool.shutdown()
        _JOB = None
    _add_provider_files(out, provider, schema, registry)
    _add_deployables(out, provider, [provider.resolve(t) for t in selected], families)
    return out


def _check_kinds_unique(provider: Provider, selected: Iterable[str], origin: str) -> None:
    seen: dict[tuple[str, str], str] = {}
    for tf_type in selected:
        res = provider.resolve(tf_type)
        key = (res.group, res.kind)
        if key in seen:
            raise GenerationError(f"{origin}: {tf_type} and {seen[key]} both map to {res.kind} in {res.group}; "
                                  f"set kind= or short_group= for one of them")
        seen[key] = tf_type


def _add_provider_files(out: Generated, provider: Provider, schema: s.ProviderSchema,
                        registry: list[dict[str, Any]]) -> None:
    configuration = fields.provider_configuration(schema.provider, "ProviderConfiguration",
                                                  provider.credentials.provider_arguments)
    for doc in (crd.provider_config_crd(provider, configuration), crd.provider_config_usage_crd(provider)):
        out.violations += structural.crd_violations(doc)
        out.files[f"crds/{doc['spec']['group']}_{doc['spec']['names']['plural']}.yaml"] = render.render(
            "crd.yaml.j2", crd=doc)
    inits = {"__init__.py": f"The generated {provider.name} provider.", "apis/__init__.py": "Generated models."}
    for entry in registry:
        inits[f"apis/{entry['short_group']}/__init__.py"] = f"Generated models of the {entry['short_group']} group."
        inits[f"apis/{entry['short_group']}/{entry['version']}/__init__.py"] = (
            f"Generated models of {entry['short_group']} {entry['version']}.")
    for path, doc_text in inits.items():
        out.files[path] = render.render("package_init.py.j2", doc=doc_text)
    out.files["apis/zz_providerconfig.py"] = render.render(
        "model.py.j2", kind="ProviderConfig", tf_type=f"provider {provider.name}",
        classes=models.class_specs(fields.Views(configuration, configuration, configuration, ())))
    out.files["zz_registry.py"] = render.render("registry.py.j2", provider=provider, kinds=registry)


def _crd_path(group: str, plural: str) -> str:
    return f"crds/{group}_{plural}.yaml"


def _add_deployables(out: Generated, provider: Provider, kinds: list[ResolvedResource], families: bool) -> None:
    config_crds = [_crd_path(provider.root_group, p) for p in ("providerconfigs", "providerconfigusages")]
    all_crds = sorted(p for p in out.files if p.startswith("crds/"))
    out.files["crds/kustomization.yaml"] = _manifest(deploy.kustomization([p[len("crds/"):] for p in all_crds]))
    trees = [("deploy", deploy.Deployable(provider, tuple(kinds)), ["../crds"])]
    if families:
        groups = sorted({k.short_group for k in kinds})
        trees.append((f"families/{deploy.CONFIG_FAMILY}", deploy.Deployable(provider, (), deploy.CONFIG_FAMILY),
                       config_crds))
        for group in groups:
            members = tuple(k for k in kinds if k.short_group == group)
            trees.append((f"families/{group}", deploy.Deployable(provider, members, group),
                          [_crd_path(k.group, k.plural) for k in members]))
    for base, deployable, crds in trees:
        docs = deploy.manifests(deployable)
        resources = list(docs)
        for name, doc in docs.items():
            out.files[f"{base}/{name}"] = _manifest(doc)
        for path in crds:
            if path.startswith("crds/"):  # a family carries copies: kustomize loads no file above its root
                out.files[f"{base}/{path}"] = out.files[path]
            resources.append(path)
        out.files[f"{base}/kustomization.yaml"] = _manifest(deploy.kustomization(resources))


def _manifest(doc: dict[str, Any]) -> str:
    return render.render("manifest.yaml.j2", doc=doc)


def write_tree(provider_dir: Path, generated: Generated) -> None:
    """Replace the generated parts of ``provider_dir`` with ``generated``, all at once.

    Everything is written to a staging directory first; only then are the old generated roots
    moved aside and the new ones moved in. On any failure the old tree is put back.
    """
    provider_dir.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".tfbridge-new-", dir=provider_dir))
    trash = Path(tempfile.mkdtemp(prefix=".tfbridge-old-", dir=provider_dir))
    moved: list[str] = []
    installed: list[str] = []
    try:
        for rel, text in generated.files.items():
            target = stage / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        for root in GENERATED_ROOTS:
            if (provider_dir / root).exists():
                (provider_dir / root).rename(trash / root)
                moved.append(root)
        for root in GENERATED_ROOTS:
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


def read_tree(provider_dir: Path) -> dict[str, str]:
    """The generated files currently in ``provider_dir`` (for the up-to-date check)."""
    out: dict[str, str] = {}
    for root in GENERATED_ROOTS:
        base = provider_dir / root
        paths = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else []
        for p in paths:
            if "__pycache__" in p.parts:
                continue
            out[p.relative_to(provider_dir).as_posix()] = p.read_text(encoding="utf-8")
    return out
