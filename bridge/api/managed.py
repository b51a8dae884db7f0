"""A managed resource as the runtime sees it: a thin, typed view over the object's dict.

Reading never changes the object: a getter returns the object's own dict where it has one (so a
change through it reaches the object), and a detached empty one where it has none. Whatever may
not be there yet is added with a ``set_*`` method.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

EXTERNAL_NAME = "crossplane.io/external-name"
CREATE_PENDING = "crossplane.io/external-create-pending"
CREATE_SUCCEEDED = "crossplane.io/external-create-succeeded"
CREATE_FAILED = "crossplane.io/external-create-failed"
PAUSED = "crossplane.io/paused"
RECONCILE_REQUESTED = "crossplane.io/reconcile-requested-at"
POLL_INTERVAL = "crossplane.io/poll-interval"
# Set when the import ID checked right after create did not import the object (its value is that
# ID): a lost workspace then stops with instructions instead of importing, or creating, blindly.
IMPORT_CHECK_FAILED = "tfbridge.io/import-check-failed"
FINALIZER = "finalizer.managedresource.crossplane.io"
# An object's consent to be replaced when a spec change needs it (Terraform's "forces replacement"):
# CreateBeforeDestroy makes the new cloud object first, DestroyBeforeCreate deletes the old one first
# (for objects whose unchanged name two cannot share). Absent: such a change is refused, as upjet does.
REPLACE_POLICY = "tfbridge.io/replace-policy"
CREATE_BEFORE_DESTROY = "CreateBeforeDestroy"
DESTROY_BEFORE_CREATE = "DestroyBeforeCreate"
REPLACE_POLICIES = (CREATE_BEFORE_DESTROY, DESTROY_BEFORE_CREATE)


def replacement_refused(display: str, changed: list[str]) -> str:
    """Why a change that needs replacement was not made, and how to allow it."""
    return (f"{display}: changing {', '.join(changed) or 'an immutable argument'} needs the resource replaced; "
            f"tfbridge never replaces silently: revert the change, delete and re-create the object, or annotate "
            f"it {REPLACE_POLICY}: {' or '.join(REPLACE_POLICIES)}")


class Managed:
    """Wraps a managed resource object (apiVersion, kind, metadata, spec, status)."""

    def __init__(self, obj: Mapping[str, Any]) -> None:
        self.obj: dict[str, Any] = copy.deepcopy(dict(obj))

    @classmethod
    def wrap(cls, obj: dict[str, Any]) -> Managed:
        """A view over ``obj`` itself, not a copy: for a dict nobody else holds (an API answer)."""
        mr = cls.__new__(cls)
        mr.obj = obj
        return mr

    @property
    def api_version(self) -> str:
        return str(self.obj.get("apiVersion", ""))

    @property
    def kind(self) -> str:
        return str(self.obj.get("kind", ""))

    @property
    def metadata(self) -> dict[str, Any]:
        return _section(self.obj, "metadata")

    @property
    def name(self) -> str:
        return str(self.metadata.get("name", ""))

    @property
    def namespace(self) -> str:
        return str(self.metadata.get("namespace") or "")

    @property
    def uid(self) -> str:
        return str(self.metadata.get("uid") or "")

    @property
    def generation(self) -> int:
        return int(self.metadata.get("generation") or 0)

    @property
    def annotations(self) -> dict[str, str]:
        return _section(self.metadata, "annotations")

    def set_annotations(self, values: Mapping[str, str]) -> None:
        _attached(_attached(self.obj, "metadata"), "annotations").update(values)

    @property
    def external_name(self) -> str:
        return self.annotations.get(EXTERNAL_NAME, "")

    def set_external_name(self, value: str) -> None:
        self.set_annotations({EXTERNAL_NAME: value})

    @property
    def replace_policy(self) -> str | None:
        """How a change that needs replacement may be made (one of :data:`REPLACE_POLICIES`, or any
        other string the annotation holds); None: it may not."""
        return self.annotations.get(REPLACE_POLICY)

    @property
    def finalizers(self) -> list[str]:
        return list(self.metadata.get("finalizers") or [])

    def set_finalizers(self, finalizers: list[str]) -> None:
        _attached(self.obj, "metadata")["finalizers"] = finalizers

    @property
    def spec(self) -> dict[str, Any]:
        return _section(self.obj, "spec")

    @property
    def for_provider(self) -> dict[str, Any]:
        return _section(self.spec, "forProvider")

    def set_for_provider(self, field: str, value: Any) -> None:
        _attached(_attached(self.obj, "spec"), "forProvider")[field] = value

    @property
    def init_provider(self) -> dict[str, Any]:
        return self.spec.get("initProvider") or {}

    @property
    def status(self) -> dict[str, Any]:
        return _section(self.obj, "status")

    @property
    def reconcile_request(self) -> str:
        """The token of a reconcile someone asked for (``crossplane.io/reconcile-requested-at``), "" for none."""
        return self.annotations.get(RECONCILE_REQUESTED) or ""

    @property
    def reconcile_requested(self) -> bool:
        """Whether a reconcile was asked for that none has handled yet: an observe then reads the
        cloud afresh instead of trusting anything remembered."""
        token = self.reconcile_request
        return bool(token) and self.status.get("lastHandledReconcileAt") != token

    @property
    def provider_config_name(self) -> str:
        ref = self.spec.get("providerConfigRef")
        return str((ref if isinstance(ref, dict) else {}).get("name") or "default")

    @property
    def provider_config_kind(self) -> str:
        """A namespaced object's ``providerConfigRef.kind`` (its CRD defaults it to ClusterProviderConfig);
        a cluster-scoped object's is always the (legacy) ProviderConfig."""
        if not self.namespace:
            return "ProviderConfig"
        ref = self.spec.get("providerConfigRef")
        return str((ref if isinstance(ref, dict) else {}).get("kind") or "")

    @property
    def deleting(self) -> bool:
        return bool(self.metadata.get("deletionTimestamp"))

    @property
    def key(self) -> tuple[str, str]:
        """(namespace, name): how caches and queues know the object ("" for a cluster-scoped one)."""
        return (self.namespace, self.name)

    @property
    def display(self) -> str:
        """``Kind/name``, or ``Kind/namespace/name`` for a namespaced object: how messages name it."""
        return f"{self.kind}/{self.namespace}/{self.name}" if self.namespace else f"{self.kind}/{self.name}"


def _section(parent: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``parent[key]`` when it is a dict there; else a detached empty one (reading adds nothing)."""
    value = parent.get(key)
    return value if isinstance(value, dict) else {}


def _attached(parent: dict[str, Any], key: str) -> dict[str, Any]:
    """``parent[key]``, made a dict of ``parent`` first if it is not one: for writes."""
    value = parent.get(key)
    if not isinstance(value, dict):
        value = parent[key] = {}
    return value
