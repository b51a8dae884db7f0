"""A reconciler test bench: the AWS kinds over the in-process store (or, given one, a cluster through
the real HTTP client), a fake cloud, real operations."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from bridge.kube import errors
from bridge.kube.client import CRDS, EVENTS, NAMESPACES, Kube
from bridge.kube.controller import Result
from bridge.kube.redact import Redactor
from bridge.managed.events import Recorder
from bridge.managed.operations import Operations
from bridge.managed.providerconfig import ConfigResources, Connector
from bridge.managed.reconciler import ManagedReconciler, kind_resource
from bridge.managed.secrets import SecretAccess
from bridge.testing import FakeCloud, StoreKube
from devserver.manifests import crd_manifests
from tests.conftest import wait_for
from tests.packages import AWS_CURATED as AWS

ROOT = Path(__file__).resolve().parents[2]
_WANTED = {(k.config.group, k.config.plural) for k in AWS.kinds}
# The curated kinds' CRDs and the ProviderConfig kinds' (not all 1,400: reading them takes seconds).
CRDS_YAML = [d for group in sorted({k.config.short_group for k in AWS.kinds} | {"config"})
             for d in crd_manifests(ROOT / "providers/aws/crds" / group)
             if d["spec"]["group"] == AWS.provider.root_group
             or (d["spec"]["group"], d["spec"]["names"]["plural"]) in _WANTED]


# The bench's provider runs in crossplane-system; its tests keep Secrets in "default" too.
ACCESS = SecretAccess.of("crossplane-system", ("default",))


class Bench:
    def __init__(self, *, max_operations: int = 4, kube: Kube | None = None,
                 access: SecretAccess = ACCESS, crds: list[dict[str, Any]] | None = None) -> None:
        self.kube: Kube = kube or StoreKube()
        for crd in CRDS_YAML if crds is None else crds:
            with contextlib.suppress(errors.Conflict):
                self.kube.create(CRDS, crd)
        for ns in ("default", "crossplane-system"):
            with contextlib.suppress(errors.Conflict):
                self.kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}})
        self.cloud = FakeCloud()
        self.done: list[Any] = []
        self.ops = Operations(max_concurrent=max_operations, on_done=self.done.append)
        self.redactor = Redactor()
        self.connector = Connector(self.kube, AWS, self.cloud.client, access=access, redactor=self.redactor)
        self.kube.create(ConfigResources.of(AWS).configs, {
            "apiVersion": "aws.tfbridge.io/v1beta1", "kind": "ProviderConfig", "metadata": {"name": "default"},
            "spec": {"credentials": {"source": "None"}, "configuration": {"region": "us-east-1"}}})
        self.reconcilers = {k.kind: ManagedReconciler(kube=self.kube, kind=k, package=AWS,
                                                      connect=self.connector.connect, operations=self.ops,
                                                      recorder=Recorder(self.kube, component="test",
                                                                        redactor=self.redactor))
                            for k in AWS.kinds}

    def res(self, kind: str) -> Any:
        return kind_resource(self.reconcilers[kind].kind)

    def apply(self, kind: str, name: str, for_provider: dict[str, Any], **extra: Any) -> dict[str, Any]:
        k = self.reconcilers[kind].kind
        metadata = {"name": name, **extra.pop("metadata", {})}
        return self.kube.create(self.res(kind), {"apiVersion": k.api_version, "kind": kind, "metadata": metadata,
                                                 "spec": {"forProvider": for_provider, **extra}})

    def get(self, kind: str, name: str) -> dict[str, Any]:
        return self.kube.get(self.res(kind), name)

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
        wait_for(lambda: self.ops.retry_in(op_key, generation) == 0, what="the backoff to pass", timeout=5)

    def drain(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while self.ops.in_flight():
            assert time.monotonic() < deadline, "operations did not finish"
            time.sleep(0.01)

    def settle(self, kind: str, name: str, rounds: int = 6) -> Result | None:
        """Reconcile and let operations finish, until a reconcile starts none."""
        result = None
        for _ in range(rounds):
            result = self.reconcile(kind, name)
            op_key = self.reconcilers[kind].op_key(("", name))
            idle = not self.ops.in_flight() and not self.ops.has_outcome(op_key)
            if idle and (result.done or result.requeue_after is None):
                return result
            self.drain()
        return result

    def condition(self, kind: str, name: str, ctype: str) -> dict[str, Any]:
        conds = {c["type"]: c for c in (self.get(kind, name).get("status") or {}).get("conditions") or []}
        return conds.get(ctype, {})

    def events(self, name: str) -> list[tuple[str, str]]:
        items, _ = self.kube.list(EVENTS, "default")
        return [(e["type"], e["reason"]) for e in items if e["involvedObject"]["name"] == name]
