"""Checking the API calls a provider made against the ClusterRole generated for it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]


def cluster_role(provider_dir: str, family: str | None = None) -> dict[str, Any]:
    base = ROOT / "providers" / provider_dir
    path = base / "families" / family / "clusterrole.yaml" if family else base / "deploy" / "clusterrole.yaml"
    doc: dict[str, Any] = yaml.safe_load(path.read_text())
    return doc


def allowed(rules: Iterable[Mapping[str, Any]], verb: str, group: str, resource: str) -> bool:
    return any(group in r["apiGroups"] and resource in r["resources"] and verb in r["verbs"] for r in rules)


def uncovered(calls: Mapping[tuple[str, str, str], int], role: Mapping[str, Any]) -> list[str]:
    """Every (verb, group, resource) called that the role does not allow."""
    return sorted(f"{verb} {group or 'core'}/{resource}" for verb, group, resource in calls
                  if not allowed(role["rules"], verb, group, resource))
