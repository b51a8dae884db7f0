"""Which executor runs a kind: its provider config, unless the operator's flag forces one for all."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bridge.api.external import ProviderSetup
from bridge.api.registry import ProviderPackage
from bridge.manager import make_executor
from bridge.tfexec.client import Executor, Settings, TerraformClient
from bridge.tfplugin.client import DirectClient, DirectExecutor
from tests.packages import AWS_CURATED as AWS
from tests.packages import BUILTIN


def configured(tf_type: str, executor: str) -> ProviderPackage:
    kinds = tuple(dataclasses.replace(k, config=dataclasses.replace(k.config, executor=executor))
                  if k.config.tf_type == tf_type else k for k in AWS.kinds)
    return dataclasses.replace(AWS, kinds=kinds)


@pytest.mark.parametrize(("flag", "vpc_config", "executor", "vpc", "subnet"), [
    ("auto", "cli", Executor, TerraformClient, TerraformClient),
    ("auto", "direct", DirectExecutor, DirectClient, TerraformClient),
    ("cli", "direct", Executor, TerraformClient, TerraformClient),
    ("direct", "cli", DirectExecutor, DirectClient, DirectClient),
])
def test_executor_choice(tmp_path: Path, flag: str, vpc_config: str, executor: type, vpc: type,
                         subnet: type) -> None:
    package = configured("aws_vpc", vpc_config)
    ex = make_executor(Settings(workspace_root=tmp_path, executor=flag), package)
    setup = ProviderSetup(configuration={})
    try:
        assert type(ex) is executor
        assert type(ex.client(package.by_type("aws_vpc"), setup)) is vpc
        assert type(ex.client(package.by_type("aws_subnet"), setup)) is subnet
    finally:
        ex.shutdown()


def test_a_provider_built_into_terraform_cannot_run_direct(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"built into terraform.*--executor cli"):
        make_executor(Settings(workspace_root=tmp_path, executor="direct"), BUILTIN)
