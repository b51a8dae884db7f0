"""Checking the API calls a provider made against the roles generated for it: its ClusterRole, and
the Role in its own namespace (which allows calls in that namespace only)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from pathlib import Path
from typing import Any

from tests.support.crds import documents

ROOT = Path(__file__).resolve().parents[2]


def _load(provider_dir: str, family: str | None, name: str) -> dict[str, Any]:
    """A generated role (AWS's ClusterRole is 400 KB of YAML, read at the end of every test that started a
    manager), parsed once per test process (see :func:`tests.support.crds.documents`)."""
    base = ROOT / "providers" / provider_dir
    path = base / "families" / family / name if family else base / "deploy" / name
    return documents(path)[0]


def cluster_role(provider_dir: str, family: str | None = None) -> dict[str, Any]:
    return _load(provider_dir, family, "clusterrole.yaml")


def role(provider_dir: str, family: str | None = None) -> dict[str, Any]:
    return _load(provider_dir, family, "role.yaml")


def allowed(rules: Iterable[Mapping[str, Any]], verb: str, group: str, resource: str) -> bool:
    return any(group in r["apiGroups"] and resource in r["resources"] and verb in r["verbs"] for r in rules)


def uncovered(calls: Mapping[tuple[str, str, str], int], cluster: Mapping[str, Any],
              namespaced: Mapping[str, Any] | None = None,
              namespaces: Mapping[tuple[str, str, str], Set[str]] | None = None) -> list[str]:
    """Every (verb, group, resource) called that the roles do not allow: the ClusterRole anywhere,
    the Role only when every such call was in the Role's namespace."""
    out = []
    for key in calls:
        verb, group, resource = key
        if allowed(cluster["rules"], verb, group, resource):
            continue
        if namespaced is not None and allowed(namespaced["rules"], verb, group, resource):
            used = (namespaces or {}).get(key, set())
            outside = sorted(ns or "<all namespaces>" for ns in used if ns != namespaced["metadata"]["namespace"])
            if not outside:
                continue
            out.append(f"{verb} {group or 'core'}/{resource} in {', '.join(outside)}")
            continue
        out.append(f"{verb} {group or 'core'}/{resource}")
    return sorted(out)
