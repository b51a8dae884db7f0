"""Shared fixtures; what they are built from lives in :mod:`tests.support`. External tools (terraform,
the plugin mirror, moto) are required: a test that needs one and cannot find it fails, unless
TFBRIDGE_SKIP_EXTERNAL=1 is set (the documented opt-out)."""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# The checks kept in tests/support (the package trees', the RBAC's) explain a failure as a test's own
# assertion does: both sides of a comparison. Registered before any of them is imported.
pytest.register_assert_rewrite("tests.support")

from devrig.moto import Moto  # noqa: E402
from tests.support.cluster import Cluster  # noqa: E402
from tests.support.external import EXECUTOR_OVERRIDE, missing  # noqa: E402
from tests.support.running import Managers, Running  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    """The generated CRDs, examples and deployables are not committed: make them, before any test module
    reads them at import (a no-op when their inputs are unchanged; several workers at once are safe)."""
    from codegen import pipeline

    for provider_dir in sorted(p.parent for p in (ROOT / "providers").glob("*/config.py")):
        pipeline.ensure(provider_dir)


@pytest.fixture(scope="session")
def terraform_bin() -> str:
    found = shutil.which(os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))
    if not found:
        missing("the terraform CLI (TFBRIDGE_TERRAFORM or terraform on PATH)")
    assert found is not None
    return found


@pytest.fixture(scope="session")
def plugin_dir() -> Path:
    value = os.environ.get("TFBRIDGE_PLUGIN_DIR", "")
    path = Path(value) if value else None
    if path is None or not (path / "registry.terraform.io").is_dir():
        missing(f"a provider plugin mirror (TFBRIDGE_PLUGIN_DIR={value!r})")
    assert path is not None
    return path


@pytest.fixture(params=["cli", "direct"])
def executor(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a scenario twice: with every kind on the terraform CLI, and with every kind on the direct executor
    (the other scenarios run each kind where it ships, as the provider does by default)."""
    chosen = str(request.param)
    request.getfixturevalue("moto").reset()  # the other run of this scenario left its objects there
    EXECUTOR_OVERRIDE.append(chosen)
    yield chosen
    EXECUTOR_OVERRIDE.pop()


@pytest.fixture(scope="session")
def moto() -> Iterator[Moto]:
    if importlib.util.find_spec("moto") is None:
        missing("moto (pip install 'moto[server]')")
    with Moto.start() as started:
        yield started


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


@pytest.fixture
def start_manager(cluster: Cluster, tmp_path: Path) -> Iterator[Callable[..., Running]]:
    """Start a Manager in a thread; at the end, every API call it made must be allowed by its roles."""
    managers = Managers(cluster, tmp_path)
    yield managers.start
    managers.stop()


# Longest first. `make test` runs xdist with --dist loadgroup, which hands tests out one at a time in
# collection order to whichever worker is free: the end-to-end scenarios start at once, and the quick tests
# fill in, instead of one worker running the long ones alone at the end. First the longest in wall time: the
# cloud sample spends up to five minutes waiting on moto and the provider's waiters at a few percent of a core,
# and the plan-parity test is two minutes of one terraform run.
_LONGEST = ("test_cloud_sample", "test_plan_terraform", "test_seed_000", "test_direct_aws", "test_lifecycle",
            "test_upgrade", "test_seed_001_002", "test_demo", "test_seed_003", "test_crash_mid_create",
            "test_policies", "test_aws_client")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--sweep", action="store_true", default=False,
                     help="run the per-kind and per-family sweep tests (marker sweep; `make test-sweep`) too")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the sweep tests unless --sweep asks for them, then order the rest longest first."""
    if not config.getoption("--sweep"):
        swept = [item for item in items if item.get_closest_marker("sweep")]
        if swept:
            config.hook.pytest_deselected(items=swept)
            items[:] = [item for item in items if not item.get_closest_marker("sweep")]

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
