"""Wires a generated provider into a running controller manager: the only module that imports all.

Start order: metrics/health → leader election → per-kind controllers and the ProviderConfig
controller. Stop order (SIGTERM): stop taking work; let running operations (terraform) finish until
the grace deadline; then interrupt terraform cleanly (SIGINT, its PID only) and stop provider
processes; release the Lease.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import socket
import threading
import time
from collections.abc import Hashable
from pathlib import Path

from bridge.api.registry import ProviderPackage
from bridge.kube.client import Kube, Resource
from bridge.kube.controller import Controller
from bridge.kube.informer import Informer
from bridge.kube.leader import LeaderElector
from bridge.kube.observability import HealthServer, Metrics
from bridge.kube.redact import Redactor
from bridge.managed.events import Recorder
from bridge.managed.operations import Operations
from bridge.managed.providerconfig import ClientFactory, ConfigResources, Connector, ProviderConfigReconciler
from bridge.managed.reconciler import ManagedReconciler, kind_resource
from bridge.managed.secrets import SecretAccess
from bridge.tfexec.client import Executor, Settings, default_base_env
from bridge.tfplugin.client import DirectExecutor

log = logging.getLogger(__name__)


def make_executor(settings: Settings, package: ProviderPackage) -> Executor:
    """The CLI executor, or one that also speaks the provider protocol when any kind will use it."""
    direct = settings.executor == "direct" or (
        settings.executor == "auto" and any(k.config.executor == "direct" for k in package.kinds))
    if direct and package.provider.builtin:
        raise ValueError(f"provider {package.provider.source} is built into terraform: it has no plugin process to "
                         f"speak to directly; run it with --executor cli")
    return DirectExecutor(settings, package.provider) if direct else Executor(settings, package.provider)


@dataclasses.dataclass(frozen=True)
class RunSettings:
    workspace_root: Path
    terraform: str = "terraform"
    plugin_dir: Path | None = None
    namespace: str = "crossplane-system"
    max_concurrent_reconciles: int = 10
    max_concurrent_operations: int = 10
    poll: float = 600.0
    poll_jitter: float = 0.1
    leader_election: bool = False
    lease_name: str = ""
    lease_duration: float = 15.0
    renew_deadline: float = 10.0
    retry_period: float = 2.0
    health_port: int = 8080
    grace: float = 60.0
    # Off for a provider family that reconciles only managed kinds: the config family owns ProviderConfigs.
    provider_config_controller: bool = True
    # auto: each kind's configured executor (the CLI unless its config says direct); cli, direct: all kinds.
    executor: str = "auto"
    # Namespaces besides ``namespace`` whose Secrets specs may name ("*": any).
    secret_namespaces: tuple[str, ...] = ()
    identity: str = dataclasses.field(default_factory=lambda: f"{socket.gethostname()}-{os.getpid()}")


class Manager:
    def __init__(self, settings: RunSettings, package: ProviderPackage, kube: Kube, *,
                 client_factory: ClientFactory | None = None, redactor: Redactor | None = None) -> None:
        self.settings, self.package, self.kube = settings, package, kube
        # The log formatter shares it (tfbridge run): what a condition may not say, a log may not either.
        self.redactor = redactor or Redactor()
        self.metrics = Metrics()
        self.executor: Executor | None = None
        if client_factory is None:
            self.executor = make_executor(Settings(
                workspace_root=settings.workspace_root, terraform=settings.terraform, plugin_dir=settings.plugin_dir,
                base_env=default_base_env(), grace=min(30.0, settings.grace), executor=settings.executor), package)
            self.metrics.add_terraform_runs(lambda: dict(self.executor.runner.runs_by_verb) if self.executor else {})
            client_factory = self.executor.client
        self.ops = Operations(max_concurrent=settings.max_concurrent_operations, on_done=self._operation_done,
                              on_finished=lambda op: self.metrics.op_seconds.labels(
                                  op.verb, "error" if op.error else "ok").observe(op.elapsed()))
        self.metrics.ops_in_flight.set_function(self.ops.in_flight)
        self.recorder = Recorder(kube, component=f"provider-{package.provider.name}", namespace=settings.namespace,
                                 redactor=self.redactor)
        connector = Connector(kube, package, client_factory, redactor=self.redactor,
                              access=SecretAccess.of(settings.namespace, settings.secret_namespaces))
        self.controllers: dict[str, Controller] = {}
        for kind in package.kinds:
            reconciler = ManagedReconciler(kube=kube, kind=kind, package=package, connect=connector.connect,
                                           operations=self.ops, recorder=self.recorder, poll=settings.poll)
            self.controllers[kind.config.tf_type] = self._controller(kind.kind, kind_resource(kind), reconciler)
            reconciler.use_cache(self.controllers[kind.config.tf_type].informer)
        if settings.provider_config_controller:
            pcs = ConfigResources.of(package).configs
            pc_reconciler = ProviderConfigReconciler(kube, package, on_change=connector.forget)
            self.controllers["providerconfig"] = self._controller("ProviderConfig", pcs, pc_reconciler, workers=2)
        self.stop_event = threading.Event()
        self.started = threading.Event()
        self.health = HealthServer(self.metrics, self.ready, port=settings.health_port)
        self.elector = LeaderElector(kube, name=settings.lease_name or f"provider-{package.provider.name}",
                                     namespace=settings.namespace, identity=settings.identity,
                                     lease_duration=settings.lease_duration, renew_deadline=settings.renew_deadline,
                                     retry_period=settings.retry_period) if settings.leader_election else None

    def _controller(self, name: str, res: Resource, reconciler: object, workers: int | None = None) -> Controller:
        return Controller(name, lambda cb: Informer(self.kube, res, cb), reconciler,  # type: ignore[arg-type]
                          workers=workers or self.settings.max_concurrent_reconciles, poll=self.settings.poll,
                          jitter=self.settings.poll_jitter, observer=self.metrics)

    def _operation_done(self, key: Hashable) -> None:
        assert isinstance(key, tuple)
        tf_type, ns, name = key
        controller = self.controllers.get(tf_type)
        if controller is not None:
            controller.enqueue((ns, name))

    def ready(self) -> bool:
        if not self.started.is_set():
            return self.elector is not None  # a standby replica is ready to take over
        return all(c.informer.synced.is_set() for c in self.controllers.values())

    def _start_controllers(self) -> None:
        for c in self.controllers.values():
            c.start()
        self.started.set()
        log.info("controllers started", extra={"controllers": len(self.controllers)})

    def run(self) -> None:
        """Block until :meth:`stop`; then shut down in order."""
        self.health.start()
        if self.elector is None:
            self._start_controllers()
            self.stop_event.wait()
        else:
            self.elector.run(self._start_controllers, self.stop_event.set, self.stop_event)
        self._shutdown()

    def stop(self) -> None:
        self.stop_event.set()

    def _shutdown(self) -> None:
        deadline = time.monotonic() + self.settings.grace
        for c in self.controllers.values():
            c.stop(timeout=max(1.0, deadline - time.monotonic()))
        while self.ops.in_flight() and time.monotonic() < deadline:
            time.sleep(0.1)
        if self.ops.in_flight():
            log.warning("grace period over; interrupting running terraform",
                        extra={"operations": self.ops.in_flight()})
        if self.executor is not None:
            self.executor.shutdown()
        self.ops.shutdown(wait=True)
        if self.elector is not None:
            self.elector.release()
        self.health.stop()
        log.info("stopped")
