"""What an operator sets, as nested frozen dataclasses passed explicitly: nothing reads the
environment or argv below ``tfbridge``'s commands.

:class:`Settings` is the whole runtime's; :class:`ExecutorSettings` is the part the executors get, and
:class:`ProviderProcesses` the bounds on the provider processes they keep.
"""

from __future__ import annotations

import dataclasses
import os
import socket
from collections.abc import Mapping
from pathlib import Path

DEFAULT_WORKSPACE_ROOT = Path("/var/lib/tfbridge/workspaces")
DEFAULT_CHANGELOGS_SOCKET = "/var/run/changelogs/changelogs.sock"
EXECUTOR_CHOICES = ("auto", "cli", "direct")


@dataclasses.dataclass(frozen=True)
class ProviderProcesses:
    """Bounds on the long-lived provider processes of both executors, counted together.

    A provider process serves one provider configuration (region and credentials included) and
    costs about 500 MB, so the number of configurations users can name must not decide the pod's
    memory. At ``max_live`` a new configuration takes the place of the process idle longest; when
    every process is busy it waits ``wait`` seconds at most, then that one operation fails with a
    retryable error and the others go on.
    """

    # The largest provider measured (2,134 resource types), configured, holds about 150 MB of its own (its
    # ~465 MB of mapped code is shared between its processes and counted once): four, the runtime and a
    # few terraform runs (about 230 MB each) fit the deployment's 2 GiB limit. A pod serving more
    # configurations at once raises both.
    max_live: int = 4
    # Longer than the default 10-minute poll (plus jitter), so that a configuration polled
    # regularly keeps its process instead of starting one every poll.
    idle_timeout: float = 900.0
    # Short: a worker waiting here is a worker not reconciling anything else.
    wait: float = 5.0
    # A process terraform runs reattach to is replaced after this many runs (a direct executor's
    # process, which tfbridge speaks to itself, lives until it dies, idles out or makes room).
    max_uses: int = 500
    # Processes one tenant (a namespace, or a cluster-scoped object's ProviderConfig) keeps once the
    # pool is full; None: half of ``max_live``. However many regions a tenant names, it takes at most
    # this many from the others, and then makes room among its own.
    per_tenant: int | None = None

    @property
    def share(self) -> int:
        """How many processes one tenant's leases may keep."""
        return max(1, min(self.max_live, self.per_tenant or self.max_live // 2))


@dataclasses.dataclass(frozen=True)
class ExecutorSettings:
    workspace_root: Path = DEFAULT_WORKSPACE_ROOT
    terraform: str = "terraform"
    plugin_dir: Path | None = None
    # Environment passed on to terraform and provider processes (endpoints, proxies, HOME, PATH);
    # None: this process's own, read when an executor starts.
    base_env: Mapping[str, str] | None = None
    # "auto": each kind's configured executor; "cli" or "direct": every kind (an operator's override).
    executor: str = "auto"
    # The CLI executor reattaches terraform runs to long-lived provider processes.
    shared_providers: bool = True
    # Seconds terraform gets between SIGINT and SIGKILL when a run is interrupted.
    interrupt_grace: float = 30.0
    # Seconds an operation waits for its workspace's lock before it is retried later.
    lock_timeout: float = 10.0
    # Seconds the import check after a create may take in all. Short: the create has succeeded and
    # waits for it, and a provider that retries an ID it refuses would hold it for minutes; a check
    # cut short is reported unchecked, never as a failure.
    import_check_timeout: float = 20.0
    processes: ProviderProcesses = dataclasses.field(default_factory=ProviderProcesses)

    def environment(self) -> dict[str, str]:
        """The base environment minus Terraform's own variables, which the executors set themselves."""
        base = os.environ if self.base_env is None else self.base_env
        return {k: v for k, v in base.items() if not k.startswith("TF_")}


@dataclasses.dataclass(frozen=True)
class WebhookSettings:
    """The conversion webhook, served when the provider has kinds of several API versions and a certificate."""

    # The port it listens on, as upjet's providers (controller-runtime's webhook server): 9443.
    port: int = 9443
    # A directory with ``tls.crt`` and ``tls.key`` (Crossplane mounts its own at /tls/server).
    certs_dir: Path | None = None
    # Without a certificate of its own: the Service in front of the webhook (in the provider's namespace),
    # for which the provider makes a certificate itself and whose CA it writes into its CRDs.
    service: str = ""


@dataclasses.dataclass(frozen=True)
class Settings:
    executors: ExecutorSettings = dataclasses.field(default_factory=ExecutorSettings)
    webhook: WebhookSettings = dataclasses.field(default_factory=WebhookSettings)
    namespace: str = "crossplane-system"
    # Per kind: how many of its objects are reconciled at once (controller-runtime's MaxConcurrentReconciles).
    max_concurrent_reconciles: int = 10
    # For every kind together: the threads that reconcile, shared, taking turns across kinds.
    reconcile_workers: int = 20
    max_concurrent_operations: int = 10
    poll: float = 600.0
    poll_jitter: float = 0.1
    leader_election: bool = False
    lease_name: str = ""
    lease_duration: float = 15.0
    renew_deadline: float = 10.0
    retry_period: float = 2.0
    health_port: int = 8080
    # Seconds running operations may finish after SIGTERM before terraform is interrupted.
    grace: float = 60.0
    # Off for a provider family that reconciles only managed kinds: the config family owns ProviderConfigs.
    provider_config_controller: bool = True
    # Namespaces besides ``namespace`` whose Secrets specs may name ("*": any).
    secret_namespaces: tuple[str, ...] = ()
    # Only managed resources this label selector matches are listed, watched and reconciled (one shard of
    # each kind); the Lease name gets a suffix of its hash, so each shard elects its own leader.
    watch_label_selector: str = ""
    # Whether a namespaced object's reference may name another namespace (whose target must then name
    # the referencing namespace in its tfbridge.io/referenceable-from annotation). Off: tenants' objects
    # never see each other.
    allow_cross_namespace_references: bool = False
    # Where Crossplane's change-log sidecar listens (a Unix socket; crossplane-runtime's providers default to
    # DEFAULT_CHANGELOGS_SOCKET): every create, update and delete is sent there, as their
    # --enable-changelogs does. Empty: change logs off.
    changelogs_socket: str = ""
    identity: str = dataclasses.field(default_factory=lambda: f"{socket.gethostname()}-{os.getpid()}")
