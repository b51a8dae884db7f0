"""The executors against the real aws provider and moto, built as the manager builds them, and the
managed resources the executor tests hand them."""

from __future__ import annotations

import dataclasses
import uuid
from pathlib import Path
from typing import Any

import grpc

from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.settings import ExecutorSettings, ProviderProcesses
from bridge.testing.cloud import MOTO_CONFIGURATION, MOTO_CREDENTIALS
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from bridge.tfplugin.process import PluginProcess
from tests.support.cloud import Moto, provider_env
from tests.support.packages import AWS_CURATED as AWS

SETUP = ProviderSetup(configuration=MOTO_CONFIGURATION, credentials_env=MOTO_CREDENTIALS)


def settings(root: Path, terraform_bin: str, plugin_dir: Path, moto: Moto, **extra: Any) -> ExecutorSettings:
    return ExecutorSettings(workspace_root=root, terraform=terraform_bin, plugin_dir=plugin_dir,
                            base_env=provider_env(moto), interrupt_grace=20, **extra)


def cli_backend(root: Path, terraform_bin: str, plugin_dir: Path, moto: Moto, **extra: Any) -> CLIBackend:
    return CLIBackend(settings(root, terraform_bin, plugin_dir, moto, **extra), AWS.provider)


def direct_backend(cli: CLIBackend, processes: ProviderProcesses | None = None) -> DirectBackend:
    """A direct executor beside ``cli``: its workspace root, and the providers it installed."""
    chosen = dataclasses.replace(cli.settings, processes=processes) if processes else cli.settings
    return DirectBackend(chosen, AWS.provider, binary=lambda: cli.plugins.binary(AWS.provider), store=cli.store)


def mr(tf_type: str, name: str, for_provider: dict[str, Any], external_name: str = "") -> Managed:
    kind = AWS.by_type(tf_type)
    m = Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                 "metadata": {"name": name, "uid": str(uuid.uuid4()), "annotations": {}},
                 "spec": {"forProvider": for_provider}})
    if external_name:
        m.set_external_name(external_name)
    return m


def serving(process: PluginProcess, timeout: float = 5.0) -> bool:
    """Whether go-plugin's health service answers SERVING for the name "plugin" (it does while the
    plugin runs)."""
    if not process.alive():
        return False
    check = process.channel.unary_unary("/grpc.health.v1.Health/Check",
                                        request_serializer=lambda service: bytes([0x0A, len(service)]) + service,
                                        response_deserializer=bytes)
    try:
        answer = check(b"plugin", timeout=timeout)  # HealthCheckRequest{service: "plugin"}, hand-encoded
    except grpc.RpcError:
        return False
    return bool(answer == b"\x08\x01")  # HealthCheckResponse{status: SERVING}
