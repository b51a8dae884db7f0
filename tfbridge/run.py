"""``tfbridge run``: run a generated provider's controllers against a cluster."""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import click

import tfproject
from bridge.api import registry
from bridge.kube import errors
from bridge.kube.client import Kube
from bridge.settings import (
    DEFAULT_CHANGELOGS_SOCKET,
    DEFAULT_WORKSPACE_ROOT,
    EXECUTOR_CHOICES,
    ProviderProcesses,
    Settings,
    WebhookSettings,
)

log = logging.getLogger("tfbridge.run")


def load_package(name: str, family: str | None = None) -> registry.ProviderPackage:
    """An installed provider (its ``tfbridge.providers`` entry point name), a dotted package, or a path
    (see :func:`tfproject.load`), or one family of it."""
    try:
        return registry.load(name, family=family)
    except tfproject.LoadError as exc:
        raise click.ClickException(str(exc)) from exc
    except KeyError as exc:
        raise click.BadParameter(str(exc.args[0]), param_hint="--family") from exc


def default_provider() -> str:
    """``TFBRIDGE_PROVIDER``, which a provider's image sets; without it, ``--provider`` is needed."""
    chosen = os.environ.get("TFBRIDGE_PROVIDER", "")
    if not chosen:
        raise click.UsageError(f"name the provider to run with --provider or TFBRIDGE_PROVIDER; installed: "
                               f"{', '.join(tfproject.installed()) or 'none'}")
    return chosen


def _certs_dir() -> str | None:
    """Where a certificate for the webhook is, as upjet's providers look: CERTS_DIR, then the directory
    Crossplane mounts its TLS server Secret at (TLS_SERVER_CERTS_DIR), then its older variable."""
    for name in ("CERTS_DIR", "TLS_SERVER_CERTS_DIR", "WEBHOOK_TLS_CERT_DIR"):
        if os.environ.get(name):
            return os.environ[name]
    return None


def warn_of_skew(kube: Kube, package: registry.ProviderPackage,
                 skewed: Callable[[Kube, registry.ProviderPackage], list[str]]) -> None:
    """Log each served CRD that another release generated; never stop for it (see bridge.managed.crdskew)."""
    try:
        messages = skewed(kube, package)
    except errors.APIError as exc:
        log.warning("cannot compare the cluster's CRDs with this provider's", extra={"error": str(exc)})
        return
    for message in messages:
        log.warning(message)


@click.command()
@click.option("--provider", "provider_name", default=None,
              help="The provider to run: an installed provider's name (its tfbridge.providers entry point), a dotted "
                   "package, or a path [env TFBRIDGE_PROVIDER, which a provider's image sets].")
@click.option("--kubeconfig", default=lambda: os.environ.get("KUBECONFIG"), help="Default: in-cluster config.")
@click.option("--workspace-root", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: os.environ.get("TFBRIDGE_WORKSPACE_ROOT", str(DEFAULT_WORKSPACE_ROOT)),
              show_default=f"$TFBRIDGE_WORKSPACE_ROOT or {DEFAULT_WORKSPACE_ROOT}")
@click.option("--terraform", default=lambda: os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))
@click.option("--plugin-dir", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: os.environ.get("TFBRIDGE_PLUGIN_DIR") or None)
@click.option("--namespace", default=lambda: os.environ.get("POD_NAMESPACE", "crossplane-system"),
              help="Where the Lease and events go.")
@click.option("--max-concurrent-reconciles", type=int, default=10, show_default=True,
              help="Objects of one kind reconciled at once.")
@click.option("--reconcile-workers", type=click.IntRange(min=1), default=Settings.reconcile_workers,
              show_default=True, help="Threads reconciling for every kind together, taking turns across kinds.")
@click.option("--max-concurrent-operations", type=int, default=10, show_default=True)
@click.option("--poll", type=float, default=600.0, show_default=True, help="Seconds between polls of a resource.")
@click.option("--leader-election/--no-leader-election", default=False, show_default=True)
@click.option("--lease-duration", type=float, default=15.0, show_default=True)
@click.option("--renew-deadline", type=float, default=10.0, show_default=True)
@click.option("--retry-period", type=float, default=2.0, show_default=True)
@click.option("--health-port", type=int, default=8080, show_default=True, help="/metrics, /healthz, /readyz.")
@click.option("--grace", type=float, default=60.0, show_default=True,
              help="Seconds running operations may finish after SIGTERM before terraform is interrupted.")
@click.option("--family", default=lambda: os.environ.get("TFBRIDGE_FAMILY") or None,
              help="Run one provider family (an API group's kinds, or 'config' for ProviderConfigs only), or "
                   "several in one process, comma-separated (ec2,iam) "
                   "[env TFBRIDGE_FAMILY]. Default: the whole provider.")
@click.option("--executor", type=click.Choice(EXECUTOR_CHOICES),
              default=lambda: os.environ.get("TFBRIDGE_EXECUTOR", "auto"), show_default="auto",
              help="How operations run: auto (each kind where it ships: its config's executor, else the direct "
                   "one where the provider's conformance report proves the kind, else the terraform CLI), or "
                   "cli / direct for every kind [env TFBRIDGE_EXECUTOR].")
@click.option("--secret-namespaces", default=lambda: os.environ.get("TFBRIDGE_SECRET_NAMESPACES", ""),
              show_default="none",
              help="Comma-separated namespaces, besides --namespace, whose Secrets a spec may name "
                   "(writeConnectionSecretToRef, *SecretRef, a ProviderConfig's credentials); '*' for any. "
                   "Each needs RBAC for Secrets there [env TFBRIDGE_SECRET_NAMESPACES].")
@click.option("--allow-cross-namespace-references/--no-allow-cross-namespace-references",
              default=lambda: os.environ.get("TFBRIDGE_ALLOW_CROSS_NAMESPACE_REFERENCES", "") == "true",
              show_default="off",
              help="Let a namespaced object's reference or selector name another namespace; its target must also "
                   "list the referencing namespace in its tfbridge.io/referenceable-from annotation "
                   "[env TFBRIDGE_ALLOW_CROSS_NAMESPACE_REFERENCES=true].")
@click.option("--max-provider-processes", type=click.IntRange(min=1), default=ProviderProcesses.max_live,
              show_default=True, help="Provider processes (one per provider configuration, each ~150 MB of its own) "
                                      "alive at once, both executors together; the one idle longest makes room.")
@click.option("--provider-idle-timeout", type=float, default=ProviderProcesses.idle_timeout, show_default=True,
              help="Seconds an unused provider process lives.")
@click.option("--max-provider-processes-per-tenant", type=click.IntRange(min=1), default=None,
              show_default="half of --max-provider-processes",
              help="Provider processes one tenant (a namespace, or a cluster-scoped object's ProviderConfig) keeps "
                   "once they are all in use: however many regions it names, it displaces no more of the others'.")
@click.option("--watch-label-selector", default=lambda: os.environ.get("TFBRIDGE_WATCH_LABEL_SELECTOR", ""),
              show_default="none",
              help="Reconcile only the managed resources this label selector matches, e.g. "
                   "'sharding.tfbridge.io/key in (shard1)' on one replica set and '!sharding.tfbridge.io/key' on "
                   "another; each selector elects its own leader [env TFBRIDGE_WATCH_LABEL_SELECTOR].")
@click.option("--enable-changelogs/--no-enable-changelogs",
              default=lambda: os.environ.get("ENABLE_CHANGE_LOGS", "") == "true", show_default="off",
              help="Send every create, update and delete to Crossplane's change-log service, as crossplane-runtime's "
                   "providers do [env ENABLE_CHANGE_LOGS=true].")
@click.option("--changelogs-socket-path",
              default=lambda: os.environ.get("CHANGELOGS_SOCKET_PATH", DEFAULT_CHANGELOGS_SOCKET),
              show_default=DEFAULT_CHANGELOGS_SOCKET,
              help="The change-log service's Unix socket [env CHANGELOGS_SOCKET_PATH].")
@click.option("--webhook-port", type=click.IntRange(min=0, max=65535),
              default=lambda: int(os.environ.get("WEBHOOK_PORT") or WebhookSettings.port),
              show_default=str(WebhookSettings.port),
              help="Where the conversion webhook listens, for kinds served at several API versions [env WEBHOOK_PORT].")
@click.option("--certs-dir", type=click.Path(file_okay=False, path_type=Path), default=_certs_dir,
              show_default="none",
              help="A directory holding the webhook's tls.crt and tls.key, as Crossplane mounts them [env CERTS_DIR, "
                   "else TLS_SERVER_CERTS_DIR, else WEBHOOK_TLS_CERT_DIR].")
@click.option("--webhook-service", default=lambda: os.environ.get("TFBRIDGE_WEBHOOK_SERVICE", ""), show_default="none",
              help="Without --certs-dir: the Service (in --namespace) in front of the webhook; the provider makes a "
                   "certificate for it, keeps it in the Secret <service>-tls and writes its CA into its CRDs "
                   "[env TFBRIDGE_WEBHOOK_SERVICE].")
@click.option("--log-level", default="info", show_default=True)
def run(provider_name: str | None, kubeconfig: str | None, workspace_root: Path, terraform: str,
        plugin_dir: Path | None, namespace: str, max_concurrent_reconciles: int, reconcile_workers: int,
        max_concurrent_operations: int, poll: float, leader_election: bool, lease_duration: float,
        renew_deadline: float, retry_period: float, health_port: int, grace: float, family: str | None,
        executor: str, secret_namespaces: str, allow_cross_namespace_references: bool, max_provider_processes: int,
        provider_idle_timeout: float, max_provider_processes_per_tenant: int | None, watch_label_selector: str,
        enable_changelogs: bool, changelogs_socket_path: str, webhook_port: int, certs_dir: Path | None,
        webhook_service: str, log_level: str) -> None:
    """Run the provider: reconcile its managed resources until SIGTERM."""
    from bridge.api.registry import CONFIG_FAMILY
    from bridge.kube import names, selector
    from bridge.kube.client import HTTPKube, api_client
    from bridge.kube.observability import configure_logging
    from bridge.kube.redact import Redactor
    from bridge.managed import crdskew
    from bridge.manager import Manager
    from bridge.settings import ExecutorSettings

    extra = tuple(sorted({ns.strip() for ns in secret_namespaces.split(",") if ns.strip()}))
    bad = [ns for ns in extra if ns != "*" and not names.dns_label(ns)]
    if bad:
        raise click.BadParameter(f"not namespaces: {', '.join(bad)}", param_hint="--secret-namespaces")
    if (why := selector.problem(watch_label_selector)) is not None:
        raise click.BadParameter(why, param_hint="--watch-label-selector")
    redactor = Redactor()
    configure_logging(log_level, redactor)
    package = load_package(provider_name or default_provider(), family)
    lease_name = f"provider-{package.provider.name}"
    families = sorted(registry.families_of(family)) if family else []
    if families:
        lease_name = f"{lease_name}-{'-'.join(families)}"
    api = api_client(kubeconfig)
    processes = ProviderProcesses(max_live=max_provider_processes, idle_timeout=provider_idle_timeout,
                                  per_tenant=max_provider_processes_per_tenant)
    executors = ExecutorSettings(workspace_root=workspace_root, terraform=terraform, plugin_dir=plugin_dir,
                                 executor=executor, interrupt_grace=min(30.0, grace), processes=processes)
    settings = Settings(executors=executors, namespace=namespace, max_concurrent_reconciles=max_concurrent_reconciles,
                        reconcile_workers=reconcile_workers,
                        max_concurrent_operations=max_concurrent_operations, poll=poll,
                        leader_election=leader_election, lease_duration=lease_duration, renew_deadline=renew_deadline,
                        retry_period=retry_period, health_port=health_port, grace=grace, lease_name=lease_name,
                        provider_config_controller=not families or CONFIG_FAMILY in families,
                        secret_namespaces=extra, watch_label_selector=watch_label_selector.strip(),
                        allow_cross_namespace_references=allow_cross_namespace_references,
                        changelogs_socket=changelogs_socket_path if enable_changelogs else "",
                        webhook=WebhookSettings(port=webhook_port, certs_dir=certs_dir, service=webhook_service))
    kube = HTTPKube(api)
    warn_of_skew(kube, package, crdskew.skewed)
    try:
        manager = Manager(settings, package, kube, redactor=redactor)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--executor") from exc

    def on_signal(signum: int, frame: FrameType | None) -> None:
        manager.stop()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    manager.run()
