"""The CLI and direct executors side by side at scale, against moto, through the whole runtime.

1. Wall time for ``--vpcs`` VPCs applied at once to reach Ready (target for direct: 100 in < 60 s).
2. Steady state: the CPU of one poll of every MR (the provider process, its terraform runs and its
   provider plugins), measured by requeueing every MR once and counting the reconciles, then
   expressed as the share of one core that a 10-minute poll of ``--steady`` MRs costs (target for
   direct: 1,000 MRs under 5 %). Direct is measured at ``--steady`` MRs; the CLI at ``--cli-steady``
   of its VPCs (one CLI poll costs seconds of CPU) and scaled linearly.

    python -m benchmarks.direct_scale [--vpcs 100] [--steady 1000] [--cli-steady 30]
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


class Provider:
    def __init__(self, kube: HTTPKube, root: Path, mode: str) -> None:
        self.kube, self.mode = kube, mode
        plugin_dir = Path(os.environ.get("TFBRIDGE_PLUGIN_DIR") or "/opt/tf-plugins")
        self.manager = Manager(RunSettings(workspace_root=root / mode, health_port=0, poll=3600,
                                           max_concurrent_reconciles=10, max_concurrent_operations=10,
                                           executor=mode, plugin_dir=plugin_dir), aws.PACKAGE, kube)
        self.thread = threading.Thread(target=self.manager.run, daemon=True)
        self.thread.start()
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

    def poll_round(self, count: int) -> float:
        """CPU seconds of one poll of the first ``count`` MRs, back to back."""
        counter = self.manager.metrics.reconciles.labels("VPC", "success")
        before, cpu0 = counter._value.get(), provider_cpu(self.manager)
        for i in range(count):
            self.manager.controllers["aws_vpc"].enqueue(("", f"{self.mode}-{i}"))
        while counter._value.get() - before < count:
            time.sleep(0.05)
        return provider_cpu(self.manager) - cpu0

    def stop(self) -> None:
        self.manager.stop()
        self.thread.join(120)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vpcs", type=int, default=100)
    parser.add_argument("--steady", type=int, default=1000)
    parser.add_argument("--cli-steady", type=int, default=30)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tfbridge-scale-"))
    moto, endpoint = start_moto()
    os.environ["AWS_ENDPOINT_URL"] = endpoint
    os.environ.pop("AWS_CA_BUNDLE", None)
    results: dict[str, float] = {}
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
            cli = Provider(kube, tmp, "cli")
            results["cli_ready"] = cli.add(args.vpcs)
            time.sleep(61)  # past the minute in which an observe may answer from its own apply's state
            results["cli_poll"] = cli.poll_round(args.cli_steady) / args.cli_steady
            cli.stop()
            direct = Provider(kube, tmp, "direct")
            results["direct_ready"] = direct.add(args.vpcs)
            direct.add(args.steady - args.vpcs)
            direct.poll_round(args.steady)  # the first poll after a create plans; later ones may not
            results["direct_poll"] = direct.poll_round(args.steady) / args.steady
            direct.stop()
    finally:
        moto.terminate()
        moto.wait()
    print(f"{args.vpcs} VPCs applied at once, Ready after: cli {results['cli_ready']:.1f} s, "
          f"direct {results['direct_ready']:.1f} s (target for direct < 60 s: "
          f"{'met' if results['direct_ready'] < 60 else 'NOT met'})")
    for mode, measured in (("cli", args.cli_steady), ("direct", args.steady)):
        per_poll = results[f"{mode}_poll"]
        share = per_poll * args.steady / 600.0
        print(f"{mode:6s} CPU per MR poll {per_poll * 1000:8.1f} ms (measured over {measured} MRs): "
              f"{args.steady} MRs at a 10-minute poll = {share * 100:7.2f} % of one core")
    print(f"target for direct < 5 %: {'met' if results['direct_poll'] * args.steady / 600 < 0.05 else 'NOT met'}")


if __name__ == "__main__":
    main()
