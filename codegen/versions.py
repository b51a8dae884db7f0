"""The page of the guide that says, per API group, at which versions each kind is served and stored, written
from a provider's committed catalogue (``zz_catalogue.yaml``) so that it cannot drift.

``python -m codegen.versions PROVIDER_DIR PAGE`` writes it (``make docs`` does for the guide); a test
fails when the committed page differs from what this makes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from codegen import render
from codegen.pipeline import CATALOGUE


def groups(catalogue: dict[str, Any]) -> list[dict[str, Any]]:
    """Per API group (sorted): one row per distinct (stored, served) pair, with the kinds that have it."""
    by_group: dict[str, dict[tuple[str, tuple[str, ...]], list[str]]] = {}
    for k in catalogue["kinds"]:
        served = tuple(k.get("served") or (k["version"],))
        by_group.setdefault(k["group"], {}).setdefault((k["version"], served), []).append(k["kind"])
    return [{"group": group, "rows": [{"stored": stored, "served": list(served), "kinds": sorted(kinds)}
                                      for (stored, served), kinds in sorted(rows.items())]}
            for group, rows in sorted(by_group.items())]


def markdown(provider_dir: Path) -> str:
    catalogue = yaml.safe_load((provider_dir / CATALOGUE).read_text())
    found = groups(catalogue)
    several = sum(len(r["kinds"]) for g in found for r in g["rows"] if len(r["served"]) > 1)
    return render.render("versions.md.j2", provider=catalogue["provider"], groups=found,
                         kinds=catalogue["kindCount"], several=several)


def main(argv: list[str]) -> None:
    text = markdown(Path(argv[0]))
    if len(argv) > 1:
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
