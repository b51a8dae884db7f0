"""The test provider plugin (testprovider, tfbtest 0.1.0): how long it takes to start, and per call.

Reports, over ``--runs`` runs each: seconds from exec to the handshake line, plaintext (as the direct
executor starts it) and with AutoMTLS (as terraform starts it); a ready provider through
``bridge.tfplugin.provider.Provider`` (handshake, reflection, schema, validate and configure); then
per call on a ready provider, the wall milliseconds the caller waits and the plugin's own CPU
milliseconds (averaged over the calls): ValidateResourceConfig, PlanResourceChange, ApplyResourceChange
(an update), ReadResource, ImportResourceState + ReadResource; and the wall seconds of terraform's
init, plan and apply of one project. With ``--aws DIR`` (a plugin mirror), the aws plugin's time to
its handshake beside it.

    python -m benchmarks.tfbtest_plugin [--runs 20] [--aws /opt/tf-plugins]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bridge.tfplugin import cty, plan
from bridge.tfplugin.process import MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE
from bridge.tfplugin.provider import Provider
from testprovider import mirror
from testprovider.store import Store

CLK_TCK = os.sysconf("SC_CLK_TCK")
TOKEN = "benchmark-token"


def _cpu_ms(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return 1000 * (int(fields[11]) + int(fields[12])) / CLK_TCK


def _handshake_seconds(binary: Path, env: dict[str, str]) -> float:
    started = time.monotonic()
    proc = subprocess.Popen([str(binary)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        took = time.monotonic() - started
        if not line.startswith(b"1|"):
            raise SystemExit(f"{binary.name}: no handshake ({line[:200]!r})")
        return took
    finally:
        proc.terminate()
        proc.wait(10)


def _client_cert() -> str:
    """A client certificate as go-plugin's AutoMTLS sends one (its key is not needed to start)."""
    from devserver.tls import Certificate

    return Certificate().pem.decode()


def _row(name: str, values: list[float], unit: str) -> None:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    print(f"{name:<44} {statistics.median(values):>9.2f} {p90:>9.2f} {unit}")


def _per_call(p: Provider, runs: int, call: Callable[[], Any]) -> tuple[list[float], float]:
    """Each call's wall milliseconds; the plugin's CPU milliseconds per call, over them all (the kernel
    counts CPU in ticks of 10 ms)."""
    wall = []
    cpu0 = _cpu_ms(p.pid)
    for _ in range(runs):
        t0 = time.perf_counter()
        call()
        wall.append(1000 * (time.perf_counter() - t0))
    return wall, (_cpu_ms(p.pid) - cpu0) / runs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--aws", type=Path, default=None, help="A plugin mirror holding hashicorp/aws, to compare.")
    parser.add_argument("--terraform", default=os.environ.get("TFBRIDGE_TERRAFORM", "terraform"))
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="tfbridge-tfbtest-"))
    try:
        binary = mirror.install(work / "mirror")
        store = Store.create(work / "store.db", TOKEN)
        env = {**os.environ, MAGIC_COOKIE_KEY: MAGIC_COOKIE_VALUE, "PLUGIN_PROTOCOL_VERSIONS": "5,6"}
        env.pop("PLUGIN_CLIENT_CERT", None)
        print(f"{'':<44} {'median':>9} {'p90':>9}")
        _row("start to handshake, plaintext", [_handshake_seconds(binary, env) for _ in range(args.runs)], "s")
        tls = {**env, "PLUGIN_CLIENT_CERT": _client_cert()}
        _row("start to handshake, AutoMTLS", [_handshake_seconds(binary, tls) for _ in range(args.runs)], "s")
        if args.aws is not None:
            aws = next(args.aws.glob("registry.terraform.io/hashicorp/aws/*/*/terraform-provider-aws*"))
            _row(f"aws {aws.parent.parent.name}: start to handshake",
                 [_handshake_seconds(aws, env) for _ in range(max(3, args.runs // 4))], "s")
        ready = []
        for _ in range(max(3, args.runs // 4)):
            t0 = time.monotonic()
            Provider(binary, env, {"endpoint": str(store.path), "token": TOKEN}).stop()
            ready.append(time.monotonic() - t0)
        _row("ready Provider (reflection, schema, configure)", ready, "s")

        p = Provider(binary, env, {"endpoint": str(store.path), "token": TOKEN})
        try:
            s = p.schema("tfbtest_project")
            first = s.block.with_absent_blocks(cty.conform(s.type, {"name": "bench", "description": "a"}))
            made = p.plan("tfbtest_project", None, plan.proposed_new(s.block, None, first), first, b"", 30)
            state, private, _ = p.apply("tfbtest_project", None, made.state, first, made.private, 30)
            second = s.block.with_absent_blocks(cty.conform(s.type, {"name": "bench", "description": "b"}))
            change = p.plan("tfbtest_project", state, plan.proposed_new(s.block, state, second), second, private, 30)
            configs = [first, second]

            def apply_update() -> None:
                nonlocal state, private
                config = configs[0]
                configs.reverse()
                step = p.plan("tfbtest_project", state, plan.proposed_new(s.block, state, config), config, private, 30)
                state, private, _ = p.apply("tfbtest_project", state, step.state, config, step.private, 30)

            def imported() -> None:
                (found,) = p.import_state("tfbtest_project", "bench", 30)
                p.read("tfbtest_project", found.state, found.private, 30)

            for name, call in (
                    ("ValidateResourceConfig", lambda: p.validate("tfbtest_project", second, 30, "invalid")),
                    ("PlanResourceChange", lambda: p.plan("tfbtest_project", state, change.state, second, private,
                                                          30)),
                    ("ReadResource", lambda: p.read("tfbtest_project", state, private, 30)),
                    ("Plan + ApplyResourceChange (update)", apply_update),
                    ("ImportResourceState + ReadResource", imported)):
                wall, cpu = _per_call(p, args.runs * 10, call)
                _row(f"{name}: wall", wall, "ms")
                print(f"{name + ': plugin CPU per call':<44} {cpu:>9.2f} {'':>9} ms")
        finally:
            p.stop()

        if shutil.which(args.terraform):
            _terraform(args.terraform, work, store)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _terraform(terraform: str, work: Path, store: Store) -> None:
    from bridge.tfexec.plugins import cli_config

    wd = work / "tf"
    wd.mkdir()
    (wd / "cli.tfrc").write_text(cli_config(work / "mirror"))
    (wd / "main.tf").write_text(
        'terraform {\n  required_providers {\n    tfbtest = { source = "tfbridge/tfbtest", version = "0.1.0" }\n'
        f'  }}\n}}\nprovider "tfbtest" {{\n  endpoint = "{store.path}"\n  token = "{TOKEN}"\n}}\n'
        'resource "tfbtest_project" "p" {\n  name = "tf"\n}\n')
    env = {**os.environ, "TF_CLI_CONFIG_FILE": str(wd / "cli.tfrc"), "CHECKPOINT_DISABLE": "1", "TF_IN_AUTOMATION": "1"}
    for args in (["init", "-input=false"], ["plan", "-input=false"], ["apply", "-auto-approve", "-input=false"],
                 ["plan", "-input=false"]):
        t0 = time.monotonic()
        subprocess.run([terraform, *args, "-no-color"], cwd=wd, env=env, check=True, capture_output=True)
        print(f"terraform {args[0]:<35} {time.monotonic() - t0:>9.2f} s")


if __name__ == "__main__":
    main()
