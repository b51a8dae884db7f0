"""A provider project as a provider author makes one with `tfbridge init`, outside this repository: from
the schema of terraform's built-in provider (terraform_data needs no plugin and no cloud)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from tfbridge.cli import cli

ROOT = Path(__file__).resolve().parents[2]
BUILTIN_SCHEMA = ROOT / "providers" / "builtin" / "schema.json.gz"
SOURCE = "terraform.io/builtin/terraform"
# What `tfbridge init` derives from the source: the provider's name (its entry point) and its package.
NAME = "terraform"
PACKAGE = "tfbridge_provider_terraform"


def init(directory: Path, *extra: str) -> Path:
    """``tfbridge init DIRECTORY`` for terraform's built-in provider, from its committed schema."""
    result = CliRunner().invoke(cli, ["init", str(directory), "--source", SOURCE, "--version", "",
                                      "--schema", str(BUILTIN_SCHEMA), *extra])
    assert result.exit_code == 0, result.output
    return directory


def generate(project: Path, *extra: str) -> str:
    """``tfbridge generate PROJECT/``; the command's output."""
    result = CliRunner().invoke(cli, ["generate", f"{project}/", "--no-summary", *extra])
    assert result.exit_code == 0, result.output
    return result.output


def install(project: Path, target: Path) -> dict[str, str]:
    """The project installed as a distribution into ``target`` (``pip install --target``, with nothing
    else): the environment of a process that sees its entry point."""
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                          str(project)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(target), os.environ.get("PYTHONPATH")) if p)}


def provider_project(directory: Path, mirror_dir: Path, terraform: str) -> Path:
    """``tfbridge init`` for the test provider (tfbtest) from the plugin in ``mirror_dir``, its config given
    what its author would write (a ProviderConfig's Secret key ``token`` becomes the provider's ``token``
    argument; tfbtest_project on the direct executor), then ``tfbridge generate``."""
    result = CliRunner().invoke(cli, ["init", str(directory), "--source", "tfbridge/tfbtest", "--version", "0.1.0",
                                      "--plugin-dir", str(mirror_dir), "--terraform", terraform])
    assert result.exit_code == 0, result.output
    config = directory / "tfbridge_provider_tfbtest" / "config.py"
    text = config.read_text()
    edited = text.replace("from tfconfig import Package, Provider",
                          "from tfconfig import Credentials, Package, Provider, Resource").replace(
        "    resources={},\n",
        "    resources={\"tfbtest_project\": Resource(executor=\"direct\")},\n"
        "    credentials=Credentials(arguments={\"token\": \"token\"}, provider_arguments=(\"token\",)),\n")
    assert edited.count("Credentials(") == 1 and "Resource(executor" in edited, "init's config changed shape"
    config.write_text(edited)
    generate(directory)
    return directory
