"""CPU per observe of one aws_vpc against moto: provider spawned per run vs one shared process.

Counts terraform's CPU (and a spawned provider's, which terraform reaps) from our child-process
times, and a shared provider's from /proc. Target (issue 3): at most 3 s CPU per observe.

    python -m benchmarks.observe_cpu [--observes 5]
Needs terraform, TFBRIDGE_PLUGIN_DIR (or /opt/tf-plugins) and moto.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.tfexec.client import Executor, Settings
from providers.aws import zz_registry as aws

TICK = os.sysconf("SC_CLK_TCK")
SETUP = ProviderSetup(
    configuration={"skip_credentials_validation": True, "skip_metadata_api_check": True,
                   "skip_requesting_account_id": True, "s3_use_path_style": True},
    credentials_env={"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test"})


def children_cpu() -> float:
    t = os.times()
    return t.children_user + t.children_system


def proc_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def measure(root: Path, endpoint: str, shared: bool, observes: int) -> list[float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    env["AWS_ENDPOINT_URL"] = endpoint
    plugin_dir = os.environ.get("TFBRIDGE_PLUGIN_DIR") or "/opt/tf-plugins"
    ex = Executor(Settings(workspace_root=root, plugin_dir=Path(plugin_dir), base_env=env, shared_providers=shared),
                  aws.PROVIDER)
    kind = aws.PACKAGE.by_type("aws_vpc")
    client = ex.client(kind, SETUP)
    mr = Managed({"apiVersion": kind.api_version, "kind": "VPC", "metadata": {"name": f"bench-{shared}", "uid": "u"},
                  "spec": {"forProvider": {"region": "us-east-1", "cidrBlock": "10.50.0.0/16"}}})
    mr.set_external_name(client.create(mr).external_name)
    client.observe(mr)  # warm: plugin link, provider start
    samples = []
    for _ in range(observes):
        c0, p0 = children_cpu(), proc_cpu(ex.pool.pids())
        seen = client.observe(mr)
        assert seen.exists and seen.up_to_date
        samples.append(children_cpu() - c0 + proc_cpu(ex.pool.pids()) - p0)
    client.delete(mr)
    ex.shutdown()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--observes", type=int, default=5)
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    moto = subprocess.Popen([sys.executable, "-m", "moto.server", "-p", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{endpoint}/moto-api/", timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("moto_server did not start") from None
            time.sleep(0.1)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            results = {mode: measure(Path(tmp) / mode, endpoint, mode == "shared", args.observes)
                       for mode in ("spawned", "shared")}
    finally:
        moto.terminate()
        moto.wait()
    for mode, samples in results.items():
        print(f"{mode:8s} CPU per observe: median {statistics.median(samples):.2f} s "
              f"(min {min(samples):.2f}, max {max(samples):.2f}, n={len(samples)})")
    ratio = statistics.median(results["spawned"]) / statistics.median(results["shared"])
    print(f"shared provider saves {ratio:.2f}x; target: at most 3 s per observe "
          f"({'met' if statistics.median(results['shared']) <= 3 else 'NOT met'})")


if __name__ == "__main__":
    main()
