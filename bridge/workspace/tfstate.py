"""Terraform state, format v4: read (``terraform.tfstate``, or the prior state inside a saved plan)
and written (by the executor that speaks to the provider itself).

Both executors keep the same ``terraform.tfstate``, so ``tfbridge workspaces`` and terraform itself
read it and a managed resource switches executors with no migration. A written state keeps its
lineage and bumps its serial, as terraform does; resources other than ours, if a person put any
there, are kept.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import uuid
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bridge.api.errors import StateCorrupted

# Written into a new state; terraform refuses a state from a *newer* version, so claim an old one.
STATE_TERRAFORM_VERSION = "1.0.0"

Path_ = tuple[str | int, ...]


class MapKey(str):
    """A path step that is a map element's key (an index step, as terraform writes it), not an
    attribute's name: equal to the plain string, so a path reads values as before."""

    __slots__ = ()


@dataclasses.dataclass(frozen=True)
class Instance:
    attributes: Mapping[str, Any]
    sensitive_paths: tuple[Path_, ...]
    schema_version: int
    tainted: bool
    private: bytes = b""


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


def path_of(steps: list[Mapping[str, Any]]) -> Path_:
    """A path as terraform writes it (``sensitive_attributes``): attribute names, and index steps whose
    value carries its type (``{"value": 0, "type": "number"}``; a string is a map key)."""
    out: list[str | int] = []
    for step in steps:
        value = step.get("value")
        if step.get("type") == "index" and isinstance(value, Mapping):
            value = value.get("value")
            value = MapKey(value) if isinstance(value, str) else value
        if isinstance(value, str | int):
            out.append(value)
    return tuple(out)


def _ours(res: Mapping[str, Any], tf_type: str, name: str) -> bool:
    return res.get("mode") == "managed" and res.get("type") == tf_type and res.get("name") == name


def instance(doc: Mapping[str, Any], tf_type: str, name: str) -> Instance | None:
    """The single instance of the managed resource ``tf_type.name``, if the state holds it."""
    for res in doc.get("resources") or []:
        if _ours(res, tf_type, name):
            for inst in res.get("instances") or []:
                if inst.get("index_key") is None and not inst.get("deposed"):
                    return _instance(inst)
    return None


def deposed_instances(doc: Mapping[str, Any] | None, tf_type: str, name: str) -> dict[str, Instance]:
    """The deposed instances of ``tf_type.name`` by deposed key: objects a create-before-destroy
    replacement made way for and has not deleted yet (terraform keeps them so, and so do we)."""
    for res in (doc or {}).get("resources") or []:
        if _ours(res, tf_type, name):
            return {str(inst["deposed"]): _instance(inst) for inst in res.get("instances") or []
                    if inst.get("index_key") is None and inst.get("deposed")}
    return {}


def _instance(inst: Mapping[str, Any]) -> Instance:
    return Instance(
        attributes=inst.get("attributes") or {},
        sensitive_paths=tuple(path_of(p) for p in inst.get("sensitive_attributes") or []),
        schema_version=int(inst.get("schema_version") or 0),
        tainted=inst.get("status") == "tainted",
        private=base64.b64decode(inst["private"]) if inst.get("private") else b"",
    )


def _step(step: str | int) -> dict[str, Any]:
    if isinstance(step, int):
        return {"type": "index", "value": {"value": step, "type": "number"}}
    if isinstance(step, MapKey):
        return {"type": "index", "value": {"value": str(step), "type": "string"}}
    return {"type": "get_attr", "value": step}


def _raw(attributes: Mapping[str, Any], schema_version: int, private: bytes, sensitive_paths: Sequence[Path_],
         tainted: bool = False, deposed_key: str = "") -> dict[str, Any]:
    inst: dict[str, Any] = {
        "schema_version": schema_version,
        "attributes": dict(attributes),
        "sensitive_attributes": [[_step(s) for s in path] for path in sensitive_paths],
    }
    if private:
        inst["private"] = base64.b64encode(private).decode()
    if tainted:
        inst["status"] = "tainted"
    if deposed_key:
        inst["deposed"] = deposed_key
    return inst


def with_instance(previous: Mapping[str, Any] | None, *, tf_type: str, name: str, provider: str,
                  attributes: Mapping[str, Any] | None, schema_version: int, private: bytes,
                  sensitive_paths: Sequence[Path_], tainted: bool = False,
                  deposed: Mapping[str, Instance] | None = None) -> dict[str, Any]:
    """The next state document: ``previous`` with our one instance replaced (or removed when
    ``attributes`` is None), and our deposed instances ``deposed`` (None: those ``previous`` has).
    ``provider`` is the provider's registry address (``registry.terraform.io/hashicorp/random``)."""
    prev = dict(previous or {})
    kept = deposed_instances(prev, tf_type, name) if deposed is None else deposed
    resources = [r for r in prev.get("resources") or [] if not _ours(r, tf_type, name)]
    instances = [] if attributes is None else [_raw(attributes, schema_version, private, sensitive_paths, tainted)]
    instances += [_raw(d.attributes, d.schema_version, d.private, d.sensitive_paths, d.tainted, key)
                  for key, d in sorted(kept.items())]
    if instances:
        resources.append({"mode": "managed", "type": tf_type, "name": name, "provider": f'provider["{provider}"]',
                          "instances": instances})
    return {
        "version": 4,
        "terraform_version": prev.get("terraform_version") or STATE_TERRAFORM_VERSION,
        "serial": int(prev.get("serial") or 0) + 1,
        "lineage": prev.get("lineage") or str(uuid.uuid4()),
        "outputs": prev.get("outputs") or {},
        "resources": resources,
        "check_results": prev.get("check_results"),
    }


def value_at(attributes: Any, path: Path_) -> Any:
    value: Any = attributes
    for step in path:
        if isinstance(value, Mapping) and isinstance(step, str):
            value = value.get(step)
        elif isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
            value = value[step]
        else:
            return None
    return value


def redact(attributes: Mapping[str, Any], paths: tuple[Path_, ...], mark: str) -> dict[str, Any]:
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
