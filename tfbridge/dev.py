"""``tfbridge dev apiserver``: the local Kubernetes API server for demos and provider authors' tests."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import click


@click.group()
def dev() -> None:
    """Development helpers."""


@dev.command()
@click.option("--port", type=int, default=0, help="0 picks a free port.")
@click.option("--kubeconfig", type=click.Path(dir_okay=False, path_type=Path), default=Path("kubeconfig"),
              show_default=True, help="Where to write a kubeconfig for it.")
@click.option("--crds", "crd_dirs", multiple=True, type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Install every CRD in this directory (repeatable).")
@click.option("--bookmark-interval", type=float, default=60.0, show_default=True,
              help="Seconds between BOOKMARK events on a watch that asked for them (kube-apiserver: about a minute).")
def apiserver(port: int, kubeconfig: Path, crd_dirs: tuple[Path, ...], bookmark_interval: float) -> None:
    """Serve a local Kubernetes API on 127.0.0.1 until interrupted."""
    from bridge.devserver.manifests import crd_manifests
    from bridge.devserver.server import APIServer
    from bridge.devserver.store import CRD_KEY

    server = APIServer(port=port, bookmark_interval=bookmark_interval).start()
    rt = server.store.types[CRD_KEY]
    for directory in crd_dirs:
        for doc in crd_manifests(directory):
            server.store.create(rt, "", doc)
    server.write_kubeconfig(kubeconfig)
    click.echo(f"serving {server.url}; kubeconfig written to {kubeconfig}", err=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    server.stop()
