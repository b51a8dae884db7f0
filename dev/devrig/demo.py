"""``tfbridge demo``: the README's first command, end to end on one machine.

1. generate providers/aws's CRDs and examples (a no-op when they are up to date);
2. start moto (the cloud) and the local API server;
3. install the CRDs, a credentials Secret and a ProviderConfig;
4. run the provider (real terraform, the real aws provider);
5. apply example resources: a VPC, a subnet and a security group that reference it, a bucket, a role
   and a queue;
6. show them becoming Ready in a live table, then as `kubectl get managed` shows them (when kubectl is
   installed);
7. print `tfbridge workspaces list`;
8. delete everything and show it gone from moto;
9. stop every process it started, and say where the time went.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import yaml
from rich.console import Console
from rich.live import Live
from rich.table import Table

from bridge.settings import EXECUTOR_CHOICES
from codegen import pipeline
from devrig.moto import Moto
from devrig.rig import PROVIDERS, Rig, RigError, RigOptions

# (group, kind) of the examples the demo applies, in order.
EXAMPLES = [("ec2", "VPC"), ("ec2", "Subnet"), ("ec2", "SecurityGroup"), ("s3", "Bucket"), ("iam", "Role"),
            ("sqs", "Queue")]


class Steps:
    def __init__(self, console: Console) -> None:
        self.console = console
        self.times: list[tuple[str, float]] = []

    @contextlib.contextmanager
    def step(self, title: str) -> Iterator[None]:
        self.console.print(f"[bold]▶ {title}[/bold]")
        started = time.monotonic()
        yield
        self.times.append((title, time.monotonic() - started))


def _requirements(plugin_dir: Path | None, terraform: str) -> None:
    if shutil.which(terraform) is None:
        raise click.ClickException(f"the demo needs terraform ({terraform!r} is not on PATH; set TFBRIDGE_TERRAFORM)")
    if plugin_dir is not None and not (plugin_dir / "registry.terraform.io").is_dir():
        raise click.ClickException(f"TFBRIDGE_PLUGIN_DIR={plugin_dir} is not a provider plugin mirror")
    if importlib.util.find_spec("moto") is None or importlib.util.find_spec("boto3") is None:
        raise click.ClickException("the demo needs moto and boto3 as its cloud: pip install 'tfbridge[dev]'")


def _example(provider_dir: Path, group: str, kind: str) -> Path:
    (path,) = sorted((provider_dir / "examples" / group).glob(f"*/{kind.lower()}.yaml"))
    return path


def _conditions(obj: dict[str, Any]) -> dict[str, str]:
    return {c["type"]: c["status"] for c in (obj.get("status") or {}).get("conditions") or []}


@click.command()
@click.option("--provider-dir", type=click.Path(file_okay=False, path_type=Path), default=PROVIDERS / "aws",
              show_default=True)
@click.option("--timeout", type=float, default=600.0, show_default=True, help="Seconds to wait for Ready.")
@click.option("--executor", type=click.Choice(EXECUTOR_CHOICES),
              default=lambda: os.environ.get("TFBRIDGE_EXECUTOR", "auto"), show_default="auto",
              help="As for `tfbridge run` [env TFBRIDGE_EXECUTOR].")
def demo(provider_dir: Path, timeout: float, executor: str) -> None:
    """Run the generated AWS provider against moto, end to end, and clean up."""
    from bridge.kube.client import Resource
    from bridge.settings import ExecutorSettings, Settings
    from bridge.workspace.store import WorkspaceStore
    from tfbridge.run import load_package
    from tfbridge.workspaces import summary

    console = Console()
    steps = Steps(console)
    terraform = os.environ.get("TFBRIDGE_TERRAFORM", "terraform")
    plugin_value = os.environ.get("TFBRIDGE_PLUGIN_DIR") or None
    plugin_dir = Path(plugin_value) if plugin_value else None
    _requirements(plugin_dir, terraform)
    work = Path(tempfile.mkdtemp(prefix="tfbridge-demo-"))
    # Only the CRDs of the groups the demo uses: a provider with every kind has a thousand.
    crds = tuple(provider_dir / "crds" / group for group in sorted({"config", *(g for g, _ in EXAMPLES)}))
    rig = Rig(work, RigOptions(crds=crds))
    try:
        with steps.step("generate providers/aws"):
            regenerated = pipeline.ensure(provider_dir, jobs=min(2, os.cpu_count() or 1))
            provider = pipeline.load_config(provider_dir)
            console.print(f"  CRDs, examples and deployables {'regenerated' if regenerated else 'up to date'}")
        with steps.step("start moto and the local API server"):
            try:
                moto = rig.start_moto()
                kube = rig.start_apiserver()
            except RigError as exc:
                raise click.ClickException(str(exc)) from exc
            console.print(f"  moto at {moto.endpoint}; API server kubeconfig {rig.kubeconfig}")
        with steps.step("install a credentials Secret and a ProviderConfig"):
            rig.configure(provider)
        with steps.step("run the provider"):
            package = load_package("aws")
            package = dataclasses.replace(package, kinds=tuple(
                k for k in package.kinds if (k.config.short_group, k.kind) in EXAMPLES))
            executors = ExecutorSettings(workspace_root=work / "workspaces", terraform=terraform,
                                         plugin_dir=plugin_dir, executor=executor)
            rig.run_provider(package, Settings(executors=executors, health_port=0, poll=60.0, grace=30.0))
        manifests = [yaml.safe_load(_example(provider_dir, group, kind).read_text()) for group, kind in EXAMPLES]

        def res(m: dict[str, Any]) -> Resource:
            group, version = m["apiVersion"].split("/")
            kind = next(k for k in package.kinds if k.kind == m["kind"] and k.api_version == m["apiVersion"])
            return Resource(group, version, kind.config.plural, m["kind"])

        with steps.step("apply example resources and wait for Ready"):
            for m in manifests:
                kube.create(res(m), m)
            started = time.monotonic()

            def table() -> tuple[Table, bool]:
                t = Table(title="managed resources")
                for col in ("KIND", "NAME", "READY", "SYNCED", "EXTERNAL-NAME", "MESSAGE"):
                    t.add_column(col)
                done = True
                for m in manifests:
                    obj = kube.get(res(m), m["metadata"]["name"])
                    conds = _conditions(obj)
                    ready = conds.get("Ready") == "True"
                    done = done and ready
                    message = next((c.get("message", "") for c in (obj.get("status") or {}).get("conditions") or []
                                    if c.get("message")), "")
                    t.add_row(m["kind"], m["metadata"]["name"], conds.get("Ready", ""), conds.get("Synced", ""),
                              (obj["metadata"].get("annotations") or {}).get("crossplane.io/external-name", ""),
                              message[:60])
                t.caption = f"{time.monotonic() - started:.0f}s"
                return t, done

            with Live(table()[0], console=console, refresh_per_second=2) as live:
                while True:
                    current, done = table()
                    live.update(current)
                    if done:
                        break
                    if time.monotonic() - started > timeout:
                        raise click.ClickException(f"not all resources became Ready within {timeout:.0f}s")
                    time.sleep(1)
        kubectl = shutil.which("kubectl")
        if kubectl:
            with steps.step("kubectl get managed"):
                # What a user sees from the same cluster: the CRDs' printer columns, served as a Table.
                env = {**os.environ, "KUBECONFIG": str(rig.kubeconfig), "KUBECACHEDIR": str(work / "kubectl-cache")}
                shown = subprocess.run([kubectl, "get", "managed"], env=env, capture_output=True, text=True,
                                       timeout=60)
                console.print(shown.stdout.rstrip() or shown.stderr.rstrip(), markup=False, highlight=False)
        with steps.step("tfbridge workspaces list"):
            rows = [summary(ws) for ws in WorkspaceStore(work / "workspaces").all()]
            t = Table()
            for col in ("mr", "state", "address", "last_operation", "last_result"):
                t.add_column(col.upper().replace("_", " "))
            for row in rows:
                t.add_row(*(str(row[c]) for c in ("mr", "state", "address", "last_operation", "last_result")))
            console.print(t)
        with steps.step("delete everything and check moto"):
            ids = {m["kind"]: kube.get(res(m), m["metadata"]["name"])["metadata"]["annotations"][
                "crossplane.io/external-name"] for m in manifests}
            for m in reversed(manifests):
                kube.delete(res(m), m["metadata"]["name"])
            deadline = time.monotonic() + timeout
            for m in manifests:
                while True:
                    try:
                        kube.get(res(m), m["metadata"]["name"])
                    except Exception:
                        break
                    if time.monotonic() > deadline:
                        raise click.ClickException(f"{m['kind']}/{m['metadata']['name']} was not deleted in time")
                    time.sleep(0.5)
            left = _cloud_left(moto, ids)
            console.print(f"  left in moto: {left or 'nothing'}")
            if left:
                raise click.ClickException(f"still in moto after deletion: {left}")
    finally:
        with steps.step("clean up"):
            rig.close()
            shutil.rmtree(work, ignore_errors=True)
        timing = Table(title="where the time went")
        timing.add_column("step")
        timing.add_column("seconds", justify="right")
        for title, seconds in steps.times:
            timing.add_row(title, f"{seconds:.1f}")
        console.print(timing)


def _cloud_left(moto: Moto, ids: dict[str, str]) -> list[str]:
    """What moto still has of the demo's resources, asked with boto3."""
    client = moto.client
    left = []
    ec2 = client("ec2")
    if ec2.describe_vpcs(Filters=[{"Name": "vpc-id", "Values": [ids["VPC"]]}])["Vpcs"]:
        left.append(f"VPC {ids['VPC']}")
    if ec2.describe_subnets(Filters=[{"Name": "subnet-id", "Values": [ids["Subnet"]]}])["Subnets"]:
        left.append(f"Subnet {ids['Subnet']}")
    if ec2.describe_security_groups(Filters=[{"Name": "group-id", "Values": [ids["SecurityGroup"]]}])["SecurityGroups"]:
        left.append(f"SecurityGroup {ids['SecurityGroup']}")
    if ids["Bucket"] in [b["Name"] for b in client("s3").list_buckets()["Buckets"]]:
        left.append(f"Bucket {ids['Bucket']}")
    if ids["Role"] in [r["RoleName"] for r in client("iam").list_roles()["Roles"]]:
        left.append(f"Role {ids['Role']}")
    if client("sqs").list_queues().get("QueueUrls"):
        left.append("Queue")
    return left
