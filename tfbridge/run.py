"""``tfbridge run``: run a generated provider's controllers against a cluster."""

from __future__ import annotations

import importlib
import os
import signal
from pathlib import Path
from types import FrameType

import click

from bridge.api.registry import ProviderPackage
from bridge.settings import DEFAULT_WORKSPACE_ROOT, EXECUTOR_CHOICES, ProviderProcesses


def load_package(name: str) -> ProviderPackage:
    """``aws`` or ``providers.aws`` (an importable package with a generated zz_registry)."""
    module = importlib.import_module(f"{name if '.' in name else f'providers.{name}'}.zz_registry")
    package = getattr(module, "PACKAGE", None)
    if not isinstance(package, ProviderPackage):
        raise click.ClickException(f"{module.__name__} has no generated PACKAGE")
    return package


@click.command()
@click.option("--provider", "provider_name", default=lambda: os.environ.get("TFBRIDGE_PROVIDER", "aws"),
              show_default="aws", help="Provider package: aws, or a dotted module path [env TFBRIDGE_PROVIDER].")
@click.option("--kubeconfig", default=lambda: os.environ.get("KUBECONFIG"), help="Default: in-cluster config.")
@click.option("--workspace-root", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: os.environ.get("TFBRIDGE_WORKSPACE_ROOT", str(DEFAULT_WORKSPACE_ROOT)),
              show_default=f"$TFBRIDGE_WORKSPACE_ROOT or {DEFAULT_WORKSPACE_ROOT}")
@click.option("--terraform", default=lambda: os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))
@click.option("--plugin-dir", type=click.Path(file_okay=False, path_type=Path),
              default=lambda: os.environ.get("TFBRIDGE_PLUGIN_DIR") or None)
@click.option("--namespace", default=lambda: os.environ.get("POD_NAMESPACE", "crossplane-system"),
              help="Where the Lease and events go.")
@click.option("--max-concurrent-reconciles", type=int, default=10, show_default=True)
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
              help="Run one provider family: an API group's kinds, or 'config' for ProviderConfigs only "
                   "[env TFBRIDGE_FAMILY]. Default: the whole provider.")
@click.option("--executor", type=click.Choice(EXECUTOR_CHOICES),
              default=lambda: os.environ.get("TFBRIDGE_EXECUTOR", "auto"), show_default="auto",
              help="How operations run: auto (each kind's configured executor, the terraform CLI by default), or "
                   "cli / direct for every kind [env TFBRIDGE_EXECUTOR].")
@click.option("--max-provider-processes", type=click.IntRange(min=1), default=ProviderProcesses.max_live,
              show_default=True, help="Provider processes (one per provider configuration, each ~150 MB of its own) "
                                      "alive at once, both executors together; the one idle longest makes room.")
@click.option("--provider-idle-timeout", type=float, default=ProviderProcesses.idle_timeout, show_default=True,
              help="Seconds an unused provider process lives.")
@click.option("--log-level", default="info", show_default=True)
def run(provider_name: str, kubeconfig: str | None, workspace_root: Path, terraform: str, plugin_dir: Path | None,
        namespace: str, max_concurrent_reconciles: int, max_concurrent_operations: int, poll: float,
        leader_election: bool, lease_duration: float, renew_deadline: float, retry_period: float, health_port: int,
        grace: float, family: str | None, executor: str, max_provider_processes: int, provider_idle_timeout: float,
        log_level: str) -> None:
    """Run the provider: reconcile its managed resources until SIGTERM."""
    from bridge.api.registry import CONFIG_FAMILY
    from bridge.kube.client import HTTPKube, api_client
    from bridge.kube.observability import configure_logging
    from bridge.manager import Manager
    from bridge.settings import ExecutorSettings, Settings

    configure_logging(log_level)
    package = load_package(provider_name)
    lease_name = f"provider-{package.provider.name}"
    if family:
        try:
            package = package.family(family)
        except KeyError as exc:
            raise click.BadParameter(str(exc.args[0]), param_hint="--family") from exc
        lease_name = f"{lease_name}-{family}"
    api = api_client(kubeconfig)
    processes = ProviderProcesses(max_live=max_provider_processes, idle_timeout=provider_idle_timeout)
    executors = ExecutorSettings(workspace_root=workspace_root, terraform=terraform, plugin_dir=plugin_dir,
                                 executor=executor, interrupt_grace=min(30.0, grace), processes=processes)
    settings = Settings(executors=executors, namespace=namespace, max_concurrent_reconciles=max_concurrent_reconciles,
                        max_concurrent_operations=max_concurrent_operations, poll=poll,
                        leader_election=leader_election, lease_duration=lease_duration, renew_deadline=renew_deadline,
                        retry_period=retry_period, health_port=health_port, grace=grace, lease_name=lease_name,
                        provider_config_controller=family in (None, CONFIG_FAMILY))
    try:
        manager = Manager(settings, package, HTTPKube(api))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--executor") from exc

    def on_signal(signum: int, frame: FrameType | None) -> None:
        manager.stop()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    manager.run()
