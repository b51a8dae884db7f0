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
              show_default=True, help="Where to write a kubeconfig for it (mode 0600: it holds the token).")
@click.option("--crds", "crd_dirs", multiple=True, type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Install every CRD in this directory (repeatable).")
@click.option("--bookmark-interval", type=float, default=60.0, show_default=True,
              help="Seconds between BOOKMARK events on a watch that asked for them (kube-apiserver: about a minute).")
@click.option("--service", "services", multiple=True, metavar="NAMESPACE/NAME=127.0.0.1:PORT",
              help="Where a Service a CRD's conversion webhook names is reached on this machine, e.g. "
                   "crossplane-system/tfbridge-provider-aws-webhook=127.0.0.1:9443 (repeatable; also "
                   "POST /_tfbridge/services).")
def apiserver(port: int, kubeconfig: Path, crd_dirs: tuple[Path, ...], bookmark_interval: float,
              services: tuple[str, ...]) -> None:
    """Serve a local Kubernetes API on 127.0.0.1 until interrupted.

    For tests and demos only: never give it, or a provider run against it, real cloud credentials.
    It keeps everything in memory, answers only local requests (Host 127.0.0.1 or localhost) that
    carry the token it writes into the kubeconfig, and kubectl works against it unchanged.
    """
    try:
        from devserver.manifests import crd_manifests
        from devserver.server import APIServer
        from devserver.store import CRD_KEY
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("devserver", "celpy"):
            raise click.ClickException(
                "the local API server is not installed here: it is a development tool for tests and demos, which "
                "provider images leave out. Install tfbridge from a source checkout with its development tools "
                "(make install, or pip install -e '.[dev]' -e ./dev) to use it.") from exc
        raise

    from devserver.errors import ApiError

    server = APIServer(port=port, bookmark_interval=bookmark_interval)
    try:
        server.set_services(dict(item.split("=", 1) for item in services if "=" in item))
    except ApiError as exc:
        raise click.BadParameter(exc.message, param_hint="--service") from exc
    if any("=" not in item for item in services):
        raise click.BadParameter("a service is NAMESPACE/NAME=127.0.0.1:PORT", param_hint="--service")
    server.start()
    rt = server.store.types[CRD_KEY]
    for directory in crd_dirs:
        for doc in crd_manifests(directory):
            server.store.create(rt, "", doc)
    server.write_kubeconfig(kubeconfig)
    click.echo(f"serving {server.url} (for tests and demos only); kubeconfig written to {kubeconfig}", err=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    server.stop()
