"""The executors against the real aws provider and moto, built as the manager builds them, and the
managed resources the executor tests hand them."""

from __future__ import annotations

import dataclasses
import shutil
import uuid
from pathlib import Path
from typing import Any

import grpc
import pytest

from bridge.api.errors import OperationFailed
from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.api.registry import ProviderPackage
from bridge.settings import ExecutorSettings, ProviderProcesses
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from bridge.tfplugin.process import PluginProcess
from devrig.cloud import MOTO_CONFIGURATION, MOTO_CREDENTIALS
from tests.support.cloud import Moto, provider_env
from tests.support.packages import AWS_CURATED as AWS

SETUP = ProviderSetup(configuration=MOTO_CONFIGURATION, credentials_env=MOTO_CREDENTIALS)
# Credentials a cloud proxy is told to refuse (CloudProxy.reject_access_key("refused")).
REFUSED = ProviderSetup(configuration=MOTO_CONFIGURATION,
                        credentials_env={"AWS_ACCESS_KEY_ID": "refused", "AWS_SECRET_ACCESS_KEY": "refused"})


def settings(root: Path, terraform_bin: str, plugin_dir: Path, moto: Moto, **extra: Any) -> ExecutorSettings:
    # The import check's deadline of 20 s is a production default; a busy test machine may need more for
    # the CLI's import, and a check cut short would prove nothing.
    extra.setdefault("import_check_timeout", 120.0)
    return ExecutorSettings(workspace_root=root, terraform=terraform_bin, plugin_dir=plugin_dir,
                            base_env=provider_env(moto), interrupt_grace=20, **extra)


def cli_backend(root: Path, terraform_bin: str, plugin_dir: Path, moto: Moto, **extra: Any) -> CLIBackend:
    return CLIBackend(settings(root, terraform_bin, plugin_dir, moto, **extra), AWS.provider)


def direct_backend(cli: CLIBackend, processes: ProviderProcesses | None = None) -> DirectBackend:
    """A direct executor beside ``cli``: its workspace root, and the providers it installed."""
    chosen = dataclasses.replace(cli.settings, processes=processes) if processes else cli.settings
    return DirectBackend(chosen, AWS.provider, binary=lambda: cli.plugins.binary(AWS.provider), store=cli.store)


def mr(tf_type: str, name: str, for_provider: dict[str, Any], external_name: str = "", *,
       package: ProviderPackage = AWS) -> Managed:
    kind = package.by_type(tf_type)
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


# Kinds whose importer looks the object up itself and fails, in its own words, for an ID that names no
# object (the read after ImportResourceState too, for the instance): (tf_type, forProvider, that ID).
NAMING_NOTHING = (
    # "couldn't find resource": the stream's name is its external name, known before it is made.
    ("aws_kinesis_stream", {"region": "us-east-1", "shardCount": 1}, "tfbridge-stream-not-made"),
    # NoSuchEntity, from GetAccessKeyLastUsed.
    ("aws_iam_access_key", {"user": "tfbridge-nobody"}, "AKIAIOSFODNN7EXAMPLE"),
    # ServiceNotFound, from GetInstance.
    ("aws_service_discovery_instance", {"region": "us-east-1", "serviceId": "srv-nothing", "instanceId": "i-nothing"},
     "srv-nothing/i-nothing"),
)


def absent_until_made(backend: CLIBackend | DirectBackend, moto: Moto, package: ProviderPackage) -> None:
    """Every importer of NAMING_NOTHING answers "does not exist" for its ID (it is never an observe
    failure); a log group, observed by its name before it is made, is then created, imported again after its
    workspace is lost, and deleted, after which its observe answers "does not exist" again."""
    for tf_type, for_provider, external_name in NAMING_NOTHING:
        m = mr(tf_type, f"absent-{tf_type.replace('_', '-')}", for_provider, external_name, package=package)
        assert backend.client(package.by_type(tf_type), SETUP).observe(m).exists is False, tf_type
    # The lifecycle on a kind identified by its name whose create and delete moto answers at once (a Kinesis
    # stream's wait for ACTIVE and for its deletion costs half a minute per executor).
    kind = package.by_type("aws_cloudwatch_log_group")
    group = mr("aws_cloudwatch_log_group", f"tfbridge-logs-{backend.name}", {"region": "us-east-1"},
               f"tfbridge-logs-{backend.name}", package=package)
    logs = moto.client("logs")

    def made() -> list[str]:
        return [g["logGroupName"] for g in logs.describe_log_groups(logGroupNamePrefix="tfbridge-logs-")["logGroups"]]

    client = backend.client(kind, SETUP)
    assert not client.observe(group).exists
    assert client.create(group).external_name == group.external_name
    assert backend.client(kind, SETUP).observe(group).exists
    shutil.rmtree(backend.store.get(group.api_version, group.kind, group.name).dir)
    seen = backend.client(kind, SETUP).observe(group)
    assert (seen.exists, seen.recovered) == (True, ("import",))
    assert made().count(group.external_name) == 1
    backend.client(kind, SETUP).delete(group)
    assert group.external_name not in made()
    assert not backend.client(kind, SETUP).observe(group).exists


def refused_import_is_an_error(backend: CLIBackend | DirectBackend, package: ProviderPackage,
                               refused: ProviderSetup) -> None:
    """An import the cloud refuses for another reason than "no such object" (here its credentials) fails
    the observe, in the provider's words: it never reads as "does not exist", which would create."""
    m = mr("aws_kinesis_stream", "refused-stream", {"region": "us-east-1", "shardCount": 1}, "refused-stream",
           package=package)
    with pytest.raises(OperationFailed) as raised:
        backend.client(package.by_type("aws_kinesis_stream"), refused).observe(m)
    assert "AuthFailure" in str(raised.value) or "401" in str(raised.value), raised.value
