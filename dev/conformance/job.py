"""One job: a batch of kinds run side by side in one process, on a rig of its own (moto in this process,
where the harness counts what it made; the local API server serving only the CRDs the batch needs; the
provider in a thread), and the job process's side of the protocol with :mod:`conformance.jobs`.

    python -m conformance.job FD    # the batch's spec on stdin; a JSON line on FD per event

Events: ``{"started": tf_type}``, ``{"result": ...}``, ``{"crash": ...}`` (:mod:`conformance.crashes`), and
``{"environment": words}`` when the rig itself cannot start (moto, the API server, the provider's informers):
nothing of the batch can run, and the run stops.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bridge.api.registry import Kind
from conformance.counting import MotoCount
from conformance.crashes import Crash, CrashWatch
from conformance.environment import EnvironmentFailure
from conformance.examples import Bundle, Examples, crd_subset
from conformance.harness import Harness
from conformance.result import Result, progress, result_to_json
from devrig import cloud
from devrig.children import exit_on_sigterm
from devrig.rig import PROVIDERS, Rig, RigError, RigOptions
from tfconfig import Timeouts

# Few SDK retries: moto answers at once, and what it answers with a 5xx (a call it does not emulate) it
# answers so again; the SDK's default 25 retries with backoff would hold each such create for minutes
# before its failure is seen.
MAX_RETRIES = 2
# The ProviderConfig's configuration; the account ID is asked of moto's STS, as in a real account.
CONFIGURATION = {**cloud.MOTO_PROVIDER_CONFIGURATION, "maxRetries": MAX_RETRIES, "skipRequestingAccountId": False}
# The Secret generated examples name where a required argument is sensitive.
EXAMPLE_SECRET = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
                  "metadata": {"name": "example-secret", "namespace": cloud.CREDENTIALS_SECRET[0]},
                  "data": {"example-key": base64.b64encode(b"Example-Passw0rd-2024").decode()}}
# Seconds for each part of the rig: the API server compiles every CRD it serves (a batch of a hundred
# kinds brings a few hundred), and the provider's informers list each served kind.
APISERVER_SECONDS, INFORMERS_SECONDS = 120.0, 300.0


@dataclasses.dataclass
class Run:
    """What :func:`run_conformance` did: every kind's result and the run's wall time."""

    results: list[Result]
    seconds: float


def run_conformance(provider_dir: Path, kinds: Sequence[Kind], examples: Examples, *, executor: str,
                    workers: int, timeout: float, log: Callable[[str], None] = print,
                    done: Callable[[Result], None] = lambda r: None,
                    starting: Callable[[Kind], None] = lambda k: None,
                    crashed: Callable[[Crash], None] = lambda c: None) -> Run:
    """Start the rig (moto in this process, the local API server, the provider); run every kind's bundle
    (``starting`` and ``done`` hear of each kind as it starts and as its result comes, ``crashed`` of
    each provider process that ended unasked under the kinds then running); stop them all. A rig that
    cannot start is an :class:`EnvironmentFailure`."""
    from bridge.executors import Executors
    from bridge.settings import ExecutorSettings, Settings
    from bridge.tfplugin import process

    started = time.monotonic()
    bundles = [examples.bundle(k) for k in kinds]
    # The kinds the examples apply, and every kind those may reference (the runtime resolves a
    # reference through its kind even where an example leaves the field out).
    by_type = {k.config.tf_type: k for k in examples.package.kinds}
    needed: dict[str, Kind] = {}
    pending = [k for b in bundles for k, _ in b.objects]
    while pending:
        k = pending.pop()
        if k.config.tf_type not in needed:
            needed[k.config.tf_type] = k
            pending.extend(by_type[r.to] for r in k.config.references.values() if r.to in by_type)
    # Operations bounded by the steps' own deadline: a create the provider retries for its full
    # half hour (a call moto answers oddly) would hold one of the provider's operation slots long
    # after its kind has failed, and starve the kinds after it.
    bounded = Timeouts(create=timeout, update=timeout, delete=timeout, observe=timeout)
    package = dataclasses.replace(examples.package, kinds=tuple(
        dataclasses.replace(k, config=dataclasses.replace(k.config, timeouts=bounded))
        for k in examples.package.kinds if k.config.tf_type in needed))
    work = Path(tempfile.mkdtemp(prefix="tfbridge-conformance-"))
    options = RigOptions(moto="in-process", crds=(crd_subset(provider_dir, needed.values(), work),),
                         apiserver_timeout=APISERVER_SECONDS, secrets=(EXAMPLE_SECRET,), configuration=CONFIGURATION)
    plugin_dir = os.environ.get("TFBRIDGE_PLUGIN_DIR") or None
    settings = ExecutorSettings(workspace_root=work / "workspaces",
                                terraform=os.environ.get("TFBRIDGE_TERRAFORM", "terraform"),
                                plugin_dir=Path(plugin_dir) if plugin_dir else None, executor=executor)
    # Every provider process of the run (the controllers' and the runner's own reads) logs its end there.
    watch = CrashWatch(crashed)
    process.log.addFilter(watch)
    read: Executors | None = None
    try:
        with Rig(work, options) as rig:
            try:
                kube = rig.up(package.provider)
                rig.run_provider(package, Settings(executors=settings, health_port=0, poll=600.0, grace=5.0,
                                                   max_concurrent_operations=8 * workers),
                                 ready_timeout=INFORMERS_SECONDS)
            except RigError as exc:
                raise EnvironmentFailure(str(exc)) from exc
            moto = rig.moto
            assert moto is not None
            read = Executors(dataclasses.replace(settings, workspace_root=work / "gone"), package)
            harness = Harness(kube, package, work / "workspaces", MotoCount(), timeout, read, moto.unsupported,
                              moto.failures, read_root=work / "gone")

            def one(i: int, bundle: Bundle) -> Result:
                starting(bundle.kind)
                tf_type = bundle.kind.config.tf_type
                watch.start(tf_type, [k.config.tf_type for k, _ in bundle.objects])
                try:
                    # Short (cloud names have length limits: "c01a-example-cluster" is a 20-character DAX
                    # cluster name), and unique only within the run: the run's cluster and cloud are its own.
                    result = harness.run(bundle, f"c{i:03x}-")
                    log(progress(i + 1, len(bundles), result))
                    done(result)
                finally:
                    watch.end(tf_type)
                return result

            try:
                with ThreadPoolExecutor(max_workers=workers) as pool:
                    results = list(pool.map(lambda ib: one(*ib), enumerate(bundles)))
            finally:
                # The runner's own reads stop before the provider: its processes are the same provider's.
                read.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)
        process.log.removeFilter(watch)
    return Run(results, time.monotonic() - started)


def main(fd: int) -> None:
    """One job process: its batch (a JSON spec on stdin) run, each kind's start and result a JSON line on ``fd``."""
    from tfbridge.run import load_package

    exit_on_sigterm()  # a run that stops its jobs has each one stop its own rig
    os.set_inheritable(fd, False)  # never held open by what the job starts: its end is the job's end
    spec = json.loads(sys.stdin.read())
    package = load_package(spec["provider"])
    examples = Examples(package, PROVIDERS / spec["provider"])
    by_type = {k.config.tf_type: k for k in examples.package.kinds}
    lock = threading.Lock()
    with os.fdopen(fd, "w") as out:

        def send(event: dict[str, Any]) -> None:
            with lock:
                out.write(json.dumps(event) + "\n")
                out.flush()

        try:
            run_conformance(PROVIDERS / spec["provider"], [by_type[t] for t in spec["kinds"]], examples,
                            executor=spec["executor"], workers=spec["workers"], timeout=spec["timeout"],
                            log=lambda line: None, done=lambda r: send({"result": result_to_json(r)}),
                            starting=lambda k: send({"started": k.config.tf_type}),
                            crashed=lambda c: send({"crash": c.to_json()}))
        except EnvironmentFailure as exc:
            send({"environment": str(exc)})


if __name__ == "__main__":
    main(int(sys.argv[1]))
