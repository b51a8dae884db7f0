"""The CLI and direct executors side by side at scale, against moto, through the whole runtime.

1. Wall time for ``--vpcs`` VPCs applied at once to reach Ready (target for direct: 100 in < 60 s).
2. Steady-state CPU of the provider (its process, terraform runs and provider plugins) with every MR
   polled every ``--poll`` seconds, measured over ``--window`` seconds and scaled to a 10-minute
   poll: directly at ``--steady`` MRs for the direct executor (target: 1,000 MRs under 5 % of one
   core); for the CLI at the ``--vpcs`` MRs of step 1, extrapolated linearly to ``--steady`` (creating
   1,000 objects through the CLI alone takes over an hour of CPU here).

    python -m benchmarks.direct_scale [--vpcs 100] [--steady 1000] [--poll 60] [--window 120]
Needs terraform, TFBRIDGE_PLUGIN_DIR (or /opt/tf-plugins) and moto.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.apiserver import local_apiserver
from benchmarks.observe_cpu import children_cpu, proc_cpu, start_moto
from bridge.kube.client import SECRETS, HTTPKube
from bridge.managed.providerconfig import ConfigResources
from bridge.managed.reconciler import kind_resource
from bridge.manager import Manager, RunSettings
from bridge.tfplugin.client import DirectExecutor
from providers.aws import zz_registry as aws

VPCS = kind_resource(aws.PACKAGE.by_type("aws_vpc"))


def ready_count(kube: HTTPKube, prefix: str) -> int:
    items, _ = kube.list(VPCS)
    return sum(1 for o in items if o["metadata"]["name"].startswith(prefix)
               and any(c.get("type") == "Ready" and c.get("status") == "True"
                       for c in (o.get("status") or {}).get("conditions") or []))


def provider_cpu(manager: Manager) -> float:
    """CPU so far of everything the provider runs: itself, reaped terraform runs, live plugins."""
    ex = manager.executor
    pids = (ex.providers.pids() if isinstance(ex, DirectExecutor) else []) + (ex.pool.pids() if ex else [])
    return time.process_time() + children_cpu() + proc_cpu(pids)


def run_mode(kube: HTTPKube, root: Path, label: str, mode: str, count: int, poll: float,
             window: float) -> dict[str, float]:
    manager = Manager(RunSettings(workspace_root=root / label, health_port=0, poll=poll, poll_jitter=0.5,
                                  max_concurrent_reconciles=10, max_concurrent_operations=10, executor=mode,
                                  plugin_dir=Path(os.environ.get("TFBRIDGE_PLUGIN_DIR") or "/opt/tf-plugins")),
                      aws.PACKAGE, kube)
    thread = threading.Thread(target=manager.run, daemon=True)
    thread.start()
    prefix = f"{label}-"
    started = time.monotonic()
    for i in range(count):
        kube.create(VPCS, {"apiVersion": VPCS.api_version, "kind": "VPC", "metadata": {"name": f"{prefix}{i}"},
                           "spec": {"forProvider": {"region": "us-east-1", "cidrBlock": f"10.{i % 250}.0.0/16"}}})
    while ready_count(kube, prefix) < count:
        if time.monotonic() - started > 3600:
            raise SystemExit(f"{mode}: not all {count} VPCs Ready within an hour")
        time.sleep(1.0)
    ready = time.monotonic() - started
    time.sleep(poll)  # let the creates' follow-up observes pass: what remains is the steady poll
    cpu0, t0 = provider_cpu(manager), time.monotonic()
    time.sleep(window)
    cpu, elapsed = provider_cpu(manager) - cpu0, time.monotonic() - t0
    manager.stop()
    thread.join(120)
    return {"count": count, "ready": ready, "core_share": cpu / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vpcs", type=int, default=100)
    parser.add_argument("--steady", type=int, default=1000)
    parser.add_argument("--poll", type=float, default=60.0)
    parser.add_argument("--window", type=float, default=120.0)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tfbridge-scale-"))
    moto, endpoint = start_moto()
    os.environ["AWS_ENDPOINT_URL"] = endpoint
    os.environ.pop("AWS_CA_BUNDLE", None)
    results: dict[str, dict[str, float]] = {}
    try:
        with local_apiserver(tmp) as kube:
            creds = base64.b64encode(json.dumps({"access_key": "test", "secret_key": "test"}).encode()).decode()
            kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "data": {"credentials": creds},
                                  "metadata": {"name": "aws-creds", "namespace": "crossplane-system"}})
            kube.create(ConfigResources.of(aws.PACKAGE).configs, {
                "apiVersion": "aws.tfbridge.io/v1beta1", "kind": "ProviderConfig", "metadata": {"name": "default"},
                "spec": {"credentials": {"source": "Secret", "secretRef": {"namespace": "crossplane-system",
                                                                           "name": "aws-creds", "key": "credentials"}},
                         "configuration": {"skipCredentialsValidation": True, "skipMetadataApiCheck": "true",
                                           "skipRequestingAccountId": True, "s3UsePathStyle": True}}})
            results["cli"] = run_mode(kube, tmp, "cli", "cli", args.vpcs, args.poll, args.window)
            results["direct"] = run_mode(kube, tmp, "direct", "direct", args.vpcs, args.poll, args.window)
            results["direct-steady"] = run_mode(kube, tmp, "steady", "direct", args.steady, args.poll, args.window) \
                if args.steady != args.vpcs else results["direct"]
    finally:
        moto.terminate()
        moto.wait()
    scale = args.poll / 600.0
    for mode in ("cli", "direct"):
        r = results[mode]
        print(f"{mode:6s} {r['count']:.0f} VPCs Ready in {r['ready']:6.1f} s")
    cli, steady = results["cli"], results["direct-steady"]
    cli_1000 = cli["core_share"] * scale * args.steady / cli["count"]
    print(f"steady state at a 10-minute poll, {args.steady} MRs (measured at a {args.poll:.0f} s poll, scaled):")
    print(f"  direct: {steady['core_share'] * scale * 100:6.2f} % of one core (measured at {steady['count']:.0f} MRs); "
          f"target < 5 % ({'met' if steady['core_share'] * scale < 0.05 else 'NOT met'})")
    print(f"  cli:    {cli_1000 * 100:6.2f} % of one core (extrapolated from {cli['count']:.0f} MRs)")
    print(f"direct 100-VPC target < 60 s: {'met' if results['direct']['ready'] < 60 else 'NOT met'}")


if __name__ == "__main__":
    main()
