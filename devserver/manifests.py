"""The CRDs of a generated provider, read from its ``crds/`` directory or one group's directory below it
(each also holds a kustomization)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


def crd_manifests(directory: Path) -> list[dict[str, Any]]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: CRDs are large
    docs = (yaml.load(p.read_text(), Loader=loader) for p in sorted(directory.rglob("*.yaml")))
    return [d for d in docs if isinstance(d, dict) and d.get("kind") == "CustomResourceDefinition"]
