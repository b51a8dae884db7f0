"""The product's command: `--version` says what a bug report needs, and the development commands come from
the development package through an entry point group, never from an import of the product's."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridge.api import registry
from tfbridge import cli

ROOT = Path(__file__).resolve().parent.parent


def _version(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tfbridge", "--version"], env={**os.environ, **env},
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_version_names_tfbridge_terraform_and_each_bundled_provider(terraform_bin: str) -> None:
    done = _version({"TFBRIDGE_TERRAFORM": terraform_bin})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    said = json.loads(subprocess.run([terraform_bin, "version", "-json"], capture_output=True, text=True,
                                     check=True).stdout)["terraform_version"]
    assert lines[0] == f"tfbridge {importlib.metadata.version('tfbridge')}"
    assert lines[1] == f"terraform {said} ({terraform_bin})"
    aws = registry.load("aws").provider
    assert f"provider aws: {aws.source} {aws.version}" in lines
    assert "provider terraform: terraform.io/builtin/terraform (built into terraform)" in lines
    assert len(lines) == 2 + len(list((ROOT / "providers").glob("*/config.py"))), "one line per bundled provider"


def test_version_says_when_there_is_no_terraform(tmp_path: Path) -> None:
    missing = tmp_path / "terraform"
    done = _version({"TFBRIDGE_TERRAFORM": str(missing)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == (f"terraform: not found ({str(missing)!r} is not an executable on PATH; "
                                           f"set TFBRIDGE_TERRAFORM)")


def test_the_development_commands_come_from_their_entry_point_group() -> None:
    added = {ep.name: ep.value for ep in importlib.metadata.entry_points(group=cli.COMMANDS)}
    assert added == {"demo": "devrig.demo:demo", "dev": "devrig.dev:dev",
                     "conformance": "conformance.command:conformance"}
    listed = CliRunner().invoke(cli.cli, ["--help"])
    assert listed.exit_code == 0
    for name in ("run", "generate", "schema", "workspaces", *added):
        assert f"\n  {name} " in listed.output, f"{name} is listed"


def test_without_the_development_package_they_are_unknown_and_say_where_they_come_from(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a provider image, which installs no package adding commands."""
    monkeypatch.setattr(cli, "_added", dict)
    done = CliRunner().invoke(cli.cli, ["demo"])
    assert done.exit_code == 2
    assert "No such command 'demo'" in done.output
    assert "come with the development package" in done.output
    assert "demo" not in CliRunner().invoke(cli.cli, ["--help"]).output
