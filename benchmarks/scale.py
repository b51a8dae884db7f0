"""N managed resources in one provider, against moto and the local API server, each kind on the executor it
ships on (``--executor auto``, as the provider runs by default) or on the one ``--executor`` names.

Runs the whole runtime (this process is the provider: informers, caches, queues, workers, the
workspaces and the bridge's side of every call), its provider plugin processes, moto and the API
server (each in its own process), and reports for ``--mrs N`` MRs of ``--kind``:

* time to apply N and to have all N Ready, and each phase's CPU split by process;
* the idle CPU a second with N MRs in place and none due (after a first poll of every MR);
* steady state: every MR's next poll spread over one poll period of N / ``--rate`` seconds (the
  default rate is 10,000 MRs at a 10-minute poll) and fired by the controller's own timers, on its
  poll grid; over ``--window`` seconds, the CPU per poll by process (idle included) and the share of
  one core the provider used, which at 10,000 MRs is the share at a 10-minute poll;
* the provider's RSS at the start and end of the steady window (the idle span and the polls);
* a restart: a new provider process on the same workspaces, seconds until every MR was reconciled once
  (list, cache, workspace found again), the provider calls it issued by verb (no create (``apply``) and
  no ``import`` may appear for an object whose workspace survived), and its RSS and its plugins' then;
* the API server's list and watch (from resourceVersion 0) of the N objects: wall time and its CPU;
* with ``--vpcs M``: M VPCs applied at once, time to all Ready, beside moto's CPU per VPC create.

On the CLI executor the terraform runs are this process's children: their CPU is counted apart
(``terraform``), as part of the provider's.

``--probe`` instead measures moto's own CPU per create and per observe of a few cheap kinds through
the direct executor (the provider's real calls), to choose ``--kind``. ``--profile`` prints the
provider process's top functions (cProfile, own time) over ``--sample`` reconciles in one thread.

    python -m benchmarks.scale --mrs 1000 [--kind aws_cloudwatch_log_group] [--executor auto|direct|cli]
                               [--vpcs 1000] [--profile]
    python -m benchmarks.scale --probe
Needs terraform, TFBRIDGE_PLUGIN_DIR (or /opt/tf-plugins) and moto. Every CPU figure is CPU time per
process (from /proc or the process's own clock), not wall time: on a shared machine it is the figure
that others' work disturbs least.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import cProfile
import dataclasses
import io
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.apiserver import ALL_CRDS_SECONDS, aws_crds
from benchmarks.observe_cpu import SETUP, proc_cpu
from bridge.api import registry
from bridge.api.managed import Managed
from bridge.executors import Executors
from bridge.kube.client import HTTPKube, Resource, api_client
from bridge.kube.controller import ALIGN_FROM, POLL_ALIGN
from bridge.managed.collaborators import kind_resource
from bridge.manager import Manager
from bridge.settings import ExecutorSettings, Settings
from devrig import children
from devrig.moto import Moto
from devrig.rig import ProviderThread, Rig, RigError, RigOptions
from tfconfig.shipping import runs_on

AWS = registry.load("aws")
PLUGIN_DIR = Path(os.environ.get("TFBRIDGE_PLUGIN_DIR") or "/opt/tf-plugins")

# spec.forProvider of one object of each candidate kind (its external name is the object's name).
SPECS: dict[str, Callable[[int], dict[str, Any]]] = {
    "aws_ssm_parameter": lambda i: {"region": "us-east-1", "type": "String", "insecureValue": f"v{i}"},
    "aws_cloudwatch_log_group": lambda i: {"region": "us-east-1"},
    "aws_iam_policy": lambda i: {"policy": json.dumps({"Version": "2012-10-17", "Statement": [
        {"Effect": "Allow", "Action": "s3:GetObject", "Resource": f"arn:aws:s3:::b{i}/*"}]})},
    "aws_sqs_queue": lambda i: {"region": "us-east-1"},
    "aws_vpc": lambda i: {"region": "us-east-1", "cidrBlock": f"10.{i % 250}.0.0/16"},
}


def rss_mb(pid: int | None = None) -> float:
    for line in Path(f"/proc/{pid or 'self'}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclasses.dataclass
class Processes:
    """CPU seconds so far of each process the run is made of."""

    moto: int
    apiserver: int
    plugins: Callable[[], list[int]]

    def cpu(self) -> dict[str, float]:
        # The terraform runs of the CLI executor, each waited for when it ends (moto and the API server,
        # children too, end only after the run).
        ended = os.times()
        return {"bridge": time.process_time(), "terraform": ended.children_user + ended.children_system,
                "plugins": proc_cpu(self.plugins()), "moto": proc_cpu([self.moto]),
                "apiserver": proc_cpu([self.apiserver])}


class Phase:
    """Wall and CPU by process of a span of the run."""

    def __init__(self, procs: Processes) -> None:
        self.procs = procs
        self.wall0, self.cpu0 = time.monotonic(), procs.cpu()
        self.wall, self.cpu = 0.0, dict.fromkeys(self.cpu0, 0.0)

    def end(self) -> Phase:
        now = self.procs.cpu()
        self.wall = time.monotonic() - self.wall0
        self.cpu = {k: now[k] - self.cpu0[k] for k in now}
        return self

    def line(self, name: str, per: int = 0) -> str:
        split = ", ".join(f"{k} {v:.1f}" for k, v in self.cpu.items())
        each = ("; per object: " + ", ".join(f"{k} {v / per * 1000:.1f} ms" for k, v in self.cpu.items())
                if per else "")
        return f"{name:28s} wall {self.wall:7.1f} s; CPU s: {split}{each}"


def manifest(kind: registry.Kind, name: str, i: int) -> dict[str, Any]:
    return {"apiVersion": kind.api_version, "kind": kind.kind, "metadata": {"name": name},
            "spec": {"forProvider": SPECS[kind.config.tf_type](i)}}


def is_ready(obj: dict[str, Any]) -> bool:
    return any(c.get("type") == "Ready" and c.get("status") == "True"
               for c in (obj.get("status") or {}).get("conditions") or [])


class Provider:
    """The provider (a Manager) in this process, its kinds on ``executor`` (``auto``: where each ships)."""

    def __init__(self, kube: HTTPKube, root: Path, package: registry.ProviderPackage, workers: int,
                 poll: float, executor: str) -> None:
        executors = ExecutorSettings(workspace_root=root, executor=executor, plugin_dir=PLUGIN_DIR)
        self.thread = ProviderThread(Manager(Settings(executors=executors, health_port=0, poll=poll,
                                                      max_concurrent_reconciles=workers,
                                                      max_concurrent_operations=workers), package, kube))
        self.manager = self.thread.manager
        try:
            self.thread.wait_ready(600)  # every served kind's controller started and its cache listed
        except RigError as exc:
            raise SystemExit(str(exc)) from exc

    def pids(self) -> list[int]:
        return list(self.manager.executors.stats().provider_pids) if self.manager.executors else []

    def calls(self) -> dict[str, int]:
        stats = self.manager.executors.stats() if self.manager.executors else None
        return dict(getattr(stats, "provider_calls", {}))

    def objects(self, kind: registry.Kind) -> list[dict[str, Any]]:
        return self.manager.controllers[kind.id].informer.objects()

    def ready(self, kind: registry.Kind, prefix: str) -> int:
        return sum(1 for o in self.objects(kind) if o["metadata"]["name"].startswith(prefix) and is_ready(o))

    def wait_ready(self, kind: registry.Kind, prefix: str, count: int, limit: float) -> None:
        deadline = time.monotonic() + limit
        while (ready := self.ready(kind, prefix)) < count:
            if time.monotonic() > deadline:
                raise SystemExit(f"{ready} of {count} {kind.kind}s Ready after {limit:.0f} s")
            time.sleep(0.5)

    def wait_reconciled(self, kind: registry.Kind, count: int, limit: float = 3600) -> None:
        deadline = time.monotonic() + limit
        while (done := self.reconciled(kind)) < count:
            if time.monotonic() > deadline:
                raise SystemExit(f"{done:.0f} of {count} {kind.kind}s reconciled after {limit:.0f} s")
            time.sleep(0.2)

    def reconciled(self, kind: registry.Kind) -> float:
        return float(self.manager.metrics.reconciles.labels(kind.kind, "success")._value.get())

    def poll_round(self, kind: registry.Kind, names: list[str], rate: float | None) -> None:
        """Requeue ``names`` (at ``rate`` a second, or all at once) and wait until each was reconciled."""
        before, started = self.reconciled(kind), time.monotonic()
        controller = self.manager.controllers[kind.id]
        for i, name in enumerate(names):
            if rate:
                time.sleep(max(0.0, started + i / rate - time.monotonic()))
            controller.enqueue(("", name))
        while self.reconciled(kind) - before < len(names):
            time.sleep(0.05)

    def spread(self, kind: registry.Kind, names: list[str], period: float, align: float) -> None:
        """Schedule each of ``names``' next poll at a random point of the next ``period`` seconds, on a
        grid of ``align`` seconds (the controller's poll grid; 0: none), as the jittered polls of a
        settled provider fall."""
        queue = self.manager.controllers[kind.id].queue
        rng = random.Random(7)
        for name in names:
            queue.add_after(("", name), rng.uniform(0.0, period), align=align)

    def stop(self) -> None:
        self.thread.stop(300)


def restarted(tmp: Path, package: registry.ProviderPackage, kind: registry.Kind, n: int, workers: int,
              period: float, spawned: float, executor: str) -> dict[str, Any]:
    """A provider started on ``tmp``'s workspaces and API server with ``n`` MRs of ``kind`` in place, until
    each was reconciled once: its timings, the provider calls it made, CPU and RSS of it and its plugins.
    ``spawned`` is when its process was started (the monotonic clock is the machine's, in every process)."""
    kube = HTTPKube(api_client(str(tmp / "kubeconfig")))
    started = time.monotonic()
    provider = Provider(kube, tmp / "ws", package, workers, period, executor)  # once every cache has listed
    synced = time.monotonic() - started
    while provider.reconciled(kind) < 1:
        time.sleep(0.05)
    first = time.monotonic() - started
    provider.wait_reconciled(kind, n)
    result = {"boot": started - spawned, "synced": synced, "first": first, "all": time.monotonic() - started,
              "calls": provider.calls(), "bridge_cpu": time.process_time(), "plugins_cpu": proc_cpu(provider.pids()),
              "terraform_cpu": sum(os.times()[2:4]),
              "rss": rss_mb(), "plugins_rss": sum(rss_mb(pid) for pid in provider.pids())}
    provider.stop()
    return result


def restart_process(tmp: Path, args: argparse.Namespace, period: float) -> dict[str, Any]:
    """The restart in a process of its own, as a provider restarts: none of the first provider's memory,
    threads or caches are in its figures."""
    command = [sys.executable, "-m", "benchmarks.scale", "--restart-in", str(tmp), "--kind", args.kind,
               "--mrs", str(args.mrs), "--workers", str(args.workers), "--period", str(period),
               "--vpcs", str(args.vpcs), "--executor", args.executor, "--spawned", repr(time.monotonic())]
    done = subprocess.run(command, stdout=subprocess.PIPE, check=True, timeout=3900)
    answer: dict[str, Any] = json.loads(done.stdout.decode().strip().splitlines()[-1])
    return answer


def apply(kube: HTTPKube, kind: registry.Kind, prefix: str, count: int, start: int = 0) -> None:
    """Create ``count`` objects through four client threads (as many writers as a `kubectl apply` of a tree)."""
    res = kind_resource(kind)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda i: kube.create(res, manifest(kind, f"{prefix}{i}", i)), range(start, start + count)))


def profiled(provider: Provider, kind: registry.Kind, names: list[str], dump: str = "") -> str:
    """cProfile of the poll path: each of ``names`` reconciled in this thread, one after another (a
    worker's work, without the queue); the top functions by their own time."""
    reconciler = provider.manager.controllers[kind.id].reconciler
    profile = cProfile.Profile(time.thread_time)  # CPU of this thread: no waits, no other threads
    profile.enable()
    for name in names:
        reconciler.reconcile(("", name))
    profile.disable()
    if dump:
        profile.dump_stats(dump)
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(25)
    return out.getvalue()


def list_and_watch(kubeconfig: Path, res: Resource, count: int) -> tuple[float, float]:
    """Seconds to list ``res`` and to receive a watch's first ``count`` events from resourceVersion 0,
    over plain HTTP with the kubeconfig's credentials (no client decoding in the figure)."""
    client = api_client(str(kubeconfig))
    path = f"/apis/{res.group}/{res.version}/{res.plural}"
    started = time.monotonic()
    answer = client.call_api(path, "GET", auth_settings=["BearerToken"], _preload_content=False)[0]
    items = json.loads(answer.data)["items"]
    listed = time.monotonic() - started
    assert len(items) >= count, f"listed {len(items)} of {count}"
    started = time.monotonic()
    stream = client.call_api(path, "GET", query_params=[("watch", "true"), ("resourceVersion", "0"),
                                                         ("timeoutSeconds", "600")],
                             auth_settings=["BearerToken"], _preload_content=False)[0]
    seen = 0
    for line in stream.read_chunked():
        seen += line.count(b'"type"')
        if seen >= count:
            break
    watched = time.monotonic() - started
    stream.release_conn()
    return listed, watched


def probe(kinds: list[str], count: int) -> None:
    """moto's CPU per create and per observe of each kind, through the direct executor."""
    moto = Moto.start()
    assert moto.pid is not None
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    env["AWS_ENDPOINT_URL"] = moto.endpoint
    try:
        with tempfile.TemporaryDirectory() as tmp:
            settings = ExecutorSettings(workspace_root=Path(tmp), plugin_dir=PLUGIN_DIR, base_env=env,
                                        executor="direct")
            ex = Executors(settings, AWS)
            for tf_type in kinds:
                kind = AWS.by_type(tf_type)
                client = ex.client(kind, SETUP)
                mrs = [Managed({**manifest(kind, f"probe-{tf_type.replace('_', '-')}-{i}", i),
                                "metadata": {"name": f"probe-{tf_type.replace('_', '-')}-{i}", "uid": f"u{i}"}})
                       for i in range(count)]
                if kind.config.external_name.name_initializer:
                    for mr in mrs:
                        mr.set_external_name(mr.name)  # as the runtime does before a create
                client.observe(mrs[0])  # start the provider process before counting
                m0, p0, w0 = proc_cpu([moto.pid]), proc_cpu(list(ex.stats().provider_pids)), time.monotonic()
                with concurrent.futures.ThreadPoolExecutor(count) as pool:
                    created = list(pool.map(client.create, mrs))
                create = ((proc_cpu([moto.pid]) - m0) / count, (proc_cpu(list(ex.stats().provider_pids)) - p0) / count,
                          (time.monotonic() - w0))
                for mr, c in zip(mrs, created, strict=True):
                    mr.set_external_name(c.external_name)
                    ex.cli.store.get(mr.api_version, mr.kind, mr.name).update_meta(fresh_state=None)
                m0, p0 = proc_cpu([moto.pid]), proc_cpu(list(ex.stats().provider_pids))
                rounds = 3
                for _ in range(rounds):
                    for mr in mrs:
                        assert client.observe(mr).exists
                observe = ((proc_cpu([moto.pid]) - m0) / (count * rounds),
                           (proc_cpu(list(ex.stats().provider_pids)) - p0) / (count * rounds))
                print(f"{tf_type:26s} moto CPU per create {create[0] * 1000:6.1f} ms, per observe "
                      f"{observe[0] * 1000:5.1f} ms; provider plugin per create {create[1] * 1000:6.1f} ms, per "
                      f"observe {observe[1] * 1000:5.1f} ms; {count} creates at once took {create[2]:.1f} s wall")
            ex.shutdown()
    finally:
        moto.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mrs", type=int, default=1000)
    parser.add_argument("--kind", default="aws_cloudwatch_log_group", choices=sorted(SPECS))
    parser.add_argument("--poll", type=float, default=600.0, help="the poll interval the share is scaled to")
    parser.add_argument("--rate", type=float, default=10000 / 600,
                        help="polls a second in the steady window (default: 10,000 MRs at a 10-minute poll)")
    parser.add_argument("--window", type=float, default=120.0, help="seconds of steady-state polls measured")
    parser.add_argument("--align", type=float, default=POLL_ALIGN,
                        help="the steady polls' grid in seconds (default: the controller's; 0 for none)")
    parser.add_argument("--sample", type=int, default=300, help="MRs reconciled for --profile")
    parser.add_argument("--idle", type=float, default=30.0, help="seconds of idle measured")
    parser.add_argument("--workers", type=int, default=10)
    parser.add_argument("--executor", default="auto", choices=("auto", "cli", "direct"),
                        help="as tfbridge run --executor: auto runs each kind on the executor it ships on")
    parser.add_argument("--vpcs", type=int, default=0)
    parser.add_argument("--no-restart", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--profile-out", default="", help="where to save the profile (pstats)")
    parser.add_argument("--probe", action="store_true")
    parser.add_argument("--probe-count", type=int, default=5)
    parser.add_argument("--restart-in", default="", help=argparse.SUPPRESS)  # the restart's own process
    parser.add_argument("--period", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--spawned", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    children.exit_on_sigterm()
    if args.probe:
        probe(["aws_ssm_parameter", "aws_cloudwatch_log_group", "aws_iam_policy", "aws_sqs_queue", "aws_vpc"],
              args.probe_count)
        return
    kind = AWS.by_type(args.kind)
    families = {registry.CONFIG_FAMILY, kind.config.short_group}
    vpc = AWS.by_type("aws_vpc")
    if args.vpcs:
        families.add(vpc.config.short_group)
    package = AWS.family(",".join(sorted(families)))
    if args.restart_in:
        print(json.dumps(restarted(Path(args.restart_in), package, kind, args.mrs, args.workers, args.period,
                                   args.spawned, args.executor)),
              flush=True)
        return
    tmp = Path(tempfile.mkdtemp(prefix="tfbridge-scale-"))
    crds = tmp / "crds"
    crds.mkdir()
    def out(line: str) -> None:
        print(line, flush=True)  # as each phase ends: a long run killed midway still reports what it measured

    n = args.mrs
    # The poll interval at which N MRs are polled --rate times a second (at least a minute, as the shortest
    # poll the controller puts on its grid): the steady window's polls are the controller's own, and go on
    # as long as the window lasts.
    period = max(n / args.rate, ALIGN_FROM)
    with Rig(tmp, RigOptions(crds=(crd_dir(package, crds),), apiserver_timeout=ALL_CRDS_SECONDS)) as rig:
        kube = rig.up(AWS.provider)
        assert rig.moto is not None and rig.moto.pid is not None and rig.server is not None
        server = rig.server
        provider = Provider(kube, tmp / "ws", package, args.workers, period, args.executor)
        procs = Processes(rig.moto.pid, server.pid, provider.pids)
        out(f"{n} {kind.kind}s ({kind.config.tf_type}), {len(package.kinds)} kinds served, {args.workers} workers, "
            f"executor {args.executor} ({runs_on(args.executor, kind.config.shipped)}); the machine was shared "
            f"with other work")
        rss_empty = rss_mb()
        phase = Phase(procs)
        apply(kube, kind, "mr-", n)
        applied = phase.end()
        ready = Phase(procs)
        ready.wall0, ready.cpu0 = phase.wall0, phase.cpu0
        provider.wait_ready(kind, "mr-", n, 3 * 3600)
        ready.end()
        out(applied.line(f"apply {n}"))
        out(ready.line("apply to all Ready", n))
        out(f"  {n / ready.wall:.1f} MRs Ready a second; provider calls so far {provider.calls()}")

        names = [f"mr-{i}" for i in range(n)]
        # Every MR's first poll after its create (it plans; later ones need not); the next ones are a
        # period away, less its jitter.
        provider.poll_round(kind, names, None)
        rss_start = rss_mb()
        idle = Phase(procs)
        time.sleep(min(args.idle, period / 3))
        idle.end()
        idle_cpu = sum(v for k, v in idle.cpu.items() if k in ("bridge", "terraform", "plugins")) / idle.wall
        out(f"idle with {n} MRs and none due: provider {idle_cpu * 1000:.1f} ms CPU a second; API server "
            f"{idle.cpu['apiserver'] / idle.wall * 1000:.1f} ms a second")
        # Steady state: each MR's next poll falls somewhere in one poll period, as jittered polls do, and
        # the controller's own timers fire them (on its poll grid): `--rate` polls a second on average.
        provider.spread(kind, names, period, args.align)
        time.sleep(min(10.0, period / 10))
        done = provider.reconciled(kind)
        steady = Phase(procs)
        time.sleep(args.window)
        steady.end()
        polls = int(provider.reconciled(kind) - done)
        rss_end = rss_mb()
        plugins_rss = sum(rss_mb(pid) for pid in provider.pids())
        cpu = steady.cpu["bridge"] + steady.cpu["terraform"] + steady.cpu["plugins"]
        out(steady.line(f"steady: {polls} polls in {steady.wall:.0f} s", polls))
        ms = {k: v / max(1, polls) * 1000 for k, v in steady.cpu.items()}
        out(f"  CPU per poll, idle included: bridge {ms['bridge']:.2f} ms, terraform {ms['terraform']:.2f} ms, "
            f"plugins {ms['plugins']:.2f} ms "
            f"(provider {cpu / max(1, polls) * 1000:.2f} ms); moto {ms['moto']:.2f} ms, API server "
            f"{ms['apiserver']:.2f} ms")
        share = cpu / steady.wall
        at = polls / steady.wall
        scaled = (cpu - idle_cpu * steady.wall) / max(1, polls) * (10000 / args.poll) + idle_cpu
        out(f"  {n} MRs polled {at:.1f} times a second: the provider used {share * 100:.2f} % of one core "
            f"(10,000 MRs at a {args.poll / 60:.0f}-minute poll are {10000 / args.poll:.1f} polls a second: "
            f"{scaled * 100:.2f} % with this run's per-poll CPU and idle; 1,000 MRs at that poll "
            f"{((cpu - idle_cpu * steady.wall) / max(1, polls) * (1000 / args.poll) + idle_cpu) * 100:.2f} %)")
        out(f"  provider RSS: {rss_empty:.0f} MB before any MR, {rss_start:.0f} MB at the start of the steady "
            f"window, {rss_end:.0f} MB at its end ({rss_end - rss_start:+.1f} MB over {args.idle:.0f} s idle and "
            f"{steady.wall:.0f} s of polls); provider plugin processes {plugins_rss:.0f} MB; API server RSS "
            f"{rss_mb(server.pid):.0f} MB")

        res = kind_resource(kind)
        lw = Phase(procs)
        listed, watched = list_and_watch(tmp / "kubeconfig", res, n)
        lw.end()
        out(f"API server list of {n}: {listed:.2f} s; watch from 0 to its {n}th event {watched:.2f} s; "
            f"API server CPU for both {lw.cpu['apiserver']:.2f} s")

        if args.profile:
            sampled = names[:: max(1, n // args.sample)][: args.sample]
            top = profiled(provider, kind, sampled, args.profile_out)
            out(f"the poll path, {len(sampled)} reconciles in one thread:\n{top}")

        if not args.no_restart:
            provider.stop()
            before = provider.calls()
            procs.plugins = list  # the first provider's plugin processes are gone
            restart = Phase(procs)
            again = restart_process(tmp, args, period)
            restart.end()
            restart.wall = again["boot"] + again["all"]  # not the new provider's own stop, which follows
            restart.cpu["bridge"], restart.cpu["plugins"] = again["bridge_cpu"], again["plugins_cpu"]
            restart.cpu["terraform"] = again["terraform_cpu"]
            calls: dict[str, int] = again["calls"]
            out(restart.line(f"restart to {n} reconciled", n))
            out(f"  {restart.wall:.1f} s from the process's start until all {n} were reconciled (target at 10,000: "
                f"under 120 s): its modules loaded after {again['boot']:.1f} s; then caches synced after "
                f"{again['synced']:.1f} s, the first reconcile after {again['first']:.1f} s, all after "
                f"{again['all']:.1f} s")
            verdict = "none, as required" if not calls.get("apply") and not calls.get("import") else "NOT none"
            out(f"  provider calls after the restart: {dict(sorted(calls.items()))} (before it: "
                f"{dict(sorted(before.items()))}); creates (apply) {calls.get('apply', 0)}, imports "
                f"{calls.get('import', 0)}: {verdict}")
            out(f"  after the restart's reconcile of all: provider RSS {again['rss']:.0f} MB, its plugin processes "
                f"{again['plugins_rss']:.0f} MB, in all {again['rss'] + again['plugins_rss']:.0f} MB")

        if args.vpcs:
            if not args.no_restart:  # the provider the VPCs need, its restart over before they are measured
                provider = Provider(kube, tmp / "ws", package, args.workers, period, args.executor)
                procs.plugins = provider.pids
                provider.wait_reconciled(kind, n)
            vpcs = Phase(procs)
            apply(kube, vpc, "vpc-", args.vpcs)
            provider.wait_ready(vpc, "vpc-", args.vpcs, 3600)
            vpcs.end()
            out(vpcs.line(f"{args.vpcs} VPCs to all Ready", args.vpcs))
            out(f"  target under 180 s: {'met' if vpcs.wall < 180 else 'NOT met'}; moto's CPU per VPC "
                f"{vpcs.cpu['moto'] / args.vpcs * 1000:.1f} ms is the floor moto sets: "
                f"{vpcs.cpu['moto']:.1f} s of moto CPU over {vpcs.wall:.1f} s")
        provider.stop()


def crd_dir(package: registry.ProviderPackage, into: Path) -> Path:
    """A directory of just ``package``'s CRDs and the provider config's: the server starts in seconds,
    not with 2,816 of them."""
    wanted = {f"{kind_resource(k).group}_{kind_resource(k).plural}.yaml" for k in package.kinds}
    for path in aws_crds().rglob("*.yaml"):
        if path.name in wanted or path.parent.name == "config":
            (into / path.name).write_bytes(path.read_bytes())
    return into


if __name__ == "__main__":
    main()
