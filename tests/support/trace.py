"""What `crossplane beta trace` reads of a composite and its managed resources, and the rows it prints.

Learned from crossplane's ``cmd/crank/beta/trace`` (before the CLI moved to crossplane/cli; behaviour,
not code): the loader follows a composite's ``spec.crossplane.resourceRefs`` (Crossplane v2) and
``spec.resourceRefs`` (v1) and a claim's ``spec.resourceRef``, each child fetched by its apiVersion and
kind through discovery, a ref without a namespace taking its parent's; a managed resource has none of
these fields, so it is a leaf. The default printer's row: ``Kind/name`` (and `` (namespace)``), the
``crossplane.io/composition-resource-name`` annotation (``-o wide``), the statuses of ``Synced`` and
``Ready`` (``-`` when absent), and a STATUS column: ``Deleting`` with a deletion timestamp; the Ready
reason when both are True; else the reason and message of Synced when it is not True, else of Ready;
a message longer than 64 characters shown as ``...`` and its last 64.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from kubernetes import dynamic

COMPOSITION_RESOURCE_NAME = "crossplane.io/composition-resource-name"
MESSAGE_SHOWN = 64


@dataclasses.dataclass(frozen=True)
class Row:
    name: str
    resource: str
    synced: str
    ready: str
    status: str


def _condition(obj: dict[str, Any], ctype: str) -> dict[str, Any]:
    for c in (obj.get("status") or {}).get("conditions") or []:
        if c.get("type") == ctype:
            return dict(c)
    return {}


def status_of(obj: dict[str, Any]) -> str:
    ready, synced = _condition(obj, "Ready"), _condition(obj, "Synced")
    message = ""
    if (obj.get("metadata") or {}).get("deletionTimestamp"):
        status = "Deleting"
    elif ready.get("status") == "True" and synced.get("status") == "True":
        status = str(ready.get("reason") or "")
    elif synced.get("status") != "True" and (synced.get("reason") or synced.get("message")):
        status, message = str(synced.get("reason") or ""), str(synced.get("message") or "")
    else:
        status, message = str(ready.get("reason") or ""), str(ready.get("message") or "")
    if len(message) > MESSAGE_SHOWN:
        message = "..." + message[-MESSAGE_SHOWN:]
    return f"{status}: {message}" if message else status


def children(obj: dict[str, Any]) -> list[dict[str, str]]:
    spec = obj.get("spec") or {}
    refs = [*((spec.get("crossplane") or {}).get("resourceRefs") or []), *(spec.get("resourceRefs") or [])]
    if isinstance(spec.get("resourceRef"), dict):
        refs.append(spec["resourceRef"])
    namespace = (obj.get("metadata") or {}).get("namespace") or ""
    return [{**r, "namespace": r.get("namespace") or namespace} for r in refs]


def trace(api_client: Any, api_version: str, kind: str, name: str, namespace: str = "") -> list[Row]:
    """The rows of ``crossplane beta trace <kind> <name>``, depth first as it prints them."""
    client = dynamic.DynamicClient(api_client)
    rows: list[Row] = []

    def visit(ref: dict[str, str], depth: int) -> None:
        api = client.resources.get(api_version=ref["apiVersion"], kind=ref["kind"])
        obj = api.get(name=ref["name"], namespace=ref.get("namespace") or None).to_dict()
        meta = obj.get("metadata") or {}
        shown = f"{obj['kind']}/{meta['name']}" + (f" ({meta['namespace']})" if meta.get("namespace") else "")
        rows.append(Row("  " * depth + shown, (meta.get("annotations") or {}).get(COMPOSITION_RESOURCE_NAME, ""),
                        _condition(obj, "Synced").get("status") or "-",
                        _condition(obj, "Ready").get("status") or "-", status_of(obj)))
        for child in children(obj):
            visit(child, depth + 1)

    visit({"apiVersion": api_version, "kind": kind, "name": name, "namespace": namespace}, 0)
    return rows
