"""Wires a generated provider into a running controller manager: the only module that imports all.

Start order: metrics/health and the conversion webhook (on every replica: the API server's Service reaches
any of them) → leader election → the CRD gate → each kind's controller (and the ProviderConfig controller)
once the API server serves its kind. Stop order (SIGTERM): stop taking
work; let running operations (terraform) finish until the grace deadline; then interrupt terraform
cleanly (SIGINT, its PID only) and stop provider processes; release the Lease.

A controller costs its informer's watch (a thread and a connection) and nothing else: the reconciles
of every kind share one pool of workers. Controllers start when their CRDs are served and stop when
the CRDs are gone (:mod:`bridge.kube.crdgate`, Crossplane's SafeStart), so a package installed with
most kinds inactive runs watches for the active ones only.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable, Hashable, Iterable

from prometheus_client.core import CounterMetricFamily, Metric

from bridge.api.registry import Kind, ProviderPackage
from bridge.executors import Executors
from bridge.kube.cache import CachedReader
from bridge.kube.client import Kube
from bridge.kube.controller import Controller, Reconciler, Workers
from bridge.kube.crdgate import CRDGate
from bridge.kube.informer import Informer
from bridge.kube.leader import LeaderElector
from bridge.kube.observability import HealthServer, Metrics
from bridge.kube.queue import WorkQueue
from bridge.kube.redact import Redactor
from bridge.kube.selector import lease_suffix
from bridge.kube.storagemigration import StorageMigrator
from bridge.managed.adoption import Claims
from bridge.managed.changelogs import ChangeLogs, GRPCChangeLogs, NoChangeLogs
from bridge.managed.collaborators import kind_resource
from bridge.managed.credentials import Sources
from bridge.managed.events import Recorder
from bridge.managed.metrics import ManagedMetrics, StateGauges, gvk
from bridge.managed.operations import OperationKey, Operations
from bridge.managed.protected import CredentialSecrets
from bridge.managed.providerconfig import ClientFactory, ConfigResources, Connector, ProviderConfigReconciler
from bridge.managed.reconciler import ManagedReconciler
from bridge.managed.secrets import SecretAccess
from bridge.managed.usages import Usages
from bridge.settings import Settings
from bridge.webhook import Webhook, webhook_secrets
from bridge.webhook import of as webhook_of

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
            self.metrics.registry.register(ProcessChurn(executors.pool.churn))
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
        config_resources = ConfigResources.of(package)
        # One watch of every ProviderConfigUsage serves both the connects (does mine exist?) and the
        # ProviderConfig controller (how many name it?), however many managed resources there are.
        self.usages = Usages(kube, config_resources.usages, config_resources.namespaced_usages)
        self.usages.subscribe(self._usages_changed)
        # The key that signs each object's claim to the cloud object it manages (no adoption unasked).
        claims = Claims(kube, settings.namespace, package.provider.name)
        # Every ProviderConfig's credentials Secrets, and the claims key: no managed resource may read them.
        self.credential_secrets = CredentialSecrets(
            kube, [r for r in (config_resources.configs, config_resources.namespaced_configs,
                               config_resources.cluster_configs) if r is not None],
            package.provider.credentials.extension, own=[(settings.namespace, claims.name),
                 *((settings.namespace, name) for name in webhook_secrets(settings))])
        connector = Connector(kube, package, client_factory, redactor=self.redactor, sources=sources,
                              access=SecretAccess.of(settings.namespace, settings.secret_namespaces),
                              usages=self.usages, protected=self.credential_secrets, claims=claims)
        self.pool = Workers(settings.reconcile_workers)
        # The controllers running now, by kind id ("providerconfig" for the ProviderConfig controller).
        self.controllers: dict[str, Controller] = {}
        # Every controller this manager may run: the CRDs it waits for, and how to build it.
        self._plans: dict[str, tuple[tuple[str, ...], Callable[[], Controller]]] = {}
        # A kind's queue outlives its controller's stops and starts: a key still being reconciled when
        # the CRD went is never handed out again before that reconcile ends.
        self._queues: dict[str, WorkQueue] = {}
        self._labels: dict[str, str] = {}
        self._lock = threading.Lock()
        # crossplane-runtime's managed-resource metrics, under its names, beside tfbridge's own.
        self._managed_metrics = ManagedMetrics(self.metrics.registry)
        provider = package.provider
        self.changelogs: ChangeLogs = GRPCChangeLogs(
            settings.changelogs_socket, f"tfbridge-provider-{provider.name}:{provider.version}"
        ) if settings.changelogs_socket else NoChangeLogs()
        self._connector = connector
        crd_versions: dict[str, str] = {}
        for kind in package.kinds:
            res = kind_resource(kind)
            crd_versions[kind.id] = res.version
            self._labels[kind.id] = gvk(kind.api_version, kind.kind)
            self._plans[kind.id] = ((kind.id,), functools.partial(self._managed_controller, kind))
        self.metrics.registry.register(StateGauges(lambda: [
            (self._labels[i], c.informer.objects()) for i, c in list(self.controllers.items()) if i in self._labels]))
        if settings.provider_config_controller:
            config = ConfigResources.of(package)
            needs = tuple(f"{r.plural}.{r.group}" for r in (config.configs, config.usages))
            crd_versions.update({f"{r.plural}.{r.group}": r.version for r in (config.configs, config.usages)})
            self._plans["providerconfig"] = (needs, self._config_controller)
        self._needing: dict[str, list[str]] = {}  # CRD name → the controllers that wait for it
        for key, (needs, _) in self._plans.items():
            for crd in needs:
                self._needing.setdefault(crd, []).append(key)
        # Objects stored at a version besides their kind's storage version are written again at it (a later
        # release may then stop serving the old one); the gate offers it each CRD, on the leader only.
        self.storage = StorageMigrator(kube)
        self.gate = CRDGate(kube, crd_versions, self._crd_changed, on_crd=self.storage.offer)
        self.gated = False  # whether controllers wait for their CRDs (False: this provider may not read CRDs)
        self.stop_event = threading.Event()
        self.started = threading.Event()
        self.health = HealthServer(self.metrics, self.ready, port=settings.health_port)
        self.webhook: Webhook | None = webhook_of(settings, package, kube)
        self.elector = LeaderElector(kube, name=lease_name(settings, package.provider.name),
                                     namespace=settings.namespace, identity=settings.identity,
                                     lease_duration=settings.lease_duration, renew_deadline=settings.renew_deadline,
                                     retry_period=settings.retry_period) if settings.leader_election else None

    def _managed_controller(self, kind: Kind) -> Controller:
        res = kind_resource(kind)
        informer = Informer(self.kube, res, label_selector=self.settings.watch_label_selector)
        reconciler = ManagedReconciler(kube=self.kube, kind=kind, package=self.package,
                                       connect=self._connector.connect, operations=self.ops, recorder=self.recorder,
                                       poll=self.settings.poll, reader=CachedReader(self.kube, res, informer),
                                       metrics=self._managed_metrics,
                                       cross_namespace_references=self.settings.allow_cross_namespace_references,
                                       changelogs=self.changelogs)
        return self._controller(kind.id, kind.kind, informer, reconciler)

    def _config_controller(self) -> Controller:
        reconciler = ProviderConfigReconciler(self.kube, self.package, self.usages, on_change=self._connector.forget)
        informer = Informer(self.kube, ConfigResources.of(self.package).configs)
        return self._controller("providerconfig", "ProviderConfig", informer, reconciler, workers=2)

    def _controller(self, key: str, name: str, informer: Informer, reconciler: Reconciler,
                    workers: int | None = None) -> Controller:
        workers = workers or self.settings.max_concurrent_reconciles
        queue = self._queues.get(key)
        if queue is None:
            queue = self._queues[key] = WorkQueue(max_concurrent=workers, scheduler=self.pool.scheduler)
        return Controller(name, informer, reconciler, workers=workers, poll=self.settings.poll,
                          jitter=self.settings.poll_jitter, observer=self.metrics, queue=queue, pool=self.pool)

    def _crd_changed(self, crd: str, served: bool) -> None:
        # Each CRD served at start would be a line: those are counted in "controllers started" instead.
        log.log(logging.INFO if self.started.is_set() else logging.DEBUG, "CRD %s %s", crd,
                "served: starting its controllers" if served else "gone: stopping its controllers")
        with self._lock:
            if self.stop_event.is_set():
                return
            for key in self._needing.get(crd, ()):
                self._reconcile_controller(key, *self._plans[key])

    def _reconcile_controller(self, key: str, needs: tuple[str, ...],
                              build: Callable[[], Controller]) -> None:
        """Start or stop one controller to match its CRDs (with the lock held)."""
        want = not self.gated or all(n in self.gate.open for n in needs)
        running = self.controllers.get(key)
        if want and running is None:
            controller = self.controllers[key] = build()
            controller.start()
        elif not want and running is not None:
            del self.controllers[key]
            # Without waiting: what runs ends on its own, and its queue keeps its keys marked till then.
            running.stop(timeout=0)

    def _usages_changed(self, provider_config: str) -> None:
        controller = self.controllers.get("providerconfig")
        if controller is not None:
            controller.enqueue(("", provider_config))

    def _operation_done(self, key: Hashable) -> None:
        assert isinstance(key, OperationKey)
        controller = self.controllers.get(key.controller)
        if controller is not None:
            controller.enqueue(key.object_key)

    def ready(self) -> bool:
        if not self.started.is_set():
            return self.elector is not None  # a standby replica is ready to take over
        if self.gated and not self.gate.synced.is_set():
            return False
        return all(c.synced() for c in list(self.controllers.values()))

    def _start_controllers(self) -> None:
        self.pool.start()
        self.usages.start()
        self.credential_secrets.start()
        # The gate opens for the CRDs served now (calling _crd_changed), then follows changes.
        self.gated = True
        if not self.gate.start():
            self.gated = False
            with self._lock:
                for key, (needs, build) in self._plans.items():
                    self._reconcile_controller(key, needs, build)
        self.started.set()
        log.info("controllers started", extra={"controllers": len(self.controllers), "kinds": len(self._plans)})

    def run(self) -> None:
        """Block until :meth:`stop`; then shut down in order."""
        self.health.start()
        if self.webhook is not None:
            self.webhook.start()
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
        self.gate.stop()
        self.storage.stop()
        self.usages.stop()
        self.credential_secrets.stop()
        with self._lock:
            controllers = list(self.controllers.values())
        for c in controllers:
            c.stop(timeout=0)  # every controller stops taking work at once, then running reconciles end
        for c in controllers:
            c.stop(timeout=max(1.0, deadline - time.monotonic()))
        self.pool.stop(timeout=max(1.0, deadline - time.monotonic()))
        while self.ops.in_flight() and time.monotonic() < deadline:
            time.sleep(0.1)
        if self.ops.in_flight():
            log.warning("grace period over; interrupting running terraform",
                        extra={"operations": self.ops.in_flight()})
        if self.executors is not None:
            self.executors.shutdown()
        self.ops.shutdown(wait=True)
        if isinstance(self.changelogs, GRPCChangeLogs):
            self.changelogs.close()  # after the entries of the last operations are sent
        if self.elector is not None:
            self.elector.release()
        if self.webhook is not None:
            self.webhook.stop()
        self.health.stop()
        log.info("stopped")


class ProcessChurn:
    """Provider processes started, and stopped to make room for another configuration, by tenant: a tenant
    whose configurations keep displacing others' shows here."""

    def __init__(self, churn: Callable[[], tuple[dict[str, int], dict[str, int]]]) -> None:
        self.churn = churn

    def collect(self) -> Iterable[Metric]:
        started, evicted = self.churn()
        for name, what, counts in (
                ("tfbridge_provider_processes_started", "Provider processes started, by the tenant whose "
                                                        "object needed one.", started),
                ("tfbridge_provider_processes_evicted", "Provider processes stopped to make room for another "
                                                        "configuration, by the tenant that held them.", evicted)):
            family = CounterMetricFamily(name, what, labels=["tenant"])
            for tenant, count in sorted(counts.items()):
                family.add_metric([tenant], count)
            yield family


def lease_name(settings: Settings, provider: str) -> str:
    """The Lease replicas elect their leader in: one per provider (family), and per shard."""
    base = settings.lease_name or f"provider-{provider}"
    selector = settings.watch_label_selector
    return f"{base}-{lease_suffix(selector)}" if selector else base
