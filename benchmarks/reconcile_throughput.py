"""Reconciles per second and memory at 1,000 managed resources, on the fake executor.

The API server runs in its own process (``tfbridge dev apiserver``), so the RSS measured here is
the provider's alone: informers, caches, queues, workers, with 1,000 VPCs Ready.

    python -m benchmarks.reconcile_throughput [--resources 1000] [--workers 10]
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from benchmarks.apiserver import ALL_CRDS_SECONDS, aws_crds
from bridge.api import registry
from bridge.kube.client import CRDS
from bridge.managed.collaborators import kind_resource
from bridge.settings import ExecutorSettings, Settings
from devrig.fakes import FakeCloud
from devrig.rig import Rig, RigOptions

AWS = registry.load("aws")


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--resources", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=10)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tfbridge-bench-"))
    # No moto: the fake cloud answers; a ProviderConfig without credentials.
    options = RigOptions(moto="none", crds=(aws_crds(),), apiserver_timeout=ALL_CRDS_SECONDS, credentials=False,
                         configuration=None)
    with Rig(tmp, options) as rig:
        kube = rig.up(AWS.provider)
        assert kube.list(CRDS)[0]
        baseline = rss_mb()
        cloud = FakeCloud()
        manager = rig.run_provider(AWS, Settings(executors=ExecutorSettings(workspace_root=tmp / "ws"), health_port=0,
                                                 poll=3600, max_concurrent_reconciles=args.workers,
                                                 max_concurrent_operations=args.workers),
                                   client_factory=cloud.client).manager
        vpcs = kind_resource(AWS.by_type("aws_vpc"))
        started = time.monotonic()
        for i in range(args.resources):
            kube.create(vpcs, {"apiVersion": vpcs.api_version, "kind": "VPC", "metadata": {"name": f"vpc-{i}"},
                               "spec": {"forProvider": {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}}})
        created = time.monotonic()

        def ready_count() -> int:
            items, _ = kube.list(vpcs)
            return sum(1 for o in items if any(c.get("type") == "Ready" and c.get("status") == "True"
                                               for c in (o.get("status") or {}).get("conditions") or []))

        while ready_count() < args.resources:
            if time.monotonic() - started > 600:
                raise SystemExit("not all resources became Ready in 10 minutes")
            time.sleep(0.5)
        all_ready = time.monotonic()
        rss_ready = rss_mb()
        # Steady state: every resource polled once, back to back.
        counter = manager.metrics.reconciles.labels("VPC", "success")
        before = counter._value.get()
        poll_started = time.monotonic()
        for i in range(args.resources):
            manager.controllers[manager.package.by_type("aws_vpc").id].enqueue(("", f"vpc-{i}"))
        while counter._value.get() - before < args.resources:
            time.sleep(0.05)
        polled = time.monotonic() - poll_started
    print(f"resources:                    {args.resources} VPCs, {args.workers} workers, fake executor")
    print(f"applied in:                   {created - started:.1f} s")
    print(f"all Ready after:              {all_ready - started:.1f} s "
          f"({args.resources / (all_ready - started):.0f} resources/s, create + collect + observe each)")
    print(f"steady-state poll of all:     {polled:.1f} s = {args.resources / polled:.0f} reconciles/s")
    print(f"provider RSS at {args.resources} MRs:    {rss_ready:.0f} MB (process before manager: {baseline:.0f} MB; "
          f"+{rss_ready - baseline:.0f} MB)")
    print(f"cloud calls:                  {dict(sorted(cloud.calls.items()))}")


if __name__ == "__main__":
    main()
