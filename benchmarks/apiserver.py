"""The local API server in its own process, so a benchmark measures the provider's CPU and memory alone."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from bridge.kube.client import NAMESPACES, HTTPKube, api_client
from codegen import pipeline
from tfbridge import children

AWS_DIR = Path(__file__).resolve().parent.parent / "providers" / "aws"


def aws_crds() -> Path:
    """The AWS provider's CRD tree, generated first if it is missing or stale (it is not committed)."""
    pipeline.ensure(AWS_DIR, jobs=2)
    return AWS_DIR / "crds"


@contextlib.contextmanager
def apiserver_process(tmp: Path, crds: str | None = None) -> Iterator[
        tuple[subprocess.Popen[bytes], HTTPKube]]:
    """The server with ``crds`` (default: every AWS CRD) installed and the crossplane-system namespace: its
    process (whose CPU a benchmark reports apart) and a client to it."""
    kubeconfig = tmp / "kubeconfig"
    server = subprocess.Popen([sys.executable, "-m", "tfbridge", "dev", "apiserver", "--kubeconfig", str(kubeconfig),
                               "--crds", crds or str(aws_crds())], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not kubeconfig.exists():
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the API server did not start")
            time.sleep(0.05)
        kube = HTTPKube(api_client(str(kubeconfig)))
        kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "crossplane-system"}})
        yield server, kube
    finally:
        children.stop([server])


@contextlib.contextmanager
def local_apiserver(tmp: Path) -> Iterator[HTTPKube]:
    """The server with the AWS CRDs installed and the crossplane-system namespace; a client to it."""
    with apiserver_process(tmp) as (_, kube):
        yield kube
