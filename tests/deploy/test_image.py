"""The provider image, checked without a Docker engine: the Dockerfile is linted, and the install
script it runs is run here, in a scratch prefix, the way the image build runs it. This repository's
Dockerfile and the one `tfbridge init` writes for a provider project are held to the same design."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.support import project
from tests.support.external import venv_tool
from tfbridge import init as init_cmd
from tfconfig.shipping import read_report

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
SCRIPT = ROOT / "scripts" / "image-install.sh"
AWS_EVIDENCE = read_report(ROOT / "providers" / "aws" / "conformance.yaml")


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A provider project made by `tfbridge init`, outside this repository."""
    return project.init(tmp_path_factory.mktemp("project") / "p")


def dockerfiles(scaffold: Path) -> dict[str, Path]:
    return {"repository": DOCKERFILE, "project": scaffold / "Dockerfile"}


def instructions(dockerfile: Path = DOCKERFILE) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = re.sub(r"\\\n", " ", dockerfile.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def build_args(dockerfile: Path = DOCKERFILE) -> dict[str, str]:
    """Each build argument's default (the first stage's, where a later stage declares it again)."""
    out: dict[str, str] = {}
    for word, arg in instructions(dockerfile):
        if word == "ARG" and "=" in arg:
            name, value = arg.split("=", 1)
            out.setdefault(name, value)
    return out


def platform() -> str:
    return {"x86_64": "linux_amd64", "aarch64": "linux_arm64", "arm64": "linux_arm64"}[os.uname().machine]


def pinned() -> dict[str, str]:
    """scripts/terraform-checksums.txt: name → SHA-256."""
    lines = (ROOT / "scripts" / "terraform-checksums.txt").read_text().splitlines()
    return {name: digest for digest, name in (ln.split() for ln in lines if ln.strip() and not ln.startswith("#"))}


def install_env(prefix: Path, version: str, binary: str, **extra: str) -> dict[str, str]:
    args = build_args()
    return {**os.environ, "PREFIX": str(prefix), "TERRAFORM_VERSION": version, "TERRAFORM_BINARY": binary,
            "PROVIDER_SOURCE": args["PROVIDER_SOURCE"], "PROVIDER_VERSION": args["PROVIDER_VERSION"],
            "PROVIDER": args["PROVIDER"], "PYTHON": "python3", **extra}


@pytest.mark.parametrize("which", ["repository", "project"])
def test_dockerfile_passes_hadolint(scaffold: Path, which: str) -> None:
    hadolint = venv_tool("hadolint")
    dockerfile = dockerfiles(scaffold)[which]
    run = subprocess.run([hadolint, "--no-color", str(dockerfile)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("which", ["repository", "project"])
def test_dockerfile_invariants(scaffold: Path, which: str) -> None:
    dockerfile = dockerfiles(scaffold)[which]
    steps = instructions(dockerfile)
    froms = [rest for word, rest in steps if word == "FROM"]
    assert len(froms) >= 2 and " AS " in froms[0].upper(), "multi-stage"
    assert {"TERRAFORM_VERSION", "PROVIDER_SOURCE", "PROVIDER_VERSION", "PROVIDER", "FAMILY"} <= set(
        build_args(dockerfile))
    assert any(word == "RUN" and "scripts/image-install.sh" in rest for word, rest in steps)
    final = steps[max(i for i, (w, _) in enumerate(steps) if w == "FROM"):]
    (user,) = [rest for word, rest in final if word == "USER"]
    assert user.split(":")[0] not in ("0", "root")
    (entry,) = [rest for word, rest in final if word == "ENTRYPOINT"]
    assert json.loads(entry) == ["tfbridge", "run"]
    env = " ".join(rest for word, rest in final if word == "ENV")
    assert "TFBRIDGE_PLUGIN_DIR=" in env and "TFBRIDGE_WORKSPACE_ROOT=/workspaces" in env
    assert "TFBRIDGE_PROVIDER=${PROVIDER}" in env and "TFBRIDGE_FAMILY=${FAMILY}" in env, \
        "the image names its provider: tfbridge run has no default of its own"
    assert re.fullmatch(r"python:[\w.-]+@sha256:[0-9a-f]{64}", build_args(dockerfile)["PYTHON_IMAGE"]), \
        "base pinned by digest"
    assert all(rest.startswith("${PYTHON_IMAGE}") for rest in froms), "every stage on the pinned base"


def test_the_build_context_leaves_the_development_tools_out() -> None:
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert {"devserver", "dev", "tests", "benchmarks"} <= ignored


def test_a_project_image_is_built_on_the_parts_this_repository_verifies(scaffold: Path) -> None:
    """The same base image and terraform release, and tfbridge's own install script run from tfbridge's
    source (a second build context) with the project beside it."""
    ours, theirs = build_args(), build_args(scaffold / "Dockerfile")
    assert (theirs["PYTHON_IMAGE"], theirs["TERRAFORM_VERSION"]) == (ours["PYTHON_IMAGE"], ours["TERRAFORM_VERSION"])
    assert (ours["PYTHON_IMAGE"], ours["TERRAFORM_VERSION"]) == (init_cmd.PYTHON_IMAGE, init_cmd.TERRAFORM_VERSION)
    assert (theirs["PROVIDER"], theirs["PROVIDER_SOURCE"], theirs["PROVIDER_VERSION"]) == (
        project.NAME, project.SOURCE, "")
    steps = instructions(scaffold / "Dockerfile")
    assert ("COPY", "--from=tfbridge . /tfbridge") in steps and ("COPY", ". /src") in steps
    (install,) = [rest for word, rest in steps if word == "RUN" and "image-install.sh" in rest]
    assert "SRC=/tfbridge PROJECT=/src" in install and install.endswith("/tfbridge/scripts/image-install.sh")
    assert "docker build --build-context tfbridge=$(TFBRIDGE_SRC)" in (scaffold / "Makefile").read_text()


def test_terraform_archives_of_the_built_version_are_pinned_for_every_image_platform() -> None:
    version = build_args()["TERRAFORM_VERSION"]
    sums = pinned()
    for arch in ("linux_amd64", "linux_arm64"):
        assert re.fullmatch(r"[0-9a-f]{64}", sums[f"terraform_{version}_{arch}.zip"])


def test_python_dependencies_install_from_a_hashed_lock() -> None:
    """Every package of requirements.lock carries hashes, every runtime dependency is in it at the
    version pyproject pins, and the install script refuses anything unhashed."""
    import tomllib

    text = (ROOT / "requirements.lock").read_text()
    entries = re.split(r"\n(?=[A-Za-z])", text.split("\n", 2)[2] if text.startswith("#") else text)
    locked = {}
    for entry in entries:
        head = entry.split(" ", 1)[0]
        if "==" not in head:
            continue
        name, version = head.split("==")
        assert "--hash=sha256:" in entry, f"{head} has no hash"
        locked[name.lower().replace("_", "-")] = version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"]:
        name, version = requirement.split("==")
        assert locked.get(name.lower().replace("_", "-")) == version, f"{requirement} is not what the lock pins"
    script = (ROOT / "scripts" / "image-install.sh").read_text()
    assert "--require-hashes" in script and "--no-build-isolation --no-index" in script


# The tests of one install share it: on one worker, the module's fixture runs the script once.
IMAGE = "image-install"


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory, terraform_bin: str,
          plugin_dir: Path) -> tuple[Path, str, subprocess.CompletedProcess[str]]:
    """The same script the image build runs, here from the local terraform and plugin mirror, once for the
    tests of what it installed: its prefix, the terraform version, and the run."""
    version = json.loads(subprocess.run([terraform_bin, "version", "-json"], capture_output=True, text=True,
                                        check=True).stdout)["terraform_version"]
    prefix = tmp_path_factory.mktemp("image") / "opt"
    env = install_env(prefix, version, terraform_bin, PLUGIN_MIRROR=str(plugin_dir))
    run = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=900)
    return prefix, version, run


@pytest.mark.slow
@pytest.mark.xdist_group(IMAGE)
def test_install_script_builds_the_image_contents(image: tuple[Path, str, subprocess.CompletedProcess[str]]) -> None:
    """The binary is checked against its pinned checksum, the Python packages against the lock's hashes."""
    args = build_args()
    prefix, version, run = image
    assert run.returncode == 0, run.stderr[-3000:]
    assert f"verified terraform_{version}_{platform()}/terraform" in run.stderr, "the checksum check ran"
    assert (prefix / "bin" / "terraform").is_file()
    plugins = list((prefix / "tf-plugins").rglob(f"terraform-provider-*_v{args['PROVIDER_VERSION']}*"))
    assert plugins and os.access(plugins[0], os.X_OK)
    assert (prefix / "venv" / "bin" / "tfbridge").is_file()


# The product's packages: what the tfbridge distribution in the image may hold, and all it may hold.
PRODUCT = {"bridge", "codegen", "providers", "templates", "tfbridge", "tfconfig", "tfproject", "tfschema"}
# The development tools (the project's own, and the third-party ones only they need): none may be there.
DEVELOPMENT = {"devserver", "devrig", "conformance", "benchmarks", "tests", "moto", "boto3", "pytest", "celpy"}


def importable(site: Path) -> set[str]:
    """The top-level names ``import`` finds in a site-packages directory."""
    names = {p.name for p in site.iterdir() if p.is_dir() and not p.name.endswith((".dist-info", "__pycache__"))}
    return names | {p.stem for p in site.glob("*.py")}


@pytest.mark.slow
@pytest.mark.xdist_group(IMAGE)
def test_the_image_holds_no_development_package(image: tuple[Path, str, subprocess.CompletedProcess[str]]) -> None:
    """Listed from what the install put in its prefix: the product's packages are all tfbridge installs, no
    development package, distribution or command is there, and `tfbridge --version` says what ran."""
    prefix, version, run = image
    assert run.returncode == 0, run.stderr[-3000:]
    (site,) = (prefix / "venv" / "lib").glob("python3*/site-packages")
    names = importable(site)
    print(f"packages in {site}: {', '.join(sorted(names))}")
    assert names >= PRODUCT and not names & DEVELOPMENT, sorted(names & DEVELOPMENT)
    (record,) = site.glob("tfbridge-*.dist-info/RECORD")
    owned = {line.split("/", 1)[0] for line in record.read_text().splitlines() if "/" in line.split(",", 1)[0]}
    assert {o for o in owned if not o.endswith(".dist-info") and o != ".."} == PRODUCT
    assert not list(site.glob("tfbridge_dev-*.dist-info")), "the development distribution is not installed"
    groups = " ".join(p.read_text() for p in site.glob("*.dist-info/entry_points.txt"))
    assert "[tfbridge.commands]" not in groups, "no package adds a command to tfbridge in the image"
    assert f"image-install: terraform {version} " in run.stderr and "image-install: provider aws: hashicorp/aws " \
        in run.stderr, "tfbridge --version in the image names its terraform and provider"
    # The conformance report is installed with the config: the image runs each kind where it ships.
    assert (site / "providers" / "aws" / "conformance.yaml").is_file()
    ships = subprocess.run([str(prefix / "venv" / "bin" / "python"), "-c", "import tfproject; p = tfproject.load("
                            "'aws').provider; print(p.resolve('aws_vpc').shipped, len(p.evidence.direct))"],
                           cwd=prefix, capture_output=True, text=True, check=True).stdout.split()
    assert ships[:5] == ["direct:", "proven", "by", "conformance", AWS_EVIDENCE.direct["aws_vpc"]] \
        and int(ships[5]) == len(AWS_EVIDENCE.direct)


@pytest.mark.slow
def test_install_script_builds_a_provider_projects_image_contents(tmp_path: Path, scaffold: Path,
                                                                   terraform_bin: str) -> None:
    """The script a project's Dockerfile runs, from tfbridge's source with the project beside it: tfbridge
    and the project installed from the lock and with no index, the provider found by its name."""
    args = build_args(scaffold / "Dockerfile")
    version = json.loads(subprocess.run([terraform_bin, "version", "-json"], capture_output=True, text=True,
                                        check=True).stdout)["terraform_version"]
    prefix = tmp_path / "opt"
    env = {**os.environ, "PREFIX": str(prefix), "TERRAFORM_VERSION": version, "TERRAFORM_BINARY": terraform_bin,
           "PROVIDER_SOURCE": args["PROVIDER_SOURCE"], "PROVIDER_VERSION": args["PROVIDER_VERSION"],
           "PROVIDER": args["PROVIDER"], "SRC": str(ROOT), "PROJECT": str(scaffold), "PYTHON": "python3"}
    before = sorted(p.relative_to(scaffold) for p in scaffold.rglob("*"))
    run = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "is built into terraform: no plugin to install" in run.stderr
    assert not any((prefix / "tf-plugins").iterdir())
    site = next((prefix / "venv" / "lib").glob("python3*/site-packages"))
    assert (site / project.PACKAGE / "schema.json.gz").is_file() and (site / project.PACKAGE / "config.py").is_file()
    assert not (site / project.PACKAGE / "crds").exists(), "nothing generated is installed"
    found = subprocess.run([str(prefix / "venv" / "bin" / "python"), "-c", "import tfproject; print(tfproject."
                            "installed())"], cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert f"'{project.NAME}': '{project.PACKAGE}'" in found and "'aws': 'providers.aws'" in found
    assert sorted(p.relative_to(scaffold) for p in scaffold.rglob("*")) == before, "the project is left as it was"


def _tampered(tmp_path: Path, terraform_bin: str) -> str:
    copy = tmp_path / "terraform"
    copy.write_bytes(Path(terraform_bin).read_bytes() + b"\0")
    copy.chmod(0o755)
    return str(copy)


@pytest.mark.parametrize(
    ("version", "binary", "said"),
    [pytest.param("0.0.1", None, "no checksum pinned for terraform_0.0.1_", id="UnpinnedVersion"),
     pytest.param("1.11.4", _tampered, "checksum mismatch for terraform_1.11.4_", id="TamperedBinary")],
)
def test_install_script_refuses_a_terraform_it_cannot_verify(tmp_path: Path, terraform_bin: str, version: str,
                                                              binary: object, said: str) -> None:
    """Before it is run or installed: a binary that matches no pinned checksum never executes."""
    given = binary(tmp_path, terraform_bin) if callable(binary) else terraform_bin
    env = install_env(tmp_path / "opt", version, given)
    run = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and said in run.stderr, run.stderr
    assert not (tmp_path / "opt" / "bin" / "terraform").exists()


def test_install_script_refuses_a_provider_plugin_it_cannot_verify(tmp_path: Path, terraform_bin: str,
                                                                   plugin_dir: Path) -> None:
    """A mirror copy (PLUGIN_MIRROR) whose package matches none of the pinned hashes (here one file of it
    changed; the provider binary is the real one) never reaches the image's tfbridge."""
    args = build_args()
    version = json.loads(subprocess.run([terraform_bin, "version", "-json"], capture_output=True, text=True,
                                        check=True).stdout)["terraform_version"]
    package = Path("registry.terraform.io", args["PROVIDER_SOURCE"], args["PROVIDER_VERSION"], platform())
    real, bad = plugin_dir / package, tmp_path / "mirror" / package
    bad.mkdir(parents=True)
    for item in real.iterdir():
        (bad / item.name).symlink_to(item)
    (bad / "LICENSE.txt").unlink()
    (bad / "LICENSE.txt").write_text("not the license the release holds\n")
    env = install_env(tmp_path / "opt", version, terraform_bin, PLUGIN_MIRROR=str(tmp_path / "mirror"))
    run = subprocess.run([str(ROOT / "scripts" / "image-install.sh")], env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode != 0, run.stderr[-3000:]
    assert f"matches none of the hashes pinned for registry.terraform.io/{args['PROVIDER_SOURCE']}" in run.stderr
    assert not (tmp_path / "opt" / "venv").exists(), "nothing after the check was installed"


def test_every_provider_hash_pinned_is_in_terraforms_own_forms() -> None:
    lines = [ln.split() for ln in (ROOT / "scripts" / "provider-checksums.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert lines and all(len(parts) == 3 for parts in lines)
    for digest, _, _ in lines:
        assert re.fullmatch(r"h1:[A-Za-z0-9+/]{43}=|zh:[0-9a-f]{64}", digest), digest
    args = build_args()
    assert [d for d, src, v in lines if src == f"registry.terraform.io/{args['PROVIDER_SOURCE']}"
            and v == args["PROVIDER_VERSION"] and d.startswith("h1:")], "the image's provider is pinned"
