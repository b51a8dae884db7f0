"""Shared fixtures. External tools (terraform, the plugin mirror, moto) are required: a test that
needs one and cannot find it fails, unless TFBRIDGE_SKIP_EXTERNAL=1 is set (the documented opt-out)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _missing(what: str) -> None:
    message = f"{what} is required by this test and was not found"
    if os.environ.get("TFBRIDGE_SKIP_EXTERNAL") == "1":
        pytest.skip(f"{message} (TFBRIDGE_SKIP_EXTERNAL=1)")
    pytest.fail(f"{message}; install it, or set TFBRIDGE_SKIP_EXTERNAL=1 to skip such tests", pytrace=False)


@pytest.fixture(scope="session")
def terraform_bin() -> str:
    found = shutil.which(os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))
    if not found:
        _missing("the terraform CLI (TFBRIDGE_TERRAFORM or terraform on PATH)")
    assert found is not None
    return found


@pytest.fixture(scope="session")
def plugin_dir() -> Path:
    value = os.environ.get("TFBRIDGE_PLUGIN_DIR", "")
    path = Path(value) if value else None
    if path is None or not (path / "registry.terraform.io").is_dir():
        _missing(f"a provider plugin mirror (TFBRIDGE_PLUGIN_DIR={value!r})")
    assert path is not None
    return path
