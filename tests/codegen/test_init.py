"""`tfbridge init`: a provider project that `tfbridge generate` takes with no edit, whose own tests pass."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import tfproject
from codegen import pipeline
from tests.support import project
from tfbridge import init as init_cmd
from tfbridge.cli import cli


def test_init_makes_a_project_that_registers_its_provider(tmp_path: Path) -> None:
    root = project.init(tmp_path / "p")
    names = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    assert names == sorted([".dockerignore", ".gitignore", "Dockerfile", "Makefile", "README.md", "pyproject.toml",
                            "tests/test_provider.py", f"{project.PACKAGE}/__init__.py", f"{project.PACKAGE}/config.py",
                            f"{project.PACKAGE}/catalog/README.md", f"{project.PACKAGE}/schema.json.gz"])
    meta = tomllib.loads((root / "pyproject.toml").read_text())
    assert meta["project"]["entry-points"][tfproject.ENTRY_POINT_GROUP] == {project.NAME: project.PACKAGE}
    assert meta["project"]["dependencies"] == [f"tfbridge=={init_cmd.tfbridge_version()}"], "pinned to this tfbridge"
    assert (root / project.PACKAGE / "schema.json.gz").read_bytes() == project.BUILTIN_SCHEMA.read_bytes(), \
        "the schema is stored as `tfbridge schema refresh` stores it"
    loaded = tfproject.load(f"{root}/")
    assert (loaded.directory, loaded.location.root) == (root / project.PACKAGE, root)
    assert (loaded.provider.name, loaded.provider.resource_prefix, loaded.provider.root_group,
            loaded.provider.namespaced_root_group) == ("terraform", "terraform_", "terraform.tfbridge.io",
                                                       "terraform.m.tfbridge.io")
    for target in ("generate:", "test:", "image:", "package:"):
        assert f"\n{target}" in (root / "Makefile").read_text()


def test_generate_takes_the_project_with_no_edit_and_its_own_tests_pass(tmp_path: Path) -> None:
    root = project.init(tmp_path / "p")
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    out = project.generate(root)
    assert "terraform: 2 kinds, 0 resources left out" in " ".join(out.split())
    assert {p: p.read_bytes() for p in before} == before, "generate edits nothing of the scaffold"
    catalogue = yaml.safe_load((root / pipeline.CATALOGUE).read_text())
    assert catalogue["kinds"] == [{"type": "terraform_data", "group": "terraform.terraform.tfbridge.io",
                                   "version": "v1alpha1", "kind": "Data"}]
    assert (root / "crds" / "terraform" / "terraform.terraform.tfbridge.io_datas.yaml").is_file()
    assert (root / "package" / "crossplane.yaml").is_file() and (root / "families" / "terraform" / "package").is_dir()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=root,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "3 passed" in run.stdout


@pytest.mark.terraform
def test_without_a_schema_init_asks_the_plugin(tmp_path: Path, terraform_bin: str) -> None:
    """As `tfbridge schema refresh` does, and stored the same way: the committed schema, byte for byte."""
    result = CliRunner().invoke(cli, ["init", str(tmp_path / "p"), "--source", project.SOURCE, "--version", "",
                                      "--terraform", terraform_bin, "--plugin-dir", str(tmp_path / "no-mirror")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "p" / project.PACKAGE / "schema.json.gz").read_bytes() == project.BUILTIN_SCHEMA.read_bytes()


def test_the_scaffold_tests_fail_on_a_stale_catalogue(tmp_path: Path) -> None:
    root = project.init(tmp_path / "p")
    project.generate(root)
    (root / pipeline.CATALOGUE).write_text((root / pipeline.CATALOGUE).read_text() + "# edited\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", "-k", "catalogue"],
                         cwd=root, capture_output=True, text=True, timeout=600)
    assert run.returncode == 1 and "run `make generate` and commit zz_catalogue.yaml" in run.stdout, run.stdout[-2000:]


def test_an_installed_provider_is_generated_by_name(tmp_path: Path) -> None:
    root = project.init(tmp_path / "p")
    env = project.install(root, tmp_path / "site")
    out = tmp_path / "out"
    code = "from tfbridge.cli import main; main()"
    run = subprocess.run([sys.executable, "-c", code, "generate", project.NAME, "--output", str(out), "--no-summary"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert (out / "crds" / "terraform" / "terraform.terraform.tfbridge.io_datas.yaml").is_file()
    refused = subprocess.run([sys.executable, "-c", code, "generate", project.NAME], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=600)
    assert refused.returncode != 0 and "is an installed provider" in refused.stderr and "--output" in refused.stderr


@pytest.mark.parametrize(("args", "message"), [
    pytest.param(["--source", "random", "--version", "3.6.0"], "NAMESPACE/NAME or HOST/NAMESPACE/NAME", id="BadSource"),
    pytest.param(["--source", "hashicorp/random", "--version", ""], "a version is needed", id="NoVersion"),
    pytest.param(["--source", "hashicorp/random", "--version", "1", "--name", "Random"], "lower-case letters",
                 id="BadName"),
    pytest.param(["--source", "hashicorp/random", "--version", "1", "--root-group", "random"],
                 "not a DNS subdomain", id="BadGroup"),
    pytest.param(["--source", "hashicorp/random", "--version", "3.6.0"],
                 "no provider 'registry.terraform.io/hashicorp/random' (found: terraform.io/builtin/terraform)",
                 id="SchemaOfAnotherProvider"),
])
def test_init_refuses_what_it_cannot_make(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["init", str(tmp_path / "p"), "--schema", str(project.BUILTIN_SCHEMA), *args])
    assert result.exit_code != 0 and message in " ".join(result.output.split()), result.output
    assert not (tmp_path / "p").exists()


def test_init_writes_only_into_a_new_or_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "mine.txt").write_text("keep\n")
    result = CliRunner().invoke(cli, ["init", str(tmp_path / "p"), "--source", project.SOURCE, "--version", "",
                                      "--schema", str(project.BUILTIN_SCHEMA)])
    assert result.exit_code != 0 and "not empty" in result.output
    assert [p.name for p in (tmp_path / "p").iterdir()] == ["mine.txt"]
