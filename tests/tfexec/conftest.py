from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.tfexec.client import Executor, Settings
from tests.conftest import provider_env
from tests.packages import BUILTIN


@pytest.fixture
def builtin_executor(tmp_path: Path, terraform_bin: str) -> Iterator[Executor]:
    """An executor for terraform_data (no plugin, no cloud) in a fresh workspace root."""
    ex = Executor(Settings(workspace_root=tmp_path / "ws", terraform=terraform_bin, base_env=provider_env()),
                  BUILTIN.provider)
    yield ex
    ex.shutdown()
