"""CPU per observe of one tfbtest_project (the repository's protocol-6 test provider, testprovider/), side
by side: the terraform CLI with the provider spawned per run, the CLI with one shared provider process
(reattached), and the direct executor. Counted as ``benchmarks.observe_cpu`` counts the aws provider's:
terraform's and a spawned provider's CPU from our child-process times, a long-lived provider's from /proc,
and for the direct executor our own process's CPU too.

    python -m benchmarks.tfbtest_observe_cpu [--observes 10] [--direct-observes 100]
Needs terraform on PATH.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.observe_cpu import MODES, children_cpu, proc_cpu
from bridge.api import registry
from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.executors import Executors
from bridge.settings import ExecutorSettings
from devrig import children
from testprovider import NAME, SOURCE, VERSION, mirror
from testprovider.store import Store
from tfbridge.schema import from_plugin
from tfconfig import Provider
from tfschema import schema as s

TOKEN = "benchmark-token"
PROVIDER = Provider(name=NAME, source=SOURCE, version=VERSION, root_group=f"{NAME}.tfbridge.io",
                    resource_prefix=f"{NAME}_", include=(f"{NAME}_*",))


def measure(root: Path, mirror_dir: Path, package: registry.ProviderPackage, mode: str, observes: int) -> list[float]:
    store = Store.create(root / f"{mode}.db", TOKEN)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "TFBTEST_"))}
    settings = ExecutorSettings(workspace_root=root / mode, plugin_dir=mirror_dir, base_env=env,
                                shared_providers=mode == "shared", executor="direct" if mode == "direct" else "cli")
    ex = Executors(settings, package)
    setup = ProviderSetup(configuration={"endpoint": str(store.path)}, credentials_env={"TFBTEST_TOKEN": TOKEN})
    kind = package.by_type("tfbtest_project")
    client = ex.client(kind, setup)
    mr = Managed({"apiVersion": kind.api_version, "kind": kind.kind, "metadata": {"name": f"bench-{mode}", "uid": "u"},
                  "spec": {"forProvider": {"name": "bench", "description": "measured", "tier": "standard"}}})
    mr.set_external_name(client.create(mr).external_name)
    client.observe(mr)  # warm: plugin link, provider start
    ws = ex.cli.store.get(mr.api_version, mr.kind, mr.name)
    samples = []
    own_total = 0.0
    for _ in range(observes):
        ws.update_meta(fresh_state=None)  # measure a real refresh, not the answer our own apply left
        c0, p0, own0 = children_cpu(), proc_cpu(list(ex.stats().provider_pids)), time.process_time()
        seen = client.observe(mr)
        assert seen.exists and seen.up_to_date
        own = time.process_time() - own0 if mode == "direct" else 0.0
        samples.append(children_cpu() - c0 + proc_cpu(list(ex.stats().provider_pids)) - p0 + own)
        own_total += own
    if mode == "direct":
        print(f"direct: the bridge's own share {own_total / observes * 1000:.2f} ms, the plugin's "
              f"{(sum(samples) - own_total) / observes * 1000:.2f} ms per observe (mean)")
    client.delete(mr)
    assert store.count() == 0
    ex.shutdown()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--observes", type=int, default=10)
    parser.add_argument("--direct-observes", type=int, default=100)
    parser.add_argument("--modes", default=",".join(MODES), help="Of spawned, shared, direct.")
    parser.add_argument("--terraform", default=os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))
    args = parser.parse_args()
    children.exit_on_sigterm()
    with tempfile.TemporaryDirectory() as tmp:
        mirror_dir = Path(tmp) / "mirror"
        mirror.install(mirror_dir)
        document = s.document(from_plugin(NAME, SOURCE, VERSION, mirror_dir, args.terraform),
                              f"registry.terraform.io/{SOURCE}")
        package = registry.from_document(PROVIDER, document)
        results = {mode: measure(Path(tmp), mirror_dir, package, mode,
                                 args.direct_observes if mode == "direct" else args.observes)
                   for mode in args.modes.split(",")}
    for mode, samples in results.items():
        print(f"{mode:8s} CPU per observe: mean {statistics.fmean(samples) * 1000:8.1f} ms, median "
              f"{statistics.median(samples) * 1000:.1f} (min {min(samples) * 1000:.1f}, "
              f"max {max(samples) * 1000:.1f}, n={len(samples)})")
    mean = {mode: statistics.fmean(samples) for mode, samples in results.items()}
    if set(mean) == set(MODES):
        print(f"direct saves {mean['shared'] / mean['direct']:.0f}x over the shared CLI, "
              f"{mean['spawned'] / mean['direct']:.0f}x over the spawned one (means)")


if __name__ == "__main__":
    main()
