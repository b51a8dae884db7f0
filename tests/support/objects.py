"""Managed objects of a provider package, read and written through any Kube: what the in-process
bench (:mod:`tests.support.bench`) and a running manager (:mod:`tests.support.running`) share."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bridge.api.registry import Kind, ProviderPackage
from bridge.kube import errors
from bridge.kube.client import Kube, Resource
from bridge.managed.collaborators import kind_resource
from tests.support.waiting import wait_for


class Objects:
    """The objects of ``package``'s cluster-scoped kinds, or, given a ``namespace``, of its namespaced
    kinds in that namespace (kinds of both scopes share kind names)."""

    def __init__(self, kube: Kube, package: ProviderPackage, *, log: Path | None = None, namespace: str = "") -> None:
        self.kube, self.package, self.namespace = kube, package, namespace
        # The provider's log, when it runs as its own process: a timeout ends with its tail.
        self.log = log
        self._touched: set[str] = set()  # kinds this test read or wrote, described on a timeout

    def kind(self, kind: str) -> Kind:
        return next(k for k in self.package.kinds if k.kind == kind and k.namespaced == bool(self.namespace))

    def res(self, kind: str) -> Resource:
        self._touched.add(kind)
        return kind_resource(self.kind(kind))

    def apply(self, kind: str, name: str, for_provider: dict[str, Any], *, metadata: dict[str, Any] | None = None,
              **spec: Any) -> dict[str, Any]:
        where = {"namespace": self.namespace} if self.namespace else {}
        return self.kube.create(self.res(kind), {"apiVersion": self.kind(kind).api_version, "kind": kind,
                                                 "metadata": {"name": name, **where, **(metadata or {})},
                                                 "spec": {"forProvider": for_provider, **spec}},
                                namespace=self.namespace)

    def create(self, obj: dict[str, Any]) -> dict[str, Any]:
        """Create ``obj`` (a whole manifest, as a restore does)."""
        return self.kube.create(self.res(obj["kind"]), obj, namespace=self.namespace)

    def get(self, kind: str, name: str) -> dict[str, Any]:
        return self.kube.get(self.res(kind), name, self.namespace)

    def patch(self, kind: str, name: str, body: dict[str, Any]) -> dict[str, Any]:
        return self.kube.patch(self.res(kind), name, body, namespace=self.namespace)

    def delete(self, kind: str, name: str) -> None:
        self.kube.delete(self.res(kind), name, self.namespace)

    def condition(self, kind: str, name: str, ctype: str) -> dict[str, Any]:
        try:
            obj = self.get(kind, name)
        except errors.NotFound:
            return {}
        return next((c for c in (obj.get("status") or {}).get("conditions") or [] if c["type"] == ctype), {})

    def ready(self, kind: str, name: str) -> bool:
        return self.condition(kind, name, "Ready").get("status") == "True"

    def gone(self, kind: str, name: str) -> bool:
        try:
            self.get(kind, name)
            return False
        except errors.NotFound:
            return True

    def conditions(self, kind: str, name: str) -> str:
        try:
            obj = self.get(kind, name)
        except errors.NotFound:
            return "gone"
        return ", ".join(f"{c['type']}={c['status']} ({c.get('reason', '')}: {c.get('message', '')})"
                         for c in (obj.get("status") or {}).get("conditions") or []) or "no conditions"

    def not_ready(self, objects: list[tuple[str, str]], *, synced: bool = False) -> list[tuple[str, str]]:
        """Which of ``objects`` are not Ready (and Synced): one list call per kind, not a GET each."""
        wanted = ("Ready", "Synced") if synced else ("Ready",)
        good: set[tuple[str, str]] = set()
        for kind in sorted({k for k, _ in objects}):
            for obj in self.kube.list(self.res(kind), self.namespace)[0]:
                conds = {c["type"]: c["status"] for c in (obj.get("status") or {}).get("conditions") or []}
                if all(conds.get(t) == "True" for t in wanted):
                    good.add((kind, obj["metadata"]["name"]))
        return [o for o in objects if o not in good]

    def state(self) -> str:
        """Every object of the kinds this test touched, with its conditions and finalizers, and the tail of
        the provider's log: what a timeout reports, so that it says which object was stuck and why."""
        lines = []
        for kind in sorted(self._touched):
            try:
                items = self.kube.list(kind_resource(self.kind(kind)), self.namespace)[0]
            except errors.APIError as exc:
                lines.append(f"{kind}: cannot list: {exc}")
                continue
            for obj in items:
                meta = obj["metadata"]
                conds = ", ".join(f"{c['type']}={c['status']} ({c.get('reason', '')}: {c.get('message', '')})"
                                  for c in (obj.get("status") or {}).get("conditions") or []) or "no conditions"
                deleting = " deleting" if meta.get("deletionTimestamp") else ""
                shown = f"{meta['namespace']}/{meta['name']}" if meta.get("namespace") else meta["name"]
                lines.append(f"{kind}/{shown}{deleting}: {conds}; finalizers {meta.get('finalizers') or []}")
        if self.log is not None and self.log.exists():
            lines += ["provider log:", *self.log.read_text(errors="replace").splitlines()[-80:]]
        return "\n".join(lines)

    def wait(self, condition: Callable[[], object], what: str, timeout: float = 60.0) -> object:
        """:func:`wait_for`, whose timeout reports :meth:`state`."""
        return wait_for(condition, lambda: f"{what}; the objects now:\n{self.state()}", timeout)

    def wait_ready(self, objects: list[tuple[str, str]], what: str, *, timeout: float, synced: bool = False) -> None:
        """Wait until all ``objects`` are Ready (and Synced); a timeout names each straggler and its
        conditions, and ends with the tail of the provider's log when it runs as a process."""
        self.wait(lambda: not self.not_ready(objects, synced=synced), what, timeout)

    def wait_gone(self, objects: list[tuple[str, str]], what: str, *, timeout: float = 60.0) -> None:
        """Wait until all ``objects`` are deleted, with the same report on a timeout."""
        self.wait(lambda: all(self.gone(k, n) for k, n in objects), what, timeout)
