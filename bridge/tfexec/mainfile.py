"""Build ``main.tf.json`` for one managed resource: pure data in, a JSON document out.

User strings are never evaluated by Terraform: in JSON configuration ``${`` and ``%{`` start
template sequences, so every string (and map key) gets them doubled to ``$${`` and ``%%{``,
which Terraform reads back as the literal characters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

RESOURCE_NAME = "this"


def escape(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("${", "$${").replace("%{", "%%{")
    if isinstance(value, Mapping):
        return {escape(k): escape(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [escape(v) for v in value]
    return value


def address(tf_type: str) -> str:
    return f"{tf_type}.{RESOURCE_NAME}"


def build(*, provider_name: str, source: str, version: str, provider_args: Mapping[str, Any], tf_type: str,
          args: Mapping[str, Any], ignore_changes: Sequence[str] = (), prevent_destroy: bool = True,
          timeouts: Mapping[str, str] | None = None) -> dict[str, Any]:
    lifecycle: dict[str, Any] = {"prevent_destroy": prevent_destroy}
    if ignore_changes:
        lifecycle["ignore_changes"] = sorted(ignore_changes)
    body: dict[str, Any] = {**escape(dict(args)), "lifecycle": lifecycle}
    if timeouts:
        body["timeouts"] = dict(timeouts)
    requirement = {"source": source, **({"version": version} if version else {})}
    doc: dict[str, Any] = {
        "terraform": {"required_providers": {provider_name: requirement}},
        "resource": {tf_type: {RESOURCE_NAME: body}},
    }
    if provider_args:
        doc["provider"] = {provider_name: escape(dict(provider_args))}
    return doc
