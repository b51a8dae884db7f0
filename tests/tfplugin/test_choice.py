"""Which executor runs a kind: where it ships (its config, else the conformance report's evidence), unless
the operator's flag forces one for all."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bridge.api.external import ProviderSetup
from bridge.api.registry import ProviderPackage
from bridge.executors import Executors, choose
from bridge.settings import ExecutorSettings
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from bridge.workspace.client import WorkspaceClient
from tests.support.packages import AWS as FULL
from tests.support.packages import AWS_CURATED as AWS
from tests.support.packages import BUILTIN


def configured(vpc: str, subnet: str = "cli") -> ProviderPackage:
    """The curated kinds with every kind on the CLI but the VPC and the subnet, as given."""
    executor = {"aws_vpc": vpc, "aws_subnet": subnet}
    kinds = tuple(dataclasses.replace(k, config=dataclasses.replace(
        k.config, executor=executor.get(k.config.tf_type, "cli"), executor_reason="set by config"))
        for k in AWS.kinds)
    return dataclasses.replace(AWS, kinds=kinds)


@pytest.mark.parametrize(("flag", "vpc_config", "direct_needed", "vpc", "subnet"), [
    pytest.param("auto", "cli", False, CLIBackend, CLIBackend, id="AutoFollowsTheConfig"),
    pytest.param("auto", "direct", True, DirectBackend, CLIBackend, id="AutoWithOneDirectKind"),
    pytest.param("cli", "direct", False, CLIBackend, CLIBackend, id="TheFlagOverridesTheConfig"),
    pytest.param("direct", "cli", True, DirectBackend, DirectBackend, id="EveryKindDirect"),
])
def test_executor_choice(tmp_path: Path, flag: str, vpc_config: str, direct_needed: bool, vpc: type,
                         subnet: type) -> None:
    package = configured(vpc_config)
    ex = Executors(ExecutorSettings(workspace_root=tmp_path, executor=flag), package)
    setup = ProviderSetup(configuration={})
    try:
        assert (ex.direct is not None) == direct_needed, "a direct executor only where a kind runs on it"
        for tf_type, wanted in (("aws_vpc", vpc), ("aws_subnet", subnet)):
            client = ex.client(package.by_type(tf_type), setup)
            assert isinstance(client, WorkspaceClient) and type(client.executor) is wanted
            # Its lookups and identity reads go through its own executor, whatever other kinds use.
            assert client.executor is (ex.direct if wanted is DirectBackend else ex.cli)
            assert client.floor.executor == client.executor.name, "each workspace records who worked there"
    finally:
        ex.shutdown()


def test_auto_runs_each_kind_where_it_ships(tmp_path: Path) -> None:
    """The shipped provider as loaded: a kind the committed conformance report proves on the direct
    executor gets a direct client, the others a CLI one."""
    proven = FULL.provider.evidence.direct
    assert proven, "the committed report proves kinds on the direct executor"
    ex = Executors(ExecutorSettings(workspace_root=tmp_path, executor="auto"), FULL)
    try:
        seen = set()
        for kind in FULL.kinds:
            client = ex.client(kind, ProviderSetup(configuration={}))
            assert isinstance(client, WorkspaceClient)
            wanted = DirectBackend if kind.config.tf_type in proven else CLIBackend
            assert type(client.executor) is wanted, (kind.config.tf_type, kind.config.shipped)
            seen.add(type(client.executor))
        assert seen == {CLIBackend, DirectBackend}, "the catalogue holds both proven and unproven kinds"
    finally:
        ex.shutdown()


def test_an_unknown_flag_is_refused() -> None:
    with pytest.raises(ValueError, match="executor 'fast' is not one of auto, cli, direct"):
        choose("fast", AWS.kinds[0])


def test_a_provider_built_into_terraform_cannot_run_direct(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"built into terraform.*--executor cli"):
        Executors(ExecutorSettings(workspace_root=tmp_path, executor="direct"), BUILTIN)
