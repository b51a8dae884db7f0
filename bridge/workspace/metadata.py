"""What tfbridge records about a workspace beside Terraform's files: ``.tfbridge-meta.json``.

The file is part of the on-disk contract: both executors write it, ``tfbridge workspaces`` reads
it, and a workspace written by an older tfbridge must still be read. So it is read leniently (a
missing or mistyped key takes its default, an unknown key is ignored) and written with the keys it
always had.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any


@dataclasses.dataclass(frozen=True)
class FreshState:
    """Our own apply wrote the state at ``at`` (epoch seconds) for the object ``uid``."""

    uid: str
    at: float


@dataclasses.dataclass(frozen=True)
class Metadata:
    # The managed resource the workspace belongs to.
    api_version: str = ""
    kind: str = ""
    name: str = ""
    namespace: str = ""
    uid: str = ""
    # The resource's address in main.tf.json and the state (``random_id.this``).
    address: str = ""
    # Names to redact when the configuration is shown.
    sensitive_arguments: tuple[str, ...] = ()
    sensitive_provider_arguments: tuple[str, ...] = ()
    fresh_state: FreshState | None = None
    # The last operation's outcome, and the executor that ran it.
    last_operation: str = ""
    last_result: str = ""
    last_error: str = ""
    executor: str = ""
    # The last operation that failed, its error and when (epoch seconds): kept while other operations
    # succeed (a create that keeps failing between successful observes), cleared when it succeeds.
    failed_operation: str = ""
    failed_error: str = ""
    failed_at: float = 0.0
    # The check after the last create that the kind's import ID imports the object (an
    # ImportOutcome's value), and the ID it tried.
    import_check: str = ""
    import_id: str = ""
    import_check_seconds: float = 0.0
    # A digest of the inputs of the direct executor's last plan that found nothing to change (the
    # provider's version and configuration, the resource's configuration, its state and private
    # state): the first poll after a restart then needs no plan when none of them changed.
    noop_plan: str = ""

    @property
    def display(self) -> str:
        """``Kind/name``, or "?" for a workspace nobody has recorded yet."""
        return f"{self.kind or '?'}/{self.name or '?'}" if self.kind or self.name else "?"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Metadata:
        fresh = data.get("fresh_state")
        fresh_state = None
        if isinstance(fresh, Mapping) and isinstance(fresh.get("at"), int | float):
            fresh_state = FreshState(str(fresh.get("uid") or ""), float(fresh["at"]))
        return cls(
            api_version=_text(data, "apiVersion"), kind=_text(data, "kind"), name=_text(data, "name"),
            namespace=_text(data, "namespace"), uid=_text(data, "uid"), address=_text(data, "address"),
            sensitive_arguments=_names(data, "sensitive_arguments"),
            sensitive_provider_arguments=_names(data, "sensitive_provider_arguments"),
            fresh_state=fresh_state, last_operation=_text(data, "last_operation"),
            last_result=_text(data, "last_result"), last_error=_text(data, "last_error"),
            executor=_text(data, "executor"), import_check=_text(data, "import_check"),
            import_id=_text(data, "import_id"),
            import_check_seconds=_seconds(data, "import_check_seconds"), noop_plan=_text(data, "noop_plan"),
            failed_operation=_text(data, "failed_operation"), failed_error=_text(data, "failed_error"),
            failed_at=_seconds(data, "failed_at"))

    def to_json(self) -> dict[str, Any]:
        # The import check's keys only once a create was checked: a workspace from before keeps its keys.
        checked = {"import_check": self.import_check, "import_id": self.import_id,
                   "import_check_seconds": self.import_check_seconds} if self.import_check else {}
        failed = {"failed_operation": self.failed_operation, "failed_error": self.failed_error,
                  "failed_at": self.failed_at} if self.failed_operation else {}
        return {
            "apiVersion": self.api_version, "kind": self.kind, "name": self.name, "namespace": self.namespace,
            "uid": self.uid, "address": self.address, "sensitive_arguments": list(self.sensitive_arguments),
            "sensitive_provider_arguments": list(self.sensitive_provider_arguments),
            "fresh_state": dataclasses.asdict(self.fresh_state) if self.fresh_state else None,
            "last_operation": self.last_operation, "last_result": self.last_result, "last_error": self.last_error,
            "executor": self.executor, **checked, **({"noop_plan": self.noop_plan} if self.noop_plan else {}),
            **failed,
        }


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    return value if isinstance(value, str) else ""


def _seconds(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def _names(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key)
    return tuple(str(v) for v in value) if isinstance(value, list) else ()
