"""A reconciler test bench: the curated AWS kinds over the in-process store (or a given cluster), a fake
cloud, real operations."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from bridge.kube import errors
from bridge.kube.client import CRDS, EVENTS, NAMESPACES, Kube, Resource
from bridge.kube.controller import Result
from bridge.kube.redact import Redactor
from bridge.managed.events import Recorder
from bridge.managed.operations import Operations
from bridge.managed.providerconfig import ConfigResources, Connector
from bridge.managed.reconciler import ManagedReconciler
from bridge.managed.secrets import SecretAccess
from devrig.cloud import provider_config
from devrig.fakes import FakeCloud, StoreKube
from tests.support.crds import documents, package_crds
from tests.support.objects import Objects
from tests.support.packages import AWS_CURATED as AWS
from tests.support.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
CRDS_YAML = package_crds(AWS, "aws")


def with_crds(family: str, *plurals: str, group: str | None = None) -> list[dict[str, Any]]:
    """The bench's CRDs and those of ``plurals`` in one generated family beside them (of ``group`` alone when
    given: a family holds both scopes' CRDs). Only their own files are read, parsed once per test process."""
    directory = ROOT / "providers" / "aws" / "crds" / family
    extra = [d for plural in plurals for path in sorted(directory.glob(f"*_{plural}.yaml")) for d in documents(path)
             if d["spec"]["names"]["plural"] == plural and group in (None, d["spec"]["group"])]
    assert extra, f"no CRD of {plurals} in {family}"
    return [*CRDS_YAML, *extra]


# The bench's provider runs in crossplane-system; its tests keep Secrets in "default" too.
ACCESS = SecretAccess.of("crossplane-system", ("default",))


class Bench(Objects):
    def __init__(self, *, max_operations: int = 4, kube: Kube | None = None, access: SecretAccess = ACCESS,
                 crds: list[dict[str, Any]] | None = None) -> None:
        store: Kube = kube or StoreKube()
        super().__init__(store, AWS)
        self.kube: Kube = store
        for crd in CRDS_YAML if crds is None else crds:
            with contextlib.suppress(errors.Conflict):
                store.create(CRDS, crd)
        for ns in ("default", "crossplane-system"):
            with contextlib.suppress(errors.Conflict):
                store.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
        self.cloud = FakeCloud()
        self.done: list[Any] = []  # keys of the operations that ended, in order
        self.ops = Operations(max_concurrent=max_operations, on_done=self.done.append)
        self.redactor = Redactor()
        self.connector = Connector(store, AWS, self.cloud.client, access=access, redactor=self.redactor)
        store.create(ConfigResources.of(AWS).configs,
                     provider_config(AWS.provider.root_group, secret=None, configuration={"region": "us-east-1"}))
        self.reconcilers = {k.kind: self.reconciler(k.kind) for k in AWS.kinds}

    def reconciler(self, kind: str, **options: Any) -> ManagedReconciler:
        """A reconciler of ``kind`` on this bench; ``options`` replace its collaborators."""
        return ManagedReconciler(kube=self.kube, kind=self.kind(kind), package=AWS,
                                 connect=self.connector.connect, operations=self.ops,
                                 recorder=Recorder(self.kube, component="test", redactor=self.redactor), **options)

    def reconcile(self, kind: str, name: str) -> Result:
        return self.reconcilers[kind].reconcile(("", name))

    def create_and_collect(self, kind: str, name: str, for_provider: dict[str, Any]) -> Result:
        """Apply, start the create, let it end, and collect its outcome in the next reconcile."""
        self.apply(kind, name, for_provider)
        self.reconcile(kind, name)
        self.drain()
        return self.reconcile(kind, name)

    def wait_out_backoff(self, kind: str, name: str) -> None:
        op_key = self.reconcilers[kind].op_key(("", name))
        generation = self.get(kind, name)["metadata"]["generation"]
        wait_for(lambda: self.ops.retry_in(op_key, generation) == 0, "the backoff to pass", 5)

    def drain(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while self.ops.in_flight():
            assert time.monotonic() < deadline, "operations did not finish"
            time.sleep(0.01)

    def settle(self, kind: str, name: str, rounds: int = 6) -> Result | None:
        """Reconcile and let operations finish, until a reconcile starts none and none ended uncollected."""
        result = None
        for _ in range(rounds):
            ended = len(self.done)
            result = self.reconcile(kind, name)
            idle = not self.ops.in_flight() and len(self.done) == ended
            if idle and (result.done or result.requeue_after is None):
                return result
            self.drain()
        return result

    def events(self, name: str) -> list[tuple[str, str]]:
        return [(e["type"], e["reason"]) for e in self.event_objects(name)]

    def event_objects(self, name: str) -> list[dict[str, Any]]:
        """The Event objects about ``name``, oldest first."""
        items, _ = self.kube.list(EVENTS, "default")
        mine = [e for e in items if e["involvedObject"]["name"] == name]
        return sorted(mine, key=lambda e: int(e["metadata"].get("resourceVersion") or 0))

    def counting_connect(self, kind: str) -> list[str]:
        """Make ``kind``'s reconciler count its connects; the list of names it connected for."""
        reconciler = self.reconcilers[kind]
        connected: list[str] = []
        real = reconciler.connect

        def connect(mr: Any, k: Any) -> Any:
            connected.append(mr.name)
            return real(mr, k)

        reconciler.connect = connect
        return connected


VPCS = Resource("ec2.aws.tfbridge.io", "v1beta1", "vpcs", "VPC")


def vpc(name: str) -> dict[str, object]:
    """A VPC with just enough spec to be valid."""
    return {"apiVersion": "ec2.aws.tfbridge.io/v1beta1", "kind": "VPC", "metadata": {"name": name},
            "spec": {"forProvider": {"region": "us-east-1"}}}
