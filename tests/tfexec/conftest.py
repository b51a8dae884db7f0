from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.settings import ExecutorSettings
from bridge.tfexec.backend import CLIBackend
from tests.support.cloud import Moto, provider_env
from tests.support.executors import cli_backend
from tests.support.packages import BUILTIN


@pytest.fixture
def builtin_executor(tmp_path: Path, terraform_bin: str) -> Iterator[CLIBackend]:
    """The CLI executor for terraform_data (no plugin, no cloud) in a fresh workspace root."""
    ex = CLIBackend(ExecutorSettings(workspace_root=tmp_path / "ws", terraform=terraform_bin,
                                     base_env=provider_env()), BUILTIN.provider)
    yield ex
    ex.shutdown()


@pytest.fixture
def aws_executor(tmp_path: Path, terraform_bin: str, plugin_dir: Path, moto: Moto) -> Iterator[CLIBackend]:
    """The CLI executor for the real aws provider against moto, in a fresh workspace root."""
    ex = cli_backend(tmp_path / "ws", terraform_bin, plugin_dir, moto)
    yield ex
    ex.shutdown()
