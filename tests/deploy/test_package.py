"""The generated Crossplane package trees, checked offline against the package format's rules (see
tests/support/xpkg.py): the AWS provider's, and those of a provider project made by `tfbridge init`."""

from pathlib import Path

import pytest

import tfproject
from tests.support import project, xpkg
from tests.support.packages import AWS

AWS_DIR = Path(__file__).resolve().parents[2] / "providers" / "aws"
ROOTS = xpkg.roots(AWS_DIR)


@pytest.mark.parametrize(("text", "ok"), [
    pytest.param(">=v2.0.0-0", True, id="PreReleaseFloor"),
    pytest.param(">=v0.0.0-0", True, id="AnyRelease"),
    pytest.param(">=1.2.3, <2.0.0", True, id="Range"),
    pytest.param("^1.2.3 || ~2.0.0", True, id="Alternatives"),
    pytest.param("latest", False, id="Tag"),
    pytest.param(">=v2", False, id="Partial"),
    pytest.param("", False, id="Empty"),
])
def test_constraint_grammar(text: str, ok: bool) -> None:
    assert xpkg.constraint_ok(text) is ok


def test_there_is_a_package_per_family_and_one_for_the_whole_provider() -> None:
    families = sorted(p.name for p in (AWS_DIR / "families").iterdir() if p.is_dir())
    assert [r.parent.name for r in ROOTS if r.parent.parent.name == "families"] == families
    assert "config" in families and "ec2" in families


@pytest.mark.parametrize("root", ROOTS, ids=[str(r.relative_to(AWS_DIR)) for r in ROOTS])
def test_package_root_holds_exactly_one_provider_meta_and_crds(root: Path) -> None:
    xpkg.check_root(root)


def test_families_split_the_whole_provider_and_depend_on_config() -> None:
    xpkg.check_families(AWS_DIR, AWS.provider)
    assert AWS.provider.package is not None and AWS.provider.package.registry == "xpkg.example.com/tfbridge"


def test_package_crds_are_the_generated_crds() -> None:
    xpkg.check_package_crds(AWS_DIR)


def test_runtime_config_runs_the_package_with_workspaces_on_an_empty_dir() -> None:
    xpkg.check_runtime_config(AWS_DIR)


def test_a_provider_project_builds_its_packages_as_aws_does(tmp_path: Path) -> None:
    """`tfbridge init` then `tfbridge generate` with no edit: the project's own package trees, held to the
    same rules as AWS's."""
    root = project.init(tmp_path / "p")
    project.generate(root)
    assert [r.relative_to(root).as_posix() for r in xpkg.roots(root)] == [
        "families/config/package", "families/terraform/package", "package"]
    for package_root in xpkg.roots(root):
        xpkg.check_root(package_root)
    xpkg.check_families(root, tfproject.load(f"{root}/").provider)
    xpkg.check_package_crds(root)
    xpkg.check_runtime_config(root)
