"""Management and deletion policies, decided as crossplane-runtime's policy resolvers decide them.

``spec.managementPolicies`` is a set of actions: order and duplicates do not matter. Only the
combinations in :data:`SUPPORTED` are accepted (the table of crossplane-runtime's
``defaultSupportedManagementPolicies``); any other is refused with crossplane-runtime's message and
the object is left alone until its spec changes. An absent field is the CRD's default, ``[*]``; an
explicit ``[]`` pauses the object, as the ``crossplane.io/paused`` annotation does.

Whether deleting the object deletes the cloud object follows the *legacy* rule on kinds that have a
``deletionPolicy`` (cluster-scoped ones): an explicit set containing ``Delete`` deletes even under
``deletionPolicy: Orphan``, because a non-default management policy wins. Namespaced kinds have no
``deletionPolicy``; there the set alone decides.
"""

from __future__ import annotations

import dataclasses

from bridge.api.managed import Managed

OBSERVE, CREATE, UPDATE, DELETE, LATE_INITIALIZE, ALL = "Observe", "Create", "Update", "Delete", "LateInitialize", "*"


def _set(*actions: str) -> frozenset[str]:
    return frozenset(actions)


SUPPORTED: tuple[frozenset[str], ...] = (
    _set(ALL),
    _set(OBSERVE, CREATE, UPDATE, DELETE, LATE_INITIALIZE),
    _set(OBSERVE),  # observe only: the cloud object is read, never changed
    _set(),  # paused
    _set(OBSERVE, CREATE, UPDATE, DELETE),  # no late initialisation
    _set(OBSERVE, CREATE, UPDATE, LATE_INITIALIZE),  # the cloud object outlives the managed resource
    _set(OBSERVE, CREATE, UPDATE),
    _set(OBSERVE, CREATE, DELETE, LATE_INITIALIZE),  # never updated (immutable objects)
    _set(OBSERVE, CREATE, LATE_INITIALIZE),
    _set(OBSERVE, CREATE, DELETE),
    _set(OBSERVE, CREATE),
    _set(OBSERVE, DELETE),
    _set(OBSERVE, UPDATE),  # another owner creates and deletes it; this one patches it
    _set(OBSERVE, LATE_INITIALIZE),  # import mode: the spec learns the cloud object, which stays untouched
    _set(OBSERVE, UPDATE, LATE_INITIALIZE),
)


@dataclasses.dataclass(frozen=True)
class Policies:
    """One object's management policies and, on kinds that have it, its deletion policy."""

    # As the object lists them, first occurrence kept: messages show the user's own order.
    listed: tuple[str, ...]
    # None on kinds without a deletionPolicy field (namespaced kinds): the modern rule applies.
    deletion_policy: str | None = "Delete"

    @classmethod
    def of(cls, mr: Managed) -> Policies:
        raw = mr.spec.get("managementPolicies")
        listed = ("*",) if raw is None else tuple(dict.fromkeys(str(a) for a in raw)) if isinstance(raw, list) else ()
        deletion = None if mr.namespace else str(mr.spec.get("deletionPolicy") or "Delete")
        return cls(listed, deletion)

    @property
    def actions(self) -> frozenset[str]:
        return frozenset(self.listed)

    def invalid(self) -> str | None:
        """crossplane-runtime's words for a set outside :data:`SUPPORTED`; None for a supported one."""
        if self.actions in SUPPORTED:
            return None
        return (f"`spec.managementPolicies` is set to a value([{' '.join(self.listed)}]) which is not supported. "
                f"Check docs for supported policies")

    def _has(self, action: str) -> bool:
        return action in self.actions or ALL in self.actions

    @property
    def paused(self) -> bool:
        return not self.actions

    @property
    def only_observe(self) -> bool:
        return self.actions == {OBSERVE}

    @property
    def create(self) -> bool:
        return self._has(CREATE)

    @property
    def update(self) -> bool:
        return self._has(UPDATE)

    @property
    def late_initialize(self) -> bool:
        return self._has(LATE_INITIALIZE)

    @property
    def read_only(self) -> bool:
        """Neither Create nor Update: nothing is ever planned against the spec, so an observe reads the
        cloud object without needing the spec to be complete (upjet's rule for its import path)."""
        return not (self._has(CREATE) or self._has(UPDATE))

    def should_delete(self) -> bool:
        if self.deletion_policy is None:
            return self._has(DELETE)
        if self.deletion_policy == "Delete" and self._has(DELETE):
            return True
        # A set other than the default that names Delete wins over deletionPolicy: Orphan.
        return self.actions != {ALL} and DELETE in self.actions
