"""Read Terraform state (format v4): from ``terraform.tfstate`` or from inside a saved plan file."""

from __future__ import annotations

import dataclasses
import json
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridge.api.errors import StateCorrupted


@dataclasses.dataclass(frozen=True)
class Instance:
    attributes: Mapping[str, Any]
    sensitive_paths: tuple[tuple[str | int, ...], ...]
    schema_version: int
    tainted: bool


def parse(text: str, origin: str) -> dict[str, Any]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateCorrupted(f"{origin}: not JSON (line {exc.lineno}: {exc.msg})") from exc
    if not isinstance(doc, dict) or doc.get("version") != 4 or not isinstance(doc.get("resources", []), list):
        raise StateCorrupted(f"{origin}: not a version 4 Terraform state")
    return doc


def from_planfile(path: Path) -> dict[str, Any] | None:
    """The refreshed prior state a saved plan carries, so observe needs one terraform run, not two."""
    try:
        with zipfile.ZipFile(path) as z:
            return parse(z.read("tfstate").decode(), f"{path}:tfstate")
    except (KeyError, zipfile.BadZipFile, OSError):
        return None


def path_of(steps: list[Mapping[str, Any]]) -> tuple[str | int, ...]:
    out: list[str | int] = []
    for step in steps:
        value = step.get("value")
        if isinstance(value, str | int):
            out.append(value)
    return tuple(out)


def instance(doc: Mapping[str, Any], tf_type: str, name: str) -> Instance | None:
    for res in doc.get("resources", []):
        if res.get("mode") == "managed" and res.get("type") == tf_type and res.get("name") == name:
            for inst in res.get("instances", []):
                if inst.get("index_key") is None:
                    return Instance(
                        attributes=inst.get("attributes") or {},
                        sensitive_paths=tuple(path_of(p) for p in inst.get("sensitive_attributes") or []),
                        schema_version=int(inst.get("schema_version") or 0),
                        tainted=inst.get("status") == "tainted",
                    )
    return None


def value_at(attributes: Mapping[str, Any], path: tuple[str | int, ...]) -> Any:
    value: Any = attributes
    for step in path:
        if isinstance(value, Mapping) and isinstance(step, str):
            value = value.get(step)
        elif isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
            value = value[step]
        else:
            return None
    return value


def redact(attributes: Mapping[str, Any], paths: tuple[tuple[str | int, ...], ...], mark: str) -> dict[str, Any]:
    """A copy of ``attributes`` with the value at every path replaced by ``mark``."""
    out: dict[str, Any] = json.loads(json.dumps(attributes))
    for path in paths:
        parent, last = value_at(out, path[:-1]), path[-1] if path else None
        in_dict = isinstance(parent, dict) and isinstance(last, str) and last in parent
        in_list = isinstance(parent, list) and isinstance(last, int) and 0 <= last < len(parent)
        if in_dict or in_list:
            parent[last] = mark
    return out


def connection_details(inst: Instance, extra_sensitive: tuple[str, ...] = ()) -> dict[str, bytes]:
    """Sensitive attributes as connection-secret keys ``attribute.<path>``, as upjet names them."""
    paths = set(inst.sensitive_paths) | {tuple(p.split(".")) for p in extra_sensitive}
    out: dict[str, bytes] = {}
    for path in sorted(paths, key=lambda p: [str(s) for s in p]):
        value = value_at(inst.attributes, path)
        if value is None:
            continue
        key = "attribute." + ".".join(str(s) for s in path)
        out[key] = value.encode() if isinstance(value, str) else json.dumps(value, sort_keys=True).encode()
    return out
