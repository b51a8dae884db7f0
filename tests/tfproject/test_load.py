"""The one loader of a provider: by its package's directory, its project's root or its installed name; and
its errors, each one line naming the file and line or the config field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import tfproject
from bridge.api import registry
from codegen import pipeline
from tests.support import project, synthetic
from tfbridge.cli import cli

ROOT = Path(__file__).resolve().parents[2]
BUILTIN = ROOT / "providers" / "builtin"
CONFIG = ('from tfconfig import Provider\n'
          'PROVIDER = Provider(name="demo", source="example/demo", version="1.0.0", root_group="demo.tfbridge.io",\n'
          '                    resource_prefix="demo_", schema_file="schema.json", include=("demo_thing",))\n')


def provider_dir(base: Path, config: str = CONFIG, *, package: bool = False) -> Path:
    base.mkdir(parents=True)
    (base / "config.py").write_text(config)
    (base / "schema.json").write_text(json.dumps(synthetic.document()))
    if package:
        (base / "__init__.py").write_text("")
    return base


def test_this_repository_registers_its_providers_as_any_project_does() -> None:
    installed = tfproject.installed()
    assert installed["aws"] == "providers.aws" and installed["builtin"] == "providers.builtin"
    by_name = tfproject.find("builtin")
    assert (by_name.directory, by_name.module, by_name.root) == (BUILTIN.resolve(), "providers.builtin", None)


def test_the_generator_and_the_runtime_load_one_provider_value() -> None:
    """An importable package's config is imported once, by its name, whoever asks and however."""
    assert registry.load("builtin").provider is pipeline.load_config(BUILTIN) is tfproject.load(BUILTIN).provider


def test_a_package_directory_a_project_root_and_a_dotted_package(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    plain = tfproject.find(provider_dir(tmp_path / "plain"))
    assert (plain.directory, plain.module, plain.root) == (tmp_path / "plain", "", tmp_path / "plain")
    root = project.init(tmp_path / "proj")
    found = tfproject.find(f"{root}/")
    assert (found.directory, found.module, found.root) == (root / project.PACKAGE, "", root)
    (tmp_path / "pkgs").mkdir()
    (tmp_path / "pkgs" / "__init__.py").write_text("")
    provider_dir(tmp_path / "pkgs" / "demo", package=True)
    monkeypatch.syspath_prepend(str(tmp_path))
    dotted = tfproject.find("pkgs.demo")
    assert (dotted.directory, dotted.module) == ((tmp_path / "pkgs" / "demo").resolve(), "pkgs.demo")
    assert tfproject.find(tmp_path / "pkgs" / "demo").module == "pkgs.demo", "importable: imported by its name"


def test_a_bare_word_is_a_name_never_a_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the working directory holds cannot change which provider runs."""
    provider_dir(tmp_path / "aws")
    monkeypatch.chdir(tmp_path)
    assert tfproject.find("aws").directory == (ROOT / "providers" / "aws").resolve()
    assert tfproject.find("./aws").directory == Path("./aws")
    provider_dir(tmp_path / "mine")
    with pytest.raises(tfproject.LoadError, match=r"provider 'mine': no installed distribution registers it in the "
                                                   r"tfbridge.providers entry point group \(installed: .*aws.*\); "
                                                   r"install the provider project, or give its path; for the "
                                                   r"directory mine, write ./mine"):
        tfproject.find("mine")


@pytest.mark.parametrize(("entries", "message"), [
    pytest.param("", "registers no provider", id="NoEntryPoint"),
    pytest.param('a = "pa"\nb = "pb"\n', "registers several providers (pa, pb): give the path of one package's "
                 "directory", id="TwoProviders"),
    pytest.param('a = "nowhere"\n', "tfbridge.providers names nowhere, which has no config.py under", id="NoPackage"),
])
def test_a_project_must_register_one_provider(tmp_path: Path, entries: str, message: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\n[project.entry-points."tfbridge.providers"]\n'
                                             f"{entries}")
    with pytest.raises(tfproject.LoadError) as err:
        tfproject.find(tmp_path)
    assert message in str(err.value)


def test_neither_a_package_nor_a_project(tmp_path: Path) -> None:
    with pytest.raises(tfproject.LoadError, match="neither a provider package"):
        tfproject.find(tmp_path)


def test_an_error_in_the_config_names_its_file_and_line(tmp_path: Path) -> None:
    config = CONFIG + "LIMITS = {'size': 3}\nMAX = LIMITS['sise']\n"
    pdir = provider_dir(tmp_path / "demo", config)
    with pytest.raises(tfproject.LoadError) as err:
        tfproject.load(pdir)
    assert str(err.value) == f"{pdir}/config.py:5: KeyError: 'sise'"


def test_a_config_not_in_a_package_is_read_afresh(tmp_path: Path) -> None:
    pdir = provider_dir(tmp_path / "demo")
    assert tfproject.load(pdir).provider.include == ("demo_thing",)
    (pdir / "config.py").write_text(CONFIG.replace('include=("demo_thing",)', 'include=("demo_network",)'))
    assert tfproject.load(pdir).provider.include == ("demo_network",)


def test_run_names_the_mistake_in_one_line(tmp_path: Path) -> None:
    pdir = provider_dir(tmp_path / "demo", CONFIG.replace('resource_prefix="demo_"', 'resource_prefix="dem_"'))
    result = CliRunner().invoke(cli, ["run", "--provider", f"{pdir}/", "--kubeconfig", str(tmp_path / "none")])
    assert result.exit_code == 1
    assert result.output == (f"Error: {pdir}/config.py: resource_prefix: 'dem_' does not begin demo_thing (the "
                             f"schema's resources begin with 'demo_')\n")


def test_run_needs_the_provider_named(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "TFBRIDGE_PROVIDER"}
    run = subprocess.run([sys.executable, "-m", "tfbridge", "run", "--kubeconfig", str(tmp_path / "none")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "name the provider to run with --provider or TFBRIDGE_PROVIDER; installed: aws, builtin" in run.stderr


def test_a_projects_own_conformance_report_places_its_kinds(tmp_path: Path) -> None:
    """The report beside the config decides where each kind ships, for the generator and the runtime
    alike; none: every kind on the terraform CLI."""
    base = provider_dir(tmp_path / "demo")
    assert str(tfproject.load(base).provider.resolve("demo_thing").shipped) == "cli: no conformance report"
    (base / "conformance.yaml").write_text("kinds:\n  demo_thing: {executor: direct, result: passed, "
                                           "date: '2026-12-06'}\n")
    loaded = tfproject.load(base)
    assert str(loaded.provider.resolve("demo_thing").shipped) == "direct: proven by conformance 2026-12-06"
    assert str(loaded.provider.resolve("demo_thing", namespaced=True).shipped) == \
        "direct: proven by conformance 2026-12-06"
    (base / "conformance.yaml").write_text("kinds: [")
    with pytest.raises(tfproject.LoadError, match=r"demo/conformance.yaml: not a conformance report: ParserError"):
        tfproject.load(base)


def test_the_shipped_aws_kinds_follow_the_committed_report() -> None:
    provider = tfproject.load("aws").provider
    report = provider.evidence
    assert report.report == "conformance.yaml" and report.direct
    for tf_type in provider.resources:
        ships = provider.resolve(tf_type).shipped
        if tf_type in report.direct:
            assert str(ships) == f"direct: proven by conformance {report.direct[tf_type]}"
        elif provider.resources[tf_type].executor is None:
            assert str(ships) == "cli: not proven on direct"
