"""Template syntax from a user reaches the provider as the characters it is, through real terraform.

The pure property tests (tests/workspace/test_document.py) show that no document carries an
unescaped template; these show what terraform and the provider do with the escaped ones: the
builtin ``terraform_data`` echoes its ``input`` back as ``output`` unchanged, and the aws provider
refuses a templated ``region`` by quoting it, unevaluated, on both paths that build a provider
block from the spec outside the resource's own workspace (the lookup of a lost create, and the
identity read an import ID needs).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.api.errors import BridgeError, InvalidSpec
from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.tfexec.backend import CLIBackend
from bridge.workspace.backend import Backend
from bridge.workspace.values import Values, refuse_secrets
from tests.support.cloud import Moto
from tests.support.executors import SETUP, cli_backend, direct_backend, mr
from tests.support.packages import AWS_CURATED as AWS
from tests.support.packages import BUILTIN

HOSTILE = ['${file("/etc/hostname")}', "%{ if true }x%{ endif }", "$${escaped}", "%%{escaped}", "$$${x}", "${}",
           "a ${ b } c", "\\${x}", '"${x}"', "}${", "\u202e${x}", "100% $5"]


@pytest.mark.terraform
def test_terraform_data_echoes_hostile_input_unevaluated(builtin_executor: CLIBackend) -> None:
    value: dict[str, Any] = {s: s for s in HOSTILE}
    value["list"] = HOSTILE
    value["nested"] = {"${k}": {"%{k}": HOSTILE[0]}}
    kind = BUILTIN.kinds[0]
    client = builtin_executor.client(kind, ProviderSetup(configuration={}))
    m = Managed({"apiVersion": kind.api_version, "kind": "Data", "metadata": {"name": "hostile", "uid": "u"},
                 "spec": {"forProvider": {"input": value}}})
    m.set_external_name(client.create(m).external_name)
    assert client.observe(m).at_provider["output"] == value


@pytest.fixture
def secret_file(tmp_path: Path) -> Path:
    """A file only an evaluated template could read."""
    path = tmp_path / "token"
    path.write_text("MARKER-the-service-account-token")
    return path


@pytest.fixture
def backends(tmp_path: Path, terraform_bin: str, plugin_dir: Path, moto: Moto) -> Iterator[dict[str, Backend]]:
    cli = cli_backend(tmp_path / "ws", terraform_bin, plugin_dir, moto)
    direct = direct_backend(cli)
    yield {"cli": cli, "direct": direct}
    direct.shutdown()
    cli.shutdown()


def configured(region: str) -> ProviderSetup:
    """A provider configuration carrying ``region``. A spec's region must look like a region (the runtime
    refuses anything else before terraform, tested below), so the template arrives the other way that
    reaches the same provider block: the ProviderConfig's configuration."""
    return dataclasses.replace(SETUP, configuration={**SETUP.configuration, "region": region})


def lookup(backend: Backend, region: str) -> None:
    """A VPC whose create was lost is looked for by its tags (the user set external-create-pending)."""
    vpc = AWS.by_type("aws_vpc")
    backend.client(vpc, configured(region)).find(mr("aws_vpc", "v", {"cidrBlock": "10.0.0.0/16"}))


def identity(backend: Backend, region: str) -> None:
    """A topic with an external name and no state is imported by an ARN that needs the account ID."""
    topic = AWS.by_type("aws_sns_topic")
    backend.client(topic, configured(region)).observe(mr("aws_sns_topic", "t", {}, "t"))


@pytest.mark.slow
@pytest.mark.cloud
@pytest.mark.parametrize(("executor", "path"), [
    pytest.param("cli", lookup, id="CLILookup"),
    pytest.param("cli", identity, id="CLIIdentity"),
    pytest.param("direct", lookup, id="DirectLookup"),
])
def test_a_templated_region_reaches_the_provider_literally(backends: dict[str, Backend], secret_file: Path,
                                                           executor: str, path: Any) -> None:
    region = f'${{file("{secret_file}")}}'
    with pytest.raises(BridgeError) as failed:
        path(backends[executor], region)
    message = str(failed.value)
    assert "MARKER" not in message, "the template was evaluated: the file's content reached the provider"
    assert f"invalid AWS Region: {region}" in message, message


def test_a_templated_region_in_a_spec_never_reaches_terraform() -> None:
    """The first line: a spec's region that is not a region name is refused, the field named, before
    anything is rendered for terraform (both executors render through these values)."""
    with pytest.raises(InvalidSpec, match=r"spec\.forProvider\.region: does not match"):
        Values(AWS.by_type("aws_vpc"), refuse_secrets).spec(mr("aws_vpc", "v", {"region": '${file("/etc/hostname")}'}))
