"""Crossplane's Ready and Synced conditions, with the exact type and reason strings."""

from __future__ import annotations

import time
from typing import Any

READY, SYNCED = "Ready", "Synced"
# tfbridge's own: set False when the import ID checked after create did not import the object.
IMPORTABLE = "Importable"


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def condition(ctype: str, status: str, reason: str, message: str = "") -> dict[str, Any]:
    return {"type": ctype, "status": status, "reason": reason, "message": message}


def available() -> dict[str, Any]:
    return condition(READY, "True", "Available")


def unavailable(message: str = "") -> dict[str, Any]:
    return condition(READY, "False", "Unavailable", message)


def creating(message: str = "") -> dict[str, Any]:
    return condition(READY, "False", "Creating", message)


def deleting(message: str = "") -> dict[str, Any]:
    return condition(READY, "False", "Deleting", message)


def reconcile_success(message: str = "") -> dict[str, Any]:
    return condition(SYNCED, "True", "ReconcileSuccess", message)


def reconcile_error(message: str) -> dict[str, Any]:
    return condition(SYNCED, "False", "ReconcileError", message)


def reconcile_paused() -> dict[str, Any]:
    return condition(SYNCED, "False", "ReconcilePaused", "Reconciliation is paused via the pause annotation")


def import_check_failed(message: str) -> dict[str, Any]:
    return condition(IMPORTABLE, "False", "ImportCheckFailed", message)


def import_check_passed(message: str) -> dict[str, Any]:
    return condition(IMPORTABLE, "True", "ImportCheckPassed", message)


def set_conditions(obj: dict[str, Any], *conds: dict[str, Any]) -> None:
    """Set conditions by type; a condition whose status is unchanged keeps its transition time."""
    status = obj.setdefault("status", {})
    current = {c.get("type"): c for c in status.get("conditions") or []}
    generation = int((obj.get("metadata") or {}).get("generation") or 0)
    for c in conds:
        old = current.get(c["type"])
        since = old["lastTransitionTime"] if old and old.get("status") == c["status"] and \
            old.get("lastTransitionTime") else _now()
        current[c["type"]] = {**c, "lastTransitionTime": since, "observedGeneration": generation}
    status["conditions"] = [current[k] for k in sorted(current)]


def get(obj: dict[str, Any], ctype: str) -> dict[str, Any] | None:
    for c in (obj.get("status") or {}).get("conditions") or []:
        if c.get("type") == ctype:
            return dict(c)
    return None
