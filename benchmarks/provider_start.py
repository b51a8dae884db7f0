"""`tfbridge run` with every AWS kind (the aws_everything fixture) against the local API server, no MRs.

Reports, for the whole provider and for the families asked for: seconds from start to /readyz, CPU
while idle over a window, RSS, threads and open connections to the API server. The API server runs in
its own process with every CRD installed, so the figures are the provider's alone.

    python -m benchmarks.provider_start [--idle 60] [--settle 0] [--families ec2,iam,s3,config] [--timeout 600]
        [--served ec2]
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from benchmarks import aws_everything
from codegen import pipeline
from devrig import children
from devrig.moto import free_port
from devrig.rig import Rig, RigOptions

ROOT = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")

# The fixture as a provider package `tfbridge run --provider` can load.
CONFIG = """from benchmarks import aws_everything

PROVIDER = aws_everything.provider()
"""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime


def _status(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{key}:"):
            return int(line.split()[1])
    return 0


def _connections(pid: int, port: int) -> int:
    """Established TCP connections of ``pid`` to the API server's port."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    count = 0
    for line in Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]:
        parts = line.split()
        if parts[9] in inodes and int(parts[2].split(":")[1], 16) == port and parts[3] == "01":
            count += 1
    return count


def _tail(path: Path, lines: int = 40) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def _ready(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as resp:
            return bool(resp.status == 200)
    except OSError:
        return False


def _server_port(kubeconfig: Path) -> int:
    for line in kubeconfig.read_text().splitlines():
        if "server:" in line:
            return int(line.rsplit(":", 1)[1].strip().strip("/'\""))
    raise SystemExit("no server in the kubeconfig")


def measure(family: str | None, kubeconfig: Path, work: Path, idle: float, timeout: float,
            settle: float = 0.0, extra: tuple[str, ...] = ()) -> dict[str, float]:
    health = free_port()
    args = [sys.executable, "-m", "tfbridge", "run", "--provider", "benchpkgs.awsall", "--kubeconfig",
            str(kubeconfig), "--workspace-root", str(work / "ws"), "--health-port", str(health), "--log-level",
            "warning", *extra] + (["--family", family] if family else [])
    env = {**os.environ, "PYTHONPATH": f"{work}{os.pathsep}{ROOT}"}
    log = (work / f"run-{family or 'all'}.log").open("wb")
    started = time.monotonic()
    proc = subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        while not _ready(health):
            if proc.poll() is not None:
                log.close()
                raise SystemExit(f"tfbridge run ({family or 'all'}) exited {proc.returncode}; the end of its log:\n"
                                 + _tail(work / f"run-{family or 'all'}.log"))
            if time.monotonic() - started > timeout:
                return {"ready_s": float("nan"), "threads": _status(proc.pid, "Threads"),
                        "rss_mb": _status(proc.pid, "VmRSS") / 1024, "idle_cpu_pct": float("nan"),
                        "connections": _connections(proc.pid, _server_port(kubeconfig)), "stop_s": float("nan")}
            time.sleep(0.2)
        ready = time.monotonic() - started
        time.sleep(settle)
        if proc.poll() is not None:
            raise SystemExit(f"tfbridge run ({family or 'all'}) exited {proc.returncode} once ready; the end of its "
                             f"log:\n" + _tail(work / f"run-{family or 'all'}.log"))
        cpu0, t0 = _cpu_seconds(proc.pid), time.monotonic()
        time.sleep(idle)
        cpu = (_cpu_seconds(proc.pid) - cpu0) / (time.monotonic() - t0)
        out = {"ready_s": ready, "idle_cpu_pct": 100 * cpu, "rss_mb": _status(proc.pid, "VmRSS") / 1024,
               "threads": _status(proc.pid, "Threads"), "connections": _connections(proc.pid,
                                                                                     _server_port(kubeconfig))}
        stopping = time.monotonic()
        proc.terminate()
        try:
            proc.wait(120)
            out["stop_s"] = time.monotonic() - stopping
        except subprocess.TimeoutExpired:
            out["stop_s"] = float("inf")
        return out
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--idle", type=float, default=60.0, help="Seconds of idle CPU measured once ready.")
    parser.add_argument("--families", default="ec2,iam,s3,config", help="Families measured alone ('' for none).")
    parser.add_argument("--timeout", type=float, default=600.0, help="Seconds to wait for /readyz.")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="Seconds between ready and the idle window (past 300, it holds watches renewed).")
    parser.add_argument("--skip-whole", action="store_true", help="Only the families.")
    parser.add_argument("--run-args", default="", help="More arguments for tfbridge run.")
    parser.add_argument("--served", default="",
                        help="Serve only these groups' CRDs (ec2,s3); default: every kind's.")
    args = parser.parse_args()
    children.exit_on_sigterm()
    work = Path(tempfile.mkdtemp(prefix="tfbridge-start-"))
    try:
        pkg = work / "benchpkgs" / "awsall"
        pkg.mkdir(parents=True)
        (work / "benchpkgs" / "__init__.py").write_text("")
        (pkg / "__init__.py").write_text("")
        (pkg / "config.py").write_text(CONFIG)
        shutil.copy(aws_everything.AWS / "schema.json.gz", pkg / "schema.json.gz")
        generated = pipeline.generate(aws_everything.provider(), aws_everything.document(), jobs=2)
        pipeline.write_tree(pkg, generated, ("crds",))
        kinds = len(generated.kinds)
        kubeconfig = work / "kubeconfig"
        crds, served = pkg / "crds", kinds
        if args.served:
            # Only these groups' CRDs (and the config kinds') exist, as when a package is installed with the
            # other kinds inactive: a controller waits for its CRD, and costs nothing until it is served.
            crds = work / "served"
            for group in [*args.served.split(","), "config"]:
                shutil.copytree(pkg / "crds" / group, crds / group)
            served = sum(1 for k in generated.kinds if k.group.split(".", 1)[0] in args.served.split(","))
        started = time.monotonic()
        # The API server alone: the provider runs as `tfbridge run`, with no cloud and no ProviderConfig.
        options = RigOptions(moto="none", crds=(crds,), apiserver_timeout=args.timeout, credentials=False,
                             provider_config=False)
        with Rig(work, options) as rig:
            rig.start_apiserver()
            assert rig.server is not None and rig.kubeconfig == kubeconfig
            print(f"API server with {served + 2} CRDs up in {time.monotonic() - started:.1f} s "
                  f"(RSS {_status(rig.server.pid, 'VmRSS') / 1024:.0f} MB)")
            rig.configure(aws_everything.provider())
            runs = ([] if args.skip_whole else [None]) + [f for f in args.families.split(",") if f]
            print(f"{'run':<10} {'kinds':>6} {'ready s':>8} {'idle CPU %':>11} {'RSS MB':>7} {'threads':>8} "
                  f"{'conns':>6} {'stop s':>7}")
            for family in runs:
                count = kinds if family is None else (0 if family == "config" else sum(
                    1 for k in generated.kinds if k.group.split(".", 1)[0] == family))
                m = measure(family, kubeconfig, work, args.idle, args.timeout, args.settle,
                            tuple(shlex.split(args.run_args)))
                print(f"{family or 'all':<10} {count:>6} {m['ready_s']:>8.1f} {m['idle_cpu_pct']:>11.1f} "
                      f"{m['rss_mb']:>7.0f} {m['threads']:>8.0f} {m['connections']:>6.0f} {m['stop_s']:>7.1f}",
                      flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
