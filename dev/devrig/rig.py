"""The local rig: what a run of a provider on one machine starts around it, written once.

moto (the cloud: :mod:`devrig.moto`), the local API server in a process of its own (``tfbridge dev
apiserver``), on it a namespace, the credentials Secret and a ProviderConfig that points the aws provider at
moto, the AWS SDK's endpoint in this process's environment, and the provider itself: a
:class:`~bridge.manager.Manager` in a thread. The demo, the conformance runner, the benchmarks and the
tests start what they need of it; each part has a deadline and fails with a :class:`RigError` naming the
part, why, and the tail of its log; everything started is stopped when the ``with`` ends, last first, and
the environment is put back.

    with Rig(work, RigOptions(crds=(crd_dir,))) as rig:
        rig.up(package.provider)                       # moto, the API server, the namespace, Secret, ProviderConfig
        provider = rig.run_provider(package, settings)  # its informers synced
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

import providers
from bridge.api.registry import ProviderPackage
from bridge.kube import errors
from bridge.kube.client import NAMESPACES, SECRETS, HTTPKube, Kube, api_client
from bridge.managed.providerconfig import ClientFactory, ConfigResources
from bridge.manager import Manager
from bridge.settings import Settings
from devrig import cloud
from devrig.children import stop as stop_processes
from devrig.moto import Moto
from tfconfig import Provider

# The providers of this checkout (``aws``: its config, schema, generated CRDs and examples).
PROVIDERS = Path(providers.__file__).resolve().parent
# What the rig sets in this process's environment while moto runs: endpoints by environment, never a
# provider ``endpoints`` block (which costs seconds of CPU a configure); a CA bundle breaks a reattached provider.
_AWS_ENVIRONMENT = ("AWS_ENDPOINT_URL", "AWS_CA_BUNDLE")


class RigError(RuntimeError):
    """A part of the rig did not start: the message names it, why, and the end of its log."""


@dataclasses.dataclass(frozen=True)
class RigOptions:
    """What a rig starts, and how long each part may take."""

    # moto in a process of its own, in a thread of this one (where its record of objects can be read), or none.
    moto: Literal["process", "in-process", "none"] = "process"
    moto_timeout: float = 30.0
    # Directories of CRDs the API server installs before it serves (its start grows by ~17 ms a CRD).
    crds: tuple[Path, ...] = ()
    apiserver_timeout: float = 30.0
    # The credentials Secret (cloud.CREDENTIALS_SECRET: moto's test keys), in the provider's namespace.
    credentials: bool = True
    # More Secrets to create (the one generated examples name where a required argument is sensitive).
    secrets: tuple[Mapping[str, Any], ...] = ()
    # The `default` ProviderConfig (credentials from that Secret, or none), and its spec.configuration (CR
    # form; None: none).
    provider_config: bool = True
    configuration: Mapping[str, Any] | None = dataclasses.field(
        default_factory=lambda: dict(cloud.MOTO_PROVIDER_CONFIGURATION))


def configure(kube: Kube, provider: Provider, *, credentials: bool | Mapping[str, Any] = True,
              secrets: Sequence[Mapping[str, Any]] = (),
              provider_config: bool = True,
              configuration: Mapping[str, Any] | None = cloud.MOTO_PROVIDER_CONFIGURATION) -> None:
    """The provider's namespace (``crossplane-system``, where the credentials Secret is), the credentials
    Secret (``credentials``: moto's test keys, this Secret, or none),
    ``secrets``, and the `default` ProviderConfig (credentials from that Secret, or none; ``configuration``
    its spec.configuration, or none). An object that exists is merge-patched to what is wanted, never
    replaced: a running provider adds its finalizer to the ProviderConfig at any moment, and an update
    would race it with a stale resourceVersion."""
    namespace = cloud.CREDENTIALS_SECRET[0]
    with contextlib.suppress(errors.Conflict):
        kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": namespace}})
    chosen: Mapping[str, Any] | None = credentials if not isinstance(credentials, bool) else \
        cloud.credentials_secret() if credentials else None
    wanted = [*([chosen] if chosen else []), *secrets]
    for secret in wanted:
        try:
            kube.create(SECRETS, dict(secret))
        except errors.Conflict:
            meta = secret["metadata"]
            kube.patch(SECRETS, meta["name"], {"data": secret["data"]}, namespace=meta["namespace"])
    if not provider_config:
        return
    config = cloud.provider_config(provider.root_group, secret=cloud.CREDENTIALS_SECRET if chosen else None,
                                   configuration=configuration)
    configs = ConfigResources.of_provider(provider).configs
    try:
        kube.create(configs, config)
    except errors.Conflict:
        kube.patch(configs, config["metadata"]["name"], {"spec": config["spec"]})


class ProviderThread:
    """A provider (a :class:`Manager`) running in a daemon thread of this process."""

    def __init__(self, manager: Manager) -> None:
        self.manager = manager
        self.thread = threading.Thread(target=manager.run, daemon=True, name="provider")
        self.thread.start()

    def wait_ready(self, timeout: float) -> None:
        """Until every served kind's controller has started and its cache has listed."""
        deadline = time.monotonic() + timeout
        while not self.manager.ready():
            if not self.thread.is_alive():
                raise RigError("the provider stopped before its informers synced")
            if time.monotonic() > deadline:
                raise RigError(f"the provider's informers did not sync within {timeout:.0f} s")
            time.sleep(0.05)

    def stop(self, timeout: float = 60.0) -> bool:
        """Stop the manager and wait for its thread; whether it ended within ``timeout``: after that, none of
        its reconciles or operations writes anything."""
        self.manager.stop()
        self.thread.join(timeout)
        return not self.thread.is_alive()


class Rig:
    """The parts of :data:`RigOptions` started on demand under ``work`` (the kubeconfig, the API server's
    log), each stopped when the ``with`` ends."""

    def __init__(self, work: Path, options: RigOptions | None = None) -> None:
        self.work = work
        self.options = options or RigOptions()
        self.moto: Moto | None = None
        self.server: subprocess.Popen[bytes] | None = None
        self.kubeconfig = work / "kubeconfig"
        self._kube: HTTPKube | None = None
        self._providers: list[ProviderThread] = []
        self._environment: dict[str, str | None] = {}

    def __enter__(self) -> Rig:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    @property
    def kube(self) -> HTTPKube:
        """A client of the API server (started with :meth:`start_apiserver`)."""
        if self._kube is None:
            raise RigError("the local API server was not started")
        return self._kube

    def start_moto(self) -> Moto:
        """moto as :attr:`RigOptions.moto` says, and the AWS SDK's endpoint in this process's environment
        (every provider process the runtime starts inherits it)."""
        how = self.options.moto
        if how == "none":
            raise RigError("this rig runs no moto")
        try:
            self.moto = Moto.in_process(self.options.moto_timeout) if how == "in-process" else \
                Moto.start(self.options.moto_timeout)
        except ImportError as exc:
            raise RigError(f"moto did not start: it is not installed ({exc}); pip install 'moto[server]'") from exc
        except (OSError, RuntimeError, TimeoutError) as exc:
            raise RigError(f"moto did not start: {exc}") from exc
        self._environment = {k: os.environ.get(k) for k in _AWS_ENVIRONMENT}
        os.environ["AWS_ENDPOINT_URL"] = self.moto.endpoint
        os.environ.pop("AWS_CA_BUNDLE", None)
        return self.moto

    def start_apiserver(self) -> HTTPKube:
        """The local API server in its own process, with :attr:`RigOptions.crds` installed; a client once it
        has written its kubeconfig."""
        log = self.work / "apiserver.log"
        crds = [arg for directory in self.options.crds for arg in ("--crds", str(directory))]
        with log.open("wb") as err:  # the child keeps its own copy of the descriptor
            self.server = subprocess.Popen([sys.executable, "-m", "tfbridge", "dev", "apiserver", "--kubeconfig",
                                            str(self.kubeconfig), *crds], stderr=err)
        timeout = self.options.apiserver_timeout
        deadline = time.monotonic() + timeout
        while not self.kubeconfig.exists():
            if self.server.poll() is not None or time.monotonic() > deadline:
                why = f"it exited with {self.server.returncode}" if self.server.poll() is not None else \
                    f"no kubeconfig within {timeout:.0f} s"
                raise RigError(f"the local API server did not start ({why}){_tail(log)}")
            time.sleep(0.05)
        self._kube = HTTPKube(api_client(str(self.kubeconfig)))
        return self._kube

    def configure(self, provider: Provider) -> None:
        """The namespace, Secrets and ProviderConfig of :attr:`options` (see :func:`configure`)."""
        o = self.options
        configure(self.kube, provider, credentials=o.credentials, secrets=o.secrets, provider_config=o.provider_config,
                  configuration=o.configuration)

    def up(self, provider: Provider) -> HTTPKube:
        """moto (unless the options run none), the API server, and :meth:`configure`."""
        if self.options.moto != "none":
            self.start_moto()
        kube = self.start_apiserver()
        self.configure(provider)
        return kube

    def run_provider(self, package: ProviderPackage, settings: Settings, *,
                     client_factory: ClientFactory | None = None, kube: Kube | None = None,
                     ready_timeout: float | None = None) -> ProviderThread:
        """``package``'s provider in a thread, against the API server (or ``kube``); with ``ready_timeout``,
        once its informers have synced."""
        manager = Manager(settings, package, kube or self.kube, client_factory=client_factory)
        provider = ProviderThread(manager)
        self._providers.append(provider)
        if ready_timeout is not None:
            provider.wait_ready(ready_timeout)
        return provider

    def close(self) -> None:
        """Stop every provider, the API server and moto, and put the environment back."""
        for provider in reversed(self._providers):
            provider.stop()
        self._providers.clear()
        if self.server is not None:
            stop_processes([self.server])
            self.server = None
        if self.moto is not None:
            self.moto.stop()
            self.moto = None
        for key, value in self._environment.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self._environment = {}


def _tail(log: Path, lines: int = 20) -> str:
    """``; its log ends: ...`` with the last lines of ``log``, or "" when it is empty."""
    try:
        text = log.read_text(errors="replace").strip()
    except OSError:
        return ""
    return f"; its log ends: {' | '.join(text.splitlines()[-lines:])}" if text else ""

