"""CPU per observe of one aws_vpc against moto, side by side: the terraform CLI with the provider
spawned per run, the CLI with one shared provider process, and the direct executor (the provider's
protocol over gRPC, no terraform run).

Counts terraform's CPU (and a spawned provider's, which terraform reaps) from our child-process
times, a long-lived provider's from /proc, and our own process's CPU too (the direct executor's
encoding, planning and gRPC overhead; the shared CLI's front, which passes terraform's calls on to the
provider process and answers its schema narrowed to the run's types). Targets: CLI at most 3 s; direct at most
25 ms including the bridge.

    python -m benchmarks.observe_cpu [--observes 5]
Needs terraform, TFBRIDGE_PLUGIN_DIR (or /opt/tf-plugins) and moto.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from bridge.api import registry
from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.executors import Executors
from bridge.settings import ExecutorSettings
from devrig import children
from devrig.cloud import MOTO_CONFIGURATION, MOTO_CREDENTIALS
from devrig.moto import Moto

AWS = registry.load("aws")

TICK = os.sysconf("SC_CLK_TCK")
SETUP = ProviderSetup(configuration=MOTO_CONFIGURATION, credentials_env=MOTO_CREDENTIALS)


def children_cpu() -> float:
    t = os.times()
    return t.children_user + t.children_system


def proc_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


MODES = ("spawned", "shared", "direct")


def measure(root: Path, endpoint: str, mode: str, observes: int) -> list[float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    env["AWS_ENDPOINT_URL"] = endpoint
    plugin_dir = os.environ.get("TFBRIDGE_PLUGIN_DIR") or "/opt/tf-plugins"
    settings = ExecutorSettings(workspace_root=root, plugin_dir=Path(plugin_dir), base_env=env,
                                shared_providers=mode == "shared", executor="direct" if mode == "direct" else "cli")
    ex = Executors(settings, AWS)

    def pids() -> list[int]:
        return list(ex.stats().provider_pids)

    kind = AWS.by_type("aws_vpc")
    client = ex.client(kind, SETUP)
    mr = Managed({"apiVersion": kind.api_version, "kind": "VPC", "metadata": {"name": f"bench-{mode}", "uid": "u"},
                  "spec": {"forProvider": {"region": "us-east-1", "cidrBlock": "10.50.0.0/16"}}})
    mr.set_external_name(client.create(mr).external_name)
    client.observe(mr)  # warm: plugin link, provider start
    samples = []
    ws = ex.cli.store.get(mr.api_version, mr.kind, mr.name)
    split = [0.0, 0.0]
    for _ in range(observes):
        ws.update_meta(fresh_state=None)  # measure a real refresh, not the answer our own apply left
        c0, p0, own0 = children_cpu(), proc_cpu(pids()), time.process_time()
        seen = client.observe(mr)
        assert seen.exists and seen.up_to_date
        # Our own share: the direct executor's encoding and planning; on the shared CLI, the front passing the
        # provider's calls on (spawned, it is waiting only).
        own = time.process_time() - own0
        samples.append(children_cpu() - c0 + proc_cpu(pids()) - p0 + own)
        split[0] += own
        split[1] += samples[-1] - own
    if mode != "spawned":
        others = "the provider's" if mode == "direct" else "terraform's and the provider's"
        print(f"{mode}: the bridge's own share {split[0] / observes * 1000:.1f} ms, {others} "
              f"{split[1] / observes * 1000:.1f} ms per observe (mean)")
    client.delete(mr)
    ex.shutdown()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--observes", type=int, default=5)
    parser.add_argument("--direct-observes", type=int, default=50)
    args = parser.parse_args()
    children.exit_on_sigterm()
    with Moto.start() as moto, tempfile.TemporaryDirectory() as tmp:
        results = {mode: measure(Path(tmp) / mode, moto.endpoint, mode,
                                 args.direct_observes if mode == "direct" else args.observes)
                   for mode in MODES}
    # A process's CPU in /proc advances in clock ticks (10 ms here): one sample of a 25 ms observe reads
    # 20 or 30 ms. The mean over many samples is exact; the median and range are of quantized samples.
    for mode, samples in results.items():
        print(f"{mode:8s} CPU per observe: mean {statistics.fmean(samples) * 1000:8.1f} ms, median "
              f"{statistics.median(samples) * 1000:.1f} (min {min(samples) * 1000:.1f}, max {max(samples) * 1000:.1f}, "
              f"n={len(samples)}; ticks of {1000 / TICK:.0f} ms)")
    median = {mode: statistics.fmean(samples) for mode, samples in results.items()}
    print(f"shared provider saves {median['spawned'] / median['shared']:.2f}x over spawned (means); "
          f"CLI target at most 3 s "
          f"({'met' if median['shared'] <= 3 else 'NOT met'})")
    print(f"direct saves {median['shared'] / median['direct']:.0f}x over the shared CLI; target at most 25 ms "
          f"({'met' if median['direct'] <= 0.025 else 'NOT met'})")


if __name__ == "__main__":
    main()
