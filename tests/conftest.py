"""Shared fixtures. External tools (terraform, the plugin mirror, moto) are required: a test that
needs one and cannot find it fails, unless TFBRIDGE_SKIP_EXTERNAL=1 is set (the documented opt-out)."""

from __future__ import annotations

import dataclasses
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    """The generated CRDs, examples and deployables are not committed: make them, before any test module
    reads them at import (a no-op when their inputs are unchanged; several workers at once are safe)."""
    from codegen import pipeline

    for provider_dir in sorted(p.parent for p in (ROOT / "providers").glob("*/config.py")):
        pipeline.ensure(provider_dir)


def _missing(what: str) -> None:
    message = f"{what} is required by this test and was not found"
    if os.environ.get("TFBRIDGE_SKIP_EXTERNAL") == "1":
        pytest.skip(f"{message} (TFBRIDGE_SKIP_EXTERNAL=1)")
    pytest.fail(f"{message}; install it, or set TFBRIDGE_SKIP_EXTERNAL=1 to skip such tests", pytrace=False)


def venv_tool(name: str) -> str:
    """A console script of a dev dependency, from the environment running the tests: a bare name
    would find whatever the machine has on PATH, or nothing when the venv is not activated."""
    import sys

    found = Path(sys.executable).parent / name
    if not (found.is_file() and os.access(found, os.X_OK)):
        pytest.fail(f"{name} is not installed beside {sys.executable}; it is a dev dependency "
                    f"(pip install -e '.[dev]')", pytrace=False)
    return str(found)


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


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_EXECUTOR_OVERRIDE: list[str] = []


def executor_under_test() -> str:
    """The executor the runtime and scenario tests run on: the default (each kind's configured one), or
    every kind on one executor with ``TFBRIDGE_TEST_EXECUTOR=cli|direct``, to run the suite on it, or
    what a scenario parametrized with the ``executor`` fixture asks for."""
    if _EXECUTOR_OVERRIDE:
        return _EXECUTOR_OVERRIDE[-1]
    chosen = os.environ.get("TFBRIDGE_TEST_EXECUTOR", "auto")
    if chosen not in ("auto", "cli", "direct"):
        raise pytest.UsageError(f"TFBRIDGE_TEST_EXECUTOR={chosen!r}: expected auto, cli or direct")
    return chosen


@pytest.fixture(params=["auto", "direct"])
def executor(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a scenario twice: on the default executor, and with every kind on the direct executor."""
    chosen = executor_under_test() if request.param == "auto" else str(request.param)
    request.getfixturevalue("moto").reset()  # the other run of this scenario left its objects there
    _EXECUTOR_OVERRIDE.append(chosen)
    yield chosen
    _EXECUTOR_OVERRIDE.pop()


def wait_for(condition: Callable[[], object], *, timeout: float, what: str, interval: float = 0.05) -> object:
    """Poll ``condition`` until it returns something truthy, or fail after ``timeout`` seconds.

    The interval starts short (a prompt answer is seen promptly) and grows to a second: a long wait
    must not spend the CPU that the system under test needs.
    """
    import time

    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)
        interval = min(1.0, interval * 1.3)


@dataclasses.dataclass(frozen=True)
class Moto:
    endpoint: str

    def client(self, service: str) -> Any:
        import boto3

        return boto3.client(service, endpoint_url=self.endpoint, region_name="us-east-1",
                            aws_access_key_id="test", aws_secret_access_key="test")

    def reset(self) -> None:
        """An empty cloud (moto's reset API): a scenario that runs twice counts only its own objects."""
        import urllib.request

        with urllib.request.urlopen(urllib.request.Request(f"{self.endpoint}/moto-api/reset", method="POST"),
                                    timeout=30):
            pass


@pytest.fixture(scope="session")
def moto() -> Iterator[Moto]:
    import importlib.util
    import subprocess
    import sys
    import urllib.request

    if importlib.util.find_spec("moto") is None:
        _missing("moto (pip install 'moto[server]')")
    port = _free_port()
    # This interpreter's moto, not whatever moto_server is on PATH (the venv may not be on it).
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            with urllib.request.urlopen(f"{endpoint}/moto-api/", timeout=1):
                return True
        except OSError:
            return proc.poll() is not None  # stop waiting if it died; asserted below

    wait_for(up, timeout=30, what="moto_server to answer")
    assert proc.poll() is None, "moto_server exited"
    try:
        yield Moto(endpoint)
    finally:
        proc.terminate()
        proc.wait(10)


MOTO_CONFIGURATION = {"skip_credentials_validation": True, "skip_metadata_api_check": True,
                      "skip_requesting_account_id": True, "s3_use_path_style": True}
MOTO_CREDENTIALS = {"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test"}


def provider_env(moto: Moto | None = None) -> dict[str, str]:
    """The environment terraform and providers get in tests: endpoints by env, no CA bundle."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    if moto is not None:
        env["AWS_ENDPOINT_URL"] = moto.endpoint
    return env


@dataclasses.dataclass
class Cluster:
    """A cluster for a test: the local API server, or a real one when KUBECONFIG is set."""

    kubeconfig: Path
    server: Any  # APIServer | None: fault injection and restarts exist only on the local server

    def api_client(self) -> Any:
        from bridge.kube.client import api_client

        return api_client(str(self.kubeconfig))

    def require_local(self) -> Any:
        if self.server is None:
            pytest.skip("needs the local API server's fault injection (not available on a real cluster)")
        return self.server


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    real = os.environ.get("KUBECONFIG")
    if real:
        yield Cluster(Path(real), None)
        return
    from devserver.server import APIServer

    server = APIServer(bookmark_interval=0.5).start()
    try:
        yield Cluster(server.write_kubeconfig(tmp_path / "kubeconfig"), server)
    finally:
        server.stop()


# Longest first. `make test` runs xdist with --dist loadgroup, which hands tests out one at a time in
# collection order to whichever worker is free: the end-to-end scenarios start at once on both
# workers, and the quick tests fill in, instead of one worker running the long ones alone at the end.
_LONGEST = ("test_lifecycle", "test_seed_001_002", "test_seed_000", "test_direct_aws", "test_demo", "test_seed_003",
            "test_crash_mid_create", "test_policies")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        module = item.path.stem
        if module in _LONGEST:
            return _LONGEST.index(module)
        return len(_LONGEST) if item.get_closest_marker("slow") else len(_LONGEST) + 1

    items.sort(key=rank)


def _cpu_ticks() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine, from /proc/stat (0, 0 where there is none)."""
    try:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields) - idle, sum(fields)


_STARTED_TICKS: list[tuple[int, int]] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    _STARTED_TICKS.append(_cpu_ticks())


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How busy the machine's CPUs were over the run: the figure that says whether more workers can help."""
    if not _STARTED_TICKS:
        return
    busy, total = (now - then for now, then in zip(_cpu_ticks(), _STARTED_TICKS[0], strict=True))
    if total > 0:
        terminalreporter.write_line(f"machine CPU busy over the run: {100 * busy / total:.0f}% of "
                                    f"{os.cpu_count()} cores")
