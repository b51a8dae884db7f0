"""Crossplane's Ready and Synced conditions, with the exact type and reason strings."""

from __future__ import annotations

import time
from typing import Any

from bridge.api import reasons

READY, SYNCED = "Ready", "Synced"
# tfbridge's own: set False when the import ID checked after create did not import the object, Unknown
# when the check could not run to its end.
IMPORTABLE = "Importable"
# upjet's: whether a create, update or delete runs now (False: Ongoing; True: Finished), and how the last
# one ended (True: Success; False: its failure's reason and error). An observe that finds the object
# up to date clears an old failure, as upjet's does.
ASYNC_OPERATION, LAST_ASYNC_OPERATION = "AsyncOperation", "LastAsyncOperation"


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def condition(ctype: str, status: str, reason: str, message: str = "") -> dict[str, Any]:
    # As crossplane-runtime's types (``omitempty``): a condition with nothing to say has no message key.
    return {"type": ctype, "status": status, "reason": reason, **({"message": message} if message else {})}


def available() -> dict[str, Any]:
    return condition(READY, "True", reasons.AVAILABLE)


def unavailable(message: str = "") -> dict[str, Any]:
    return condition(READY, "False", reasons.UNAVAILABLE, message)


def creating(message: str = "") -> dict[str, Any]:
    return condition(READY, "False", reasons.CREATING, message)


def deleting(message: str = "") -> dict[str, Any]:
    return condition(READY, "False", reasons.DELETING, message)


def reconcile_success(message: str = "") -> dict[str, Any]:
    return condition(SYNCED, "True", reasons.RECONCILE_SUCCESS, message)


def reconcile_error(message: str) -> dict[str, Any]:
    return condition(SYNCED, "False", reasons.RECONCILE_ERROR, message)


def reconcile_paused() -> dict[str, Any]:
    return condition(SYNCED, "False", reasons.RECONCILE_PAUSED)


def async_ongoing() -> dict[str, Any]:
    return condition(ASYNC_OPERATION, "False", reasons.ASYNC_ONGOING)


def async_finished() -> dict[str, Any]:
    return condition(ASYNC_OPERATION, "True", reasons.ASYNC_FINISHED)


def last_async_success() -> dict[str, Any]:
    return condition(LAST_ASYNC_OPERATION, "True", reasons.ASYNC_SUCCESS)


_ASYNC_FAILURE = {"create": reasons.ASYNC_CREATE_FAILURE, "update": reasons.ASYNC_UPDATE_FAILURE,
                  "delete": reasons.ASYNC_DELETE_FAILURE}


def last_async_failure(verb: str, error: str) -> dict[str, Any]:
    """As upjet words it: ``async create failed: <error>``, reason AsyncCreateFailure."""
    return condition(LAST_ASYNC_OPERATION, "False", _ASYNC_FAILURE[verb], f"async {verb} failed: {error}")


def import_check_failed(message: str) -> dict[str, Any]:
    return condition(IMPORTABLE, "False", reasons.IMPORT_CHECK_FAILED, message)


def import_check_passed(message: str) -> dict[str, Any]:
    return condition(IMPORTABLE, "True", reasons.IMPORT_CHECK_PASSED, message)


def import_check_unchecked(message: str) -> dict[str, Any]:
    """The check could not run to its end (its deadline, a busy or lost provider): nothing is proven
    either way, and the create stands."""
    return condition(IMPORTABLE, "Unknown", reasons.IMPORT_CHECK_UNCHECKED, message)


def set_conditions(obj: dict[str, Any], *conds: dict[str, Any]) -> None:
    """Set conditions by type; a condition whose status is unchanged keeps its transition time.

    crossplane-runtime stamps a new transition time whenever anything of a condition changes and keeps
    conditions in the order they were first set; here the transition time follows the Kubernetes
    convention (it moves when the status does) and conditions are sorted by type, so a status write
    is byte-stable. No consumer known depends on either difference."""
    status = obj.setdefault("status", {})
    status["conditions"] = merged(status.get("conditions"), int((obj.get("metadata") or {}).get("generation") or 0),
                                  *conds)


def merged(current: list[dict[str, Any]] | None, generation: int, *conds: dict[str, Any]) -> list[dict[str, Any]]:
    """``current`` conditions with ``conds`` set by type (as :func:`set_conditions`): a new list, and a new
    dict for each condition set; ``current`` and its dicts are left as they are."""
    by_type: dict[str, dict[str, Any]] = {str(c.get("type")): c for c in current or []}
    for c in conds:
        old = by_type.get(c["type"])
        since = old["lastTransitionTime"] if old and old.get("status") == c["status"] and \
            old.get("lastTransitionTime") else _now()
        by_type[c["type"]] = {**c, "lastTransitionTime": since, "observedGeneration": generation}
    return [by_type[k] for k in sorted(by_type)]


def get(obj: dict[str, Any], ctype: str) -> dict[str, Any] | None:
    for c in (obj.get("status") or {}).get("conditions") or []:
        if c.get("type") == ctype:
            return dict(c)
    return None
