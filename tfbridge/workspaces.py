"""``tfbridge workspaces``: inspect and repair Terraform workspaces (also via ``kubectl exec``).

Every subcommand reads the workspace root; ``gc``, ``plan`` and ``import`` also read the cluster (``plan``
and ``import`` run terraform with the object's own ProviderConfig, resolved as the executors resolve
it). Tables by default, ``-o json`` for scripts. Nothing here prints a secret: sensitive arguments and
attributes are redacted, and credentials only ever live in the process environment.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

import tfproject
from bridge.api.external import ProviderSetup
from bridge.settings import DEFAULT_WORKSPACE_ROOT, ExecutorSettings
from bridge.tfexec.plugins import Plugins
from bridge.tfexec.runner import Runner
from bridge.workspace import tfstate
from bridge.workspace.metadata import Metadata
from bridge.workspace.store import Workspace, WorkspaceStore
from tfconfig import ConfigError, Provider
from tfconfig.shipping import AUTO, CLI, DIRECT, Shipped, runs_on

REDACTED = "(redacted)"


def _store(ctx: click.Context) -> WorkspaceStore:
    root: Path = ctx.obj["root"]
    if not root.is_dir():
        raise click.ClickException(f"no workspace root at {root}")
    return WorkspaceStore(root)


def find(store: WorkspaceStore, ref: str) -> Workspace:
    """A workspace by ``Kind/name`` or ``namespace/Kind/name`` (kind case-insensitive) or by its directory
    name."""
    def named(meta: Metadata) -> bool:
        return ref.lower() in (meta.display.lower(), f"{meta.namespace}/{meta.display}".lower())

    matches = [ws for ws in store.all() if ws.key == ref or named(ws.meta())]
    if not matches:
        raise click.ClickException(f"no workspace for {ref!r}; see `tfbridge workspaces list`")
    if len(matches) > 1:
        keys = ", ".join(ws.key for ws in matches)
        raise click.ClickException(f"{ref!r} matches several workspaces ({keys}); name one by its key")
    return matches[0]


def summary(ws: Workspace) -> dict[str, Any]:
    meta = ws.meta()
    try:
        doc = ws.read_state()
        state = "yes" if doc and doc.get("resources") else "empty" if doc else "no"
    except Exception:  # list goes on; show says what is wrong
        state = "corrupt"
    holder = ws.holder() if ws.locked() else {}
    return {
        "mr": meta.display, "workspace": ws.key, "state": state, "address": meta.address,
        "last_operation": meta.last_operation, "last_result": meta.last_result,
        "executor": meta.executor, "last_at": ws.recorded_at(), "import_check": _import_mark(meta),
        "last_failure": _failure(meta), "failed_operation": meta.failed_operation,
        "failed_error": meta.failed_error, "failed_at": meta.failed_at or None,
        "lock_holder": f"{holder.get('operation')} pid {holder.get('pid')}" if holder else "",
        "lock_age_seconds": round(time.time() - holder["since"], 1) if holder else None,
    }


FAILURE_SHOWN = 160  # characters of the error a table row shows; `show` and `-o json` have all of it


def _failure(meta: Metadata) -> str:
    """The last failed operation, how long ago, and the start of its error: a create that keeps failing
    shows here while the observes between its attempts succeed."""
    if not meta.failed_operation:
        return ""
    ago = max(0, int(time.time() - meta.failed_at))
    when = f"{ago}s" if ago < 120 else f"{ago // 60}m" if ago < 7200 else f"{ago // 3600}h"
    error = " ".join(meta.failed_error.split())
    shown = error if len(error) <= FAILURE_SHOWN else error[:FAILURE_SHOWN - 1] + "…"
    return f"{meta.failed_operation} {when} ago: {shown}"


def _import_mark(meta: Metadata) -> str:
    """Whether the import ID was proven at create to find the object: a failed check means a lost
    state of this workspace will not be imported (the MR stops and asks for it)."""
    if not meta.import_check:
        return ""
    return meta.import_check if meta.import_check == "imported" else f"{meta.import_check}: {meta.import_id}"


def redacted_config(ws: Workspace) -> dict[str, Any]:
    doc = ws.read_main() or {}
    meta = ws.meta()
    for section, names in (("resource", meta.sensitive_arguments),
                           ("provider", meta.sensitive_provider_arguments)):
        for block in (doc.get(section) or {}).values():
            for body in (block.values() if section == "resource" else [block]):
                for name in names:
                    if isinstance(body, dict) and name in body:
                        body[name] = REDACTED
    return doc


def redacted_state(ws: Workspace) -> dict[str, Any]:
    doc = ws.read_state() or {}
    for res in doc.get("resources", []):
        for inst in res.get("instances", []):
            paths = tuple(tfstate.path_of(p) for p in inst.get("sensitive_attributes") or [])
            inst["attributes"] = tfstate.redact(inst.get("attributes") or {}, paths, REDACTED)
            inst.pop("private", None)
    return doc


def _emit(ctx: click.Context, rows: list[dict[str, Any]], columns: list[str]) -> None:
    if ctx.obj["output"] == "json":
        click.echo(json.dumps(rows, indent=2, sort_keys=True, default=str))
        return
    table = Table()
    for col in columns:
        table.add_column(col.upper().replace("_", " "))
    for row in rows:
        table.add_row(*("" if row.get(c) is None else str(row.get(c)) for c in columns))
    Console(width=200).print(table)


@click.group()
@click.option("--workspace-root", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: os.environ.get("TFBRIDGE_WORKSPACE_ROOT", str(DEFAULT_WORKSPACE_ROOT)),
              show_default=f"$TFBRIDGE_WORKSPACE_ROOT or {DEFAULT_WORKSPACE_ROOT}")
@click.option("-o", "--output", type=click.Choice(["table", "json"]), default="table")
@click.pass_context
def workspaces(ctx: click.Context, workspace_root: Path, output: str) -> None:
    """Inspect and repair the Terraform workspaces of a running provider."""
    ctx.obj = {"root": workspace_root, "output": output}


def where_it_runs(provider: Provider | None, flag: str) -> Callable[[Metadata], str]:
    """``executor: why`` of a workspace's kind, as ``tfbridge run --executor flag`` places it; empty for a
    workspace of no kind ``provider`` serves."""
    def runs(meta: Metadata) -> str:
        tf_type = meta.address.split(".", 1)[0]
        if not tf_type:
            return ""
        if flag != AUTO:
            return str(runs_on(flag, Shipped(CLI, "")))
        if provider is None or not tf_type.startswith(provider.resource_prefix):
            return ""
        try:
            return str(provider.resolve(tf_type).shipped)
        except ConfigError:
            return ""
    return runs


@workspaces.command("list")
@click.option("--provider", "provider_name", default=lambda: os.environ.get("TFBRIDGE_PROVIDER", "aws"),
              show_default="aws", help="The provider the workspaces belong to [env TFBRIDGE_PROVIDER].")
@click.option("--executor", type=click.Choice((AUTO, CLI, DIRECT)),
              default=lambda: os.environ.get("TFBRIDGE_EXECUTOR", AUTO), show_default=AUTO,
              help="As the provider runs (`tfbridge run --executor`) [env TFBRIDGE_EXECUTOR].")
@click.pass_context
def list_(ctx: click.Context, provider_name: str, executor: str) -> None:
    """Every workspace: its MR, state, the executor its kind runs on and why (RUNS ON; EXECUTOR is the one
    that ran its last operation), last operation, last failure and lock holder."""
    provider: Provider | None = None
    if executor == AUTO:
        try:
            provider = tfproject.load(provider_name).provider
        except tfproject.LoadError as exc:
            click.echo(f"RUNS ON left empty: {exc}", err=True)
    runs = where_it_runs(provider, executor)
    rows = [{**summary(ws), "runs_on": runs(ws.meta())} for ws in _store(ctx).all()]
    _emit(ctx, rows, ["mr", "workspace", "state", "address", "runs_on", "executor", "import_check",
                      "last_operation", "last_result", "last_failure", "lock_holder", "lock_age_seconds"])


@workspaces.command()
@click.argument("mr")
@click.pass_context
def show(ctx: click.Context, mr: str) -> None:
    """The rendered configuration (secrets redacted) and a state summary."""
    ws = find(_store(ctx), mr)
    doc = ws.read_state() or {}
    resources = [{"address": f"{r['type']}.{r['name']}", "id": (i.get("attributes") or {}).get("id"),
                  "tainted": i.get("status") == "tainted"} for r in doc.get("resources", []) for i in r["instances"]]
    out = {**summary(ws), "config": redacted_config(ws), "state_serial": doc.get("serial"), "resources": resources}
    click.echo(json.dumps(out, indent=2, sort_keys=True, default=str))


@workspaces.command()
@click.argument("mr")
@click.pass_context
def state(ctx: click.Context, mr: str) -> None:
    """The Terraform state, sensitive attributes redacted."""
    click.echo(json.dumps(redacted_state(find(_store(ctx), mr)), indent=2, sort_keys=True))


def cluster_object(ctx: click.Context, ws: Workspace) -> tuple[Any, Any, Any]:
    """(the API client, the provider package, ``ws``'s managed resource as the cluster holds it)."""
    from bridge.api.managed import Managed
    from bridge.kube import errors
    from bridge.kube.client import HTTPKube, api_client
    from bridge.managed.collaborators import kind_resource
    from tfbridge.run import load_package

    opts = ctx.obj["cluster"]
    meta = ws.meta()
    package = load_package(opts["provider"])
    try:
        kind = next(k for k in package.kinds if k.api_version == meta.api_version and k.kind == meta.kind)
    except StopIteration as exc:
        raise click.ClickException(f"{ws.key}: {meta.api_version} {meta.kind} is no kind of provider "
                                   f"{package.provider.name}") from exc
    try:
        kube = HTTPKube(api_client(opts["kubeconfig"]))
        return kube, package, Managed(kube.get(kind_resource(kind), meta.name, meta.namespace))
    except errors.APIError as exc:
        raise click.ClickException(f"{meta.display}: cannot read it from the cluster: {exc}") from exc
    except Exception as exc:  # a kubeconfig that does not load
        raise click.ClickException(f"{meta.display}: {exc}") from exc


def credentials(ctx: click.Context, ws: Workspace, base: dict[str, str]) -> ProviderSetup:
    """The credentials of ``ws``'s managed resource, as the provider resolves them: its ProviderConfig,
    read from the cluster, through the executors' own resolver and rules (never the pod's identity)."""
    from bridge.kube import errors
    from bridge.kube.redact import Redactor
    from bridge.managed.credentials import Sources
    from bridge.managed.providerconfig import Connector
    from bridge.managed.secrets import SecretAccess

    opts = ctx.obj["cluster"]
    kube, package, mr = cluster_object(ctx, ws)
    extra = tuple(ns.strip() for ns in opts["secret_namespaces"].split(",") if ns.strip())

    def unused(*_: object) -> Any:
        raise AssertionError("no client is made here")

    connector = Connector(kube, package, unused, access=SecretAccess.of(opts["namespace"], extra),
                          redactor=Redactor(), setup_ttl=0,
                          sources=Sources(package.provider.credentials, environ=base,
                                          files=ctx.obj["root"] / ".credentials"))
    try:
        setup = connector.setup_for(mr)
    except errors.APIError as exc:
        raise click.ClickException(f"{mr.display}: cannot read its ProviderConfig from the cluster: {exc}") from exc
    except Exception as exc:  # a ProviderConfig its rules refuse
        raise click.ClickException(f"{mr.display}: {exc}") from exc
    if setup.secret_arguments:
        raise click.ClickException(f"{mr.display}: its credentials are provider-block arguments, which terraform "
                                   f"would read from a file; inspect it through the direct executor instead")
    return setup


def _terraform(ctx: click.Context, ws: Workspace, args: list[str], operation: str) -> None:
    plugin_dir = os.environ.get("TFBRIDGE_PLUGIN_DIR") or None
    runner = Runner(terraform=os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))
    base = ExecutorSettings().environment()
    plugins = Plugins(root=ctx.obj["root"], runner=runner, plugin_dir=Path(plugin_dir) if plugin_dir else None,
                      base_env=base)
    # Terraform and the provider it starts get what the executors would give them, nothing of the shell's.
    env = credentials(ctx, ws, base).environment(plugins.env)
    requirements = ((ws.read_main() or {}).get("terraform") or {}).get("required_providers") or {}
    with ws.lock(operation, timeout=30):
        if requirements:  # a workspace the direct executor kept has no providers linked in
            plugins.link(ws.dir, requirements)
        run = runner.run(ws.dir, args, env=env, timeout=900)
    click.echo(run.stdout, nl=False)
    click.echo(run.stderr, nl=False, err=True)
    if run.returncode not in (0, 2):
        raise SystemExit(run.returncode or 1)


def cluster_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Where the object's ProviderConfig is read: the cluster, and the provider's own Secret policy."""
    for option in reversed((
        click.option("--kubeconfig", default=lambda: os.environ.get("KUBECONFIG"),
                     help="[env KUBECONFIG]; default: the in-cluster config"),
        click.option("--provider", "provider_name", default=lambda: os.environ.get("TFBRIDGE_PROVIDER", "aws"),
                     show_default="aws", help="The provider the workspaces belong to [env TFBRIDGE_PROVIDER]."),
        click.option("--namespace", default=lambda: os.environ.get("POD_NAMESPACE", "crossplane-system"),
                     help="The provider's namespace, whose Secrets ProviderConfigs may name [env POD_NAMESPACE]."),
        click.option("--secret-namespaces", default=lambda: os.environ.get("TFBRIDGE_SECRET_NAMESPACES", ""),
                     help="As `tfbridge run --secret-namespaces` [env TFBRIDGE_SECRET_NAMESPACES]."),
    )):
        fn = option(fn)
    return fn


def _cluster(ctx: click.Context, kubeconfig: str | None, provider_name: str, namespace: str,
             secret_namespaces: str) -> None:
    ctx.obj["cluster"] = {"kubeconfig": kubeconfig, "provider": provider_name, "namespace": namespace,
                          "secret_namespaces": secret_namespaces}


@workspaces.command()
@click.argument("mr")
@cluster_options
@click.pass_context
def plan(ctx: click.Context, mr: str, kubeconfig: str | None, provider_name: str, namespace: str,
         secret_namespaces: str) -> None:
    """A dry run: what Terraform would change, with the object's own ProviderConfig. Writes nothing."""
    _cluster(ctx, kubeconfig, provider_name, namespace, secret_namespaces)
    ws = find(_store(ctx), mr)
    _terraform(ctx, ws, ["plan", "-input=false", "-no-color", "-lock=false", "-detailed-exitcode"], "plan")


@workspaces.command("import")
@click.argument("mr")
@click.argument("resource_id")
@cluster_options
@click.pass_context
def import_(ctx: click.Context, mr: str, resource_id: str, kubeconfig: str | None, provider_name: str,
            namespace: str, secret_namespaces: str) -> None:
    """Import RESOURCE_ID into the workspace's state (it must have none yet), with the object's own
    ProviderConfig."""
    _cluster(ctx, kubeconfig, provider_name, namespace, secret_namespaces)
    ws = find(_store(ctx), mr)
    address = ws.meta().address
    if not address:
        raise click.ClickException(f"{ws.key}: no resource address recorded; let the provider observe it once")
    doc = ws.read_state()
    if doc and tfstate.instance(doc, *address.split(".", 1)):
        raise click.ClickException(f"{ws.key}: the state already holds {address}; nothing imported")
    _terraform(ctx, ws, ["import", "-input=false", "-no-color", address, resource_id], "import")


@workspaces.command("allow-adoption")
@click.argument("mr")
@cluster_options
@click.pass_context
def allow_adoption(ctx: click.Context, mr: str, kubeconfig: str | None, provider_name: str, namespace: str,
                   secret_namespaces: str) -> None:
    """Let MR manage the cloud object its external name names, which it did not create (its
    ProviderConfig does not allow adoption): signs its claim with the provider's key."""
    from bridge.api.errors import BridgeError
    from bridge.kube import errors
    from bridge.managed.adoption import CLAIM, Claims
    from bridge.managed.collaborators import kind_resource

    _cluster(ctx, kubeconfig, provider_name, namespace, secret_namespaces)
    ws = find(_store(ctx), mr)
    kube, package, obj = cluster_object(ctx, ws)
    if not obj.external_name:
        raise click.ClickException(f"{obj.display}: it names no cloud object yet (no external name)")
    kind = next(k for k in package.kinds if k.api_version == obj.api_version and k.kind == obj.kind)
    try:
        claim = Claims(kube, namespace, package.provider.name).sign(obj, obj.external_name)
        kube.patch(kind_resource(kind), obj.name, {"metadata": {"annotations": {CLAIM: claim}}}, obj.namespace)
    except (errors.APIError, BridgeError) as exc:
        raise click.ClickException(f"{obj.display}: {exc}") from exc
    click.echo(f"{obj.display} may now manage {obj.external_name!r} through "
               f"{obj.provider_config_kind}/{obj.provider_config_name}")


@workspaces.command()
@click.argument("mr")
@click.pass_context
def unlock(ctx: click.Context, mr: str) -> None:
    """Clear a lock whose holder is dead. A live holder's lock is never touched."""
    ws = find(_store(ctx), mr)
    if ws.locked():
        holder = ws.holder()
        raise click.ClickException(f"{ws.key} is locked by a live process ({holder.get('operation')}, "
                                   f"pid {holder.get('pid')}); not unlocking")
    click.echo(f"{ws.key}: {'stale lock cleared' if ws.clear_stale_lock() else 'not locked'}")


def orphans(store: WorkspaceStore, exists: Callable[[Metadata], bool]) -> list[Workspace]:
    """Workspaces whose managed resource no longer exists (and that nobody is using)."""
    out = []
    for ws in store.all():
        meta = ws.meta()
        if meta.kind and meta.name and not ws.locked() and not exists(meta):
            out.append(ws)
    return out


def cluster_lookup(kubeconfig: str | None) -> Callable[[Metadata], bool]:
    from kubernetes import config, dynamic  # the cluster is only needed here
    from kubernetes.dynamic.exceptions import NotFoundError, ResourceNotFoundError

    client = dynamic.DynamicClient(config.new_client_from_config(config_file=kubeconfig))

    def exists(meta: Metadata) -> bool:
        try:
            api = client.resources.get(api_version=meta.api_version, kind=meta.kind)
            api.get(name=meta.name, namespace=meta.namespace or None)
            return True
        except (NotFoundError, ResourceNotFoundError):
            return False

    return exists


@workspaces.command()
@click.option("--dry-run/--delete", default=True, show_default=True,
              help="Only list orphaned workspaces (default), or delete them.")
@click.option("--kubeconfig", default=lambda: os.environ.get("KUBECONFIG"), help="[env KUBECONFIG]")
@click.pass_context
def gc(ctx: click.Context, dry_run: bool, kubeconfig: str | None) -> None:
    """Workspaces whose managed resource no longer exists in the cluster."""
    try:
        lookup = cluster_lookup(kubeconfig)
    except Exception as exc:  # any failure to reach the cluster
        raise click.ClickException(f"gc needs the cluster: {exc}") from exc
    found = orphans(_store(ctx), lookup)
    rows = [{**summary(ws), "action": "would delete" if dry_run else "deleted"} for ws in found]
    if not dry_run:
        for ws in found:
            ws.remove()
    _emit(ctx, rows, ["mr", "workspace", "state", "action"])
