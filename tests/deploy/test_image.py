"""The provider image, checked without a Docker engine: the Dockerfile is linted, and the install
script it runs is run here, in a scratch prefix, the way the image build runs it."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.support.external import venv_tool

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def build_args() -> dict[str, str]:
    return dict(arg.split("=", 1) for word, arg in instructions() if word == "ARG" and "=" in arg)


def test_dockerfile_passes_hadolint() -> None:
    hadolint = venv_tool("hadolint")
    run = subprocess.run([hadolint, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


def test_dockerfile_invariants() -> None:
    steps = instructions()
    froms = [rest for word, rest in steps if word == "FROM"]
    assert len(froms) >= 2 and " AS " in froms[0].upper(), "multi-stage"
    assert {"TERRAFORM_VERSION", "PROVIDER_SOURCE", "PROVIDER_VERSION", "PROVIDER_DIR"} <= set(build_args())
    assert any(word == "RUN" and "scripts/image-install.sh" in rest for word, rest in steps)
    final = steps[max(i for i, (w, _) in enumerate(steps) if w == "FROM"):]
    (user,) = [rest for word, rest in final if word == "USER"]
    assert user.split(":")[0] not in ("0", "root")
    (entry,) = [rest for word, rest in final if word == "ENTRYPOINT"]
    assert json.loads(entry) == ["tfbridge", "run"]
    env = " ".join(rest for word, rest in final if word == "ENV")
    assert "TFBRIDGE_PLUGIN_DIR=" in env and "TFBRIDGE_WORKSPACE_ROOT=/workspaces" in env


@pytest.mark.slow
def test_install_script_builds_the_image_contents(tmp_path: Path, terraform_bin: str, plugin_dir: Path) -> None:
    """The same script the image build runs, here from the local terraform and plugin mirror."""
    args = build_args()
    version = json.loads(subprocess.run([terraform_bin, "version", "-json"], capture_output=True, text=True,
                                        check=True).stdout)["terraform_version"]
    prefix = tmp_path / "opt"
    env = {**os.environ, "PREFIX": str(prefix), "TERRAFORM_VERSION": version, "TERRAFORM_BINARY": terraform_bin,
           "PLUGIN_MIRROR": str(plugin_dir), "PROVIDER_SOURCE": args["PROVIDER_SOURCE"],
           "PROVIDER_VERSION": args["PROVIDER_VERSION"], "PROVIDER_DIR": args["PROVIDER_DIR"], "PYTHON": "python3"}
    run = subprocess.run([str(ROOT / "scripts" / "image-install.sh")], env=env, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    assert (prefix / "bin" / "terraform").is_file()
    plugins = list((prefix / "tf-plugins").rglob(f"terraform-provider-*_v{args['PROVIDER_VERSION']}*"))
    assert plugins and os.access(plugins[0], os.X_OK)
    assert (prefix / "venv" / "bin" / "tfbridge").is_file()


def test_install_script_refuses_a_terraform_of_another_version(tmp_path: Path, terraform_bin: str) -> None:
    env = {**os.environ, "PREFIX": str(tmp_path), "TERRAFORM_VERSION": "0.0.1", "TERRAFORM_BINARY": terraform_bin,
           "PROVIDER_SOURCE": "hashicorp/aws", "PROVIDER_VERSION": "5.100.0", "PROVIDER_DIR": "providers/aws"}
    run = subprocess.run([str(ROOT / "scripts" / "image-install.sh")], env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode != 0 and "TERRAFORM_VERSION is 0.0.1" in run.stderr
