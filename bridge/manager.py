"""Wires a generated provider into a running controller manager: the only module that imports all.

Start order: metrics/health → leader election → per-kind controllers and the ProviderConfig
controller. Stop order (SIGTERM): stop taking work; let running operations (terraform) finish until
the grace deadline; then interrupt terraform cleanly (SIGINT, its PID only) and stop provider
processes; release the Lease.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Hashable

from bridge.api.registry import ProviderPackage
from bridge.executors import Executors
from bridge.kube.cache import CachedReader
from bridge.kube.client import Kube
from bridge.kube.controller import Controller, Reconciler
from bridge.kube.informer import Informer
from bridge.kube.leader import LeaderElector
from bridge.kube.observability import HealthServer, Metrics
from bridge.kube.redact import Redactor
from bridge.managed.collaborators import kind_resource
from bridge.managed.credentials import Sources
from bridge.managed.events import Recorder
from bridge.managed.metrics import ManagedMetrics, StateGauges, gvk
from bridge.managed.operations import OperationKey, Operations
from bridge.managed.providerconfig import ClientFactory, ConfigResources, Connector, ProviderConfigReconciler
from bridge.managed.reconciler import ManagedReconciler
from bridge.managed.secrets import SecretAccess
from bridge.settings import Settings

log = logging.getLogger(__name__)


class Manager:
    def __init__(self, settings: Settings, package: ProviderPackage, kube: Kube, *,
                 client_factory: ClientFactory | None = None, redactor: Redactor | None = None) -> None:
        self.settings, self.package, self.kube = settings, package, kube
        # The log formatter shares it (tfbridge run): what a condition may not say, a log may not either.
        self.redactor = redactor or Redactor()
        self.metrics = Metrics()
        self.executors: Executors | None = None
        if client_factory is None:
            self.executors = Executors(settings.executors, package)
            executors = self.executors
            self.metrics.add_terraform_runs(lambda: dict(executors.stats().terraform_runs))
            client_factory = executors.client
        self.ops = Operations(max_concurrent=settings.max_concurrent_operations, on_done=self._operation_done,
                              on_finished=lambda op: self.metrics.op_seconds.labels(
                                  op.verb, "error" if op.error else "ok").observe(op.elapsed()))
        self.metrics.ops_in_flight.set_function(self.ops.in_flight)
        self.recorder = Recorder(kube, component=f"provider-{package.provider.name}", namespace=settings.namespace,
                                 redactor=self.redactor)
        # Credentials come from the environment the executors start providers in (the pod's).
        sources = Sources(package.provider.credentials, environ=settings.executors.environment(),
                          files=settings.executors.workspace_root / ".credentials")
        connector = Connector(kube, package, client_factory, redactor=self.redactor, sources=sources,
                              access=SecretAccess.of(settings.namespace, settings.secret_namespaces))
        self.controllers: dict[str, Controller] = {}
        # crossplane-runtime's managed-resource metrics, under its names, beside tfbridge's own.
        managed_metrics = ManagedMetrics(self.metrics.registry)
        informers: list[tuple[str, Informer]] = []
        for kind in package.kinds:
            res = kind_resource(kind)
            informer = Informer(kube, res)
            informers.append((gvk(kind.api_version, kind.kind), informer))
            reconciler = ManagedReconciler(kube=kube, kind=kind, package=package, connect=connector.connect,
                                           operations=self.ops, recorder=self.recorder, poll=settings.poll,
                                           reader=CachedReader(kube, res, informer), metrics=managed_metrics,
                                           cross_namespace_references=settings.allow_cross_namespace_references)
            self.controllers[kind.id] = self._controller(kind.kind, informer, reconciler)
        self.metrics.registry.register(StateGauges(lambda: [(label, i.objects()) for label, i in informers]))
        if settings.provider_config_controller:
            pc_reconciler = ProviderConfigReconciler(kube, package, on_change=connector.forget)
            informer = Informer(kube, ConfigResources.of(package).configs)
            self.controllers["providerconfig"] = self._controller("ProviderConfig", informer, pc_reconciler, workers=2)
        self.stop_event = threading.Event()
        self.started = threading.Event()
        self.health = HealthServer(self.metrics, self.ready, port=settings.health_port)
        self.elector = LeaderElector(kube, name=settings.lease_name or f"provider-{package.provider.name}",
                                     namespace=settings.namespace, identity=settings.identity,
                                     lease_duration=settings.lease_duration, renew_deadline=settings.renew_deadline,
                                     retry_period=settings.retry_period) if settings.leader_election else None

    def _controller(self, name: str, informer: Informer, reconciler: Reconciler,
                    workers: int | None = None) -> Controller:
        return Controller(name, informer, reconciler, workers=workers or self.settings.max_concurrent_reconciles,
                          poll=self.settings.poll, jitter=self.settings.poll_jitter, observer=self.metrics)

    def _operation_done(self, key: Hashable) -> None:
        assert isinstance(key, OperationKey)
        controller = self.controllers.get(key.controller)
        if controller is not None:
            controller.enqueue(key.object_key)

    def ready(self) -> bool:
        if not self.started.is_set():
            return self.elector is not None  # a standby replica is ready to take over
        return all(c.synced() for c in self.controllers.values())

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
        if self.executors is not None:
            self.executors.shutdown()
        self.ops.shutdown(wait=True)
        if self.elector is not None:
            self.elector.release()
        self.health.stop()
        log.info("stopped")
