"""The CRDs of a generated provider, read from its ``crds/`` directory (which also holds a kustomization)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


def crd_manifests(directory: Path) -> list[dict[str, Any]]:
    docs = (yaml.safe_load(p.read_text()) for p in sorted(directory.glob("*.yaml")))
    return [d for d in docs if isinstance(d, dict) and d.get("kind") == "CustomResourceDefinition"]
