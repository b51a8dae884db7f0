"""Write one resource's state as a standard Terraform state (format v4).

The direct executor keeps state in the same ``terraform.tfstate`` the CLI executor uses, so
``tfbridge workspaces`` and ``terraform`` itself read it, and an MR can switch executors with no
migration. Lineage is kept and the serial bumped on every write, as terraform does.
"""

from __future__ import annotations

import base64
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

# Written into a new state; terraform refuses a state from a *newer* version, so claim an old one.
STATE_TERRAFORM_VERSION = "1.0.0"


def provider_address(source: str, name: str) -> str:
    host_path = source if source.count("/") == 2 else f"registry.terraform.io/{source}"
    return f'provider["{host_path}"]' if name else host_path


def _step(step: str | int) -> dict[str, Any]:
    if isinstance(step, int):
        return {"type": "index", "value": {"value": step, "type": "number"}}
    return {"type": "get_attr", "value": step}


def document(previous: Mapping[str, Any] | None, *, tf_type: str, name: str, provider: str,
             attributes: Mapping[str, Any] | None, schema_version: int, private: bytes,
             sensitive_paths: Sequence[tuple[str | int, ...]], tainted: bool = False) -> dict[str, Any]:
    """The next state document: ``previous`` with our one instance replaced (or removed when
    ``attributes`` is None). Other resources in it, if a person put any there, are kept."""
    prev = dict(previous or {})
    others = [r for r in prev.get("resources") or []
              if not (r.get("mode") == "managed" and r.get("type") == tf_type and r.get("name") == name)]
    resources = list(others)
    if attributes is not None:
        instance: dict[str, Any] = {
            "schema_version": schema_version,
            "attributes": dict(attributes),
            "sensitive_attributes": [[_step(s) for s in path] for path in sensitive_paths],
        }
        if private:
            instance["private"] = base64.b64encode(private).decode()
        if tainted:
            instance["status"] = "tainted"
        resources.append({"mode": "managed", "type": tf_type, "name": name, "provider": provider,
                          "instances": [instance]})
    return {
        "version": 4,
        "terraform_version": prev.get("terraform_version") or STATE_TERRAFORM_VERSION,
        "serial": int(prev.get("serial") or 0) + 1,
        "lineage": prev.get("lineage") or str(uuid.uuid4()),
        "outputs": prev.get("outputs") or {},
        "resources": resources,
        "check_results": prev.get("check_results"),
    }


def private_of(doc: Mapping[str, Any], tf_type: str, name: str) -> bytes:
    for res in doc.get("resources") or []:
        if res.get("mode") == "managed" and res.get("type") == tf_type and res.get("name") == name:
            for inst in res.get("instances") or []:
                if inst.get("index_key") is None and inst.get("private"):
                    return base64.b64decode(inst["private"])
    return b""
