"""The CLI and direct executors side by side at scale, against moto, through the whole runtime.

1. Wall time for ``--vpcs`` VPCs applied at once to reach Ready (target for direct: 100 in < 60 s).
2. Steady state: the CPU of one poll of every MR (the provider process, its terraform runs and its
   provider plugins), measured by requeueing every MR once and counting the reconciles, then
   expressed as the share of one core that a 10-minute poll of ``--steady`` MRs costs (target for
   direct: 1,000 MRs under 5 %). Direct is measured at ``--steady`` MRs; the CLI at ``--cli-steady``
   of its VPCs (one CLI poll costs seconds of CPU) and scaled linearly.

   Polls of a running provider arrive spread out (1,000 MRs at a 10-minute poll with jitter: under
   two a second), so the steady-state round requeues at ``--rate`` MRs a second, three times denser
   than that. (At 20 a second moto alone took most of this machine's two cores, the round ran twice
   as long as paced, and every process paid for the contention.) A burst of every MR at once, where
   ten workers contend for the interpreter, is printed beside it. The share of a core adds what the
   provider costs between polls (its idle CPU a second, measured with every MR in place and none due)
   over the 10 minutes.

    python -m benchmarks.direct_scale [--vpcs 100] [--steady 1000] [--cli-steady 30] [--rate 5]
Needs terraform, TFBRIDGE_PLUGIN_DIR (or /opt/tf-plugins) and moto.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from benchmarks.apiserver import ALL_CRDS_SECONDS, aws_crds
from benchmarks.observe_cpu import children_cpu, proc_cpu
from bridge.api import registry
from bridge.kube.client import HTTPKube
from bridge.managed.collaborators import kind_resource
from bridge.manager import Manager
from bridge.settings import ExecutorSettings, Settings
from devrig import children
from devrig.rig import Rig, RigOptions

AWS = registry.load("aws")

VPCS = kind_resource(AWS.by_type("aws_vpc"))


def ready_count(kube: HTTPKube, prefix: str) -> int:
    items, _ = kube.list(VPCS)
    return sum(1 for o in items if o["metadata"]["name"].startswith(prefix)
               and any(c.get("type") == "Ready" and c.get("status") == "True"
                       for c in (o.get("status") or {}).get("conditions") or []))


def plugins_cpu(manager: Manager) -> float:
    """CPU so far of the live provider plugin processes (direct and shared CLI)."""
    return proc_cpu(list(manager.executors.stats().provider_pids) if manager.executors else [])


def provider_cpu(manager: Manager) -> float:
    """CPU so far of everything the provider runs: itself, reaped terraform runs, live plugins."""
    return time.process_time() + children_cpu() + plugins_cpu(manager)


class Provider:
    def __init__(self, rig: Rig, root: Path, mode: str) -> None:
        self.kube, self.mode = rig.kube, mode
        plugin_dir = Path(os.environ.get("TFBRIDGE_PLUGIN_DIR") or "/opt/tf-plugins")
        executors = ExecutorSettings(workspace_root=root / mode, executor=mode, plugin_dir=plugin_dir)
        self.provider = rig.run_provider(AWS, Settings(executors=executors, health_port=0, poll=3600,
                                                       max_concurrent_reconciles=10, max_concurrent_operations=10))
        self.manager: Manager = self.provider.manager
        self.count = 0

    def add(self, count: int) -> float:
        """Apply ``count`` more VPCs at once; seconds until all are Ready."""
        started = time.monotonic()
        for i in range(self.count, self.count + count):
            self.kube.create(VPCS, {"apiVersion": VPCS.api_version, "kind": "VPC",
                                    "metadata": {"name": f"{self.mode}-{i}"},
                                    "spec": {"forProvider": {"region": "us-east-1",
                                                             "cidrBlock": f"10.{i % 250}.0.0/16"}}})
        self.count += count
        while ready_count(self.kube, f"{self.mode}-") < self.count:
            if time.monotonic() - started > 3600:
                raise SystemExit(f"{self.mode}: not all {self.count} VPCs Ready within an hour")
            time.sleep(0.5)
        return time.monotonic() - started

    def poll_round(self, count: int, rate: float | None = None) -> tuple[float, float]:
        """CPU seconds (all, the plugins' share) of one poll of the first ``count`` MRs, requeued at
        ``rate`` a second, or all at once."""
        counter = self.manager.metrics.reconciles.labels("VPC", "success")
        before, cpu0, plugins0 = counter._value.get(), provider_cpu(self.manager), plugins_cpu(self.manager)
        started = time.monotonic()
        for i in range(count):
            if rate:
                time.sleep(max(0.0, started + i / rate - time.monotonic()))
            self.manager.controllers[self.manager.package.by_type("aws_vpc").id].enqueue(("", f"{self.mode}-{i}"))
        while counter._value.get() - before < count:
            time.sleep(0.05)
        return provider_cpu(self.manager) - cpu0, plugins_cpu(self.manager) - plugins0

    def idle(self, seconds: float = 30.0) -> float:
        """CPU seconds per second while no MR is due: what the provider costs between polls."""
        cpu0, started = provider_cpu(self.manager), time.monotonic()
        time.sleep(seconds)
        return (provider_cpu(self.manager) - cpu0) / (time.monotonic() - started)

    def stop(self) -> None:
        self.provider.stop(120)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vpcs", type=int, default=100)
    parser.add_argument("--steady", type=int, default=1000)
    parser.add_argument("--cli-steady", type=int, default=30)
    parser.add_argument("--rate", type=float, default=5.0)
    args = parser.parse_args()
    children.exit_on_sigterm()
    tmp = Path(tempfile.mkdtemp(prefix="tfbridge-scale-"))
    results: dict[str, tuple[float, float]] = {}
    ready: dict[str, float] = {}
    with Rig(tmp, RigOptions(crds=(aws_crds(),), apiserver_timeout=ALL_CRDS_SECONDS)) as rig:
        rig.up(AWS.provider)
        cli = Provider(rig, tmp, "cli")
        ready["cli"] = cli.add(args.vpcs)
        time.sleep(61)  # past the minute in which an observe may answer from its own apply's state
        results["cli"] = cli.poll_round(args.cli_steady, args.rate)
        cli.stop()
        direct = Provider(rig, tmp, "direct")
        ready["direct"] = direct.add(args.vpcs)
        direct.add(args.steady - args.vpcs)
        direct.poll_round(args.steady)  # the first poll after a create plans; later ones may not
        results["direct"] = direct.poll_round(args.steady, args.rate)
        results["direct, burst"] = direct.poll_round(args.steady)
        idle = direct.idle()
        direct.stop()
    print(f"{args.vpcs} VPCs applied at once, Ready after: cli {ready['cli']:.1f} s, "
          f"direct {ready['direct']:.1f} s (target for direct < 60 s: {'met' if ready['direct'] < 60 else 'NOT met'})")
    print(f"direct provider between polls: {idle * 1000:.1f} ms CPU a second ({idle * 100:.2f} % of one core)")
    for mode, (cpu, plugins) in results.items():
        measured = args.cli_steady if mode == "cli" else args.steady
        per_poll = cpu / measured
        share = (per_poll * args.steady + idle * 600.0) / 600.0
        how = "all at once" if "burst" in mode else f"{args.rate:.0f}/s"
        print(f"{mode:13s} CPU per MR poll {per_poll * 1000:8.1f} ms (bridge {(cpu - plugins) / measured * 1000:.1f}, "
              f"provider plugin {plugins / measured * 1000:.1f}; {measured} MRs requeued {how}): {args.steady} MRs "
              f"at a 10-minute poll, with the idle CPU = {share * 100:6.2f} % of one core")
    direct_share = (results["direct"][0] + idle * 600.0) / 600.0
    print(f"target for direct < 5 %: {'met' if direct_share < 0.05 else 'NOT met'}")


if __name__ == "__main__":
    main()
