"""A recorded earlier release's managed resources (tests/e2e/release_*/): the cloud they point at, made again,
and what its provider left in the cluster and in its workspace root.

moto names EC2 objects at random; seeded (``POST /moto-api/seed``) right after a reset, the same calls in the
same order name them the same. The recording was made that way (its ``record.py``), so the test makes the same
calls and finds the IDs the recorded states hold (Route53's zone IDs follow the seed too). Names stand for the
rest (a role, a bucket, a table).
"""

from __future__ import annotations

import json
import re
import shutil
import urllib.request
from pathlib import Path
from typing import Any

from devrig.moto import Moto

# What a recorded workspace keeps: its state and our metadata (terraform's plugin links, lock files and
# the state's backup are not needed for the store to find it, and hold nothing the state does not).
KEPT = ("terraform.tfstate", ".tfbridge-meta.json", "main.tf.json")


def _filled(value: Any, ids: dict[str, str]) -> Any:
    if isinstance(value, str):
        return re.sub(r"\{(\w+)\}", lambda m: ids.get(m.group(1), m.group(0)), value)
    if isinstance(value, list):
        return [_filled(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: _filled(v, ids) for k, v in value.items()}
    return value


def make_cloud(moto: Moto, spec: dict[str, Any]) -> dict[str, str]:
    """An empty moto, seeded, then ``spec``'s calls in order; the IDs they saved, by name (a saved value's last
    ``/``-separated part)."""
    moto.reset()
    url = f"{moto.endpoint}/moto-api/seed?a={int(spec['seed'])}"
    with urllib.request.urlopen(urllib.request.Request(url, method="POST"), timeout=30):
        pass
    ids: dict[str, str] = {}
    for call in spec["calls"]:
        out = getattr(moto.client(call["service"]), call["call"])(**_filled(call["params"], ids))
        for name, path in call["save"].items():
            for part in path.split("."):
                out = out[part]
            ids[name] = str(out).rsplit("/", 1)[-1]  # Route53 answers /hostedzone/ID; states hold the ID
    return ids


def cloud_spec(fixture: Path) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads((fixture / "cloud.json").read_text())
    return spec


def copy_workspaces(source: Path, target: Path) -> list[str]:
    """The workspaces under ``source`` as :data:`KEPT` has them, 0700/0600 as the store makes them; their
    directory names."""
    target.mkdir(mode=0o700, parents=True, exist_ok=True)
    names = []
    for ws in sorted(p for p in source.iterdir() if p.is_dir() and not p.name.startswith(".")):
        (target / ws.name).mkdir(mode=0o700)
        for name in KEPT:
            if (ws / name).is_file():
                shutil.copyfile(ws / name, target / ws.name / name)
                (target / ws.name / name).chmod(0o600)
        names.append(ws.name)
    return names
