"""The executor seam: the reconciler talks to an :class:`ExternalClient` and nothing else.

As in crossplane-runtime, ``observe`` reports whether the external resource exists and is up to
date; ``create``, ``update`` and ``delete`` act. A second executor (direct gRPC) implements the
same protocol without the reconciler noticing.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bridge.api.managed import Managed

SecretReader = Callable[[str, str], Mapping[str, bytes]]  # (namespace, name) → the Secret's data


@dataclasses.dataclass(frozen=True)
class ProviderSetup:
    """What a ProviderConfig resolves to: provider-block arguments (Terraform form), credentials
    (process environment only), and metadata for import-ID templates."""

    configuration: Mapping[str, Any]
    credentials_env: Mapping[str, str] = dataclasses.field(default_factory=dict)
    client_metadata: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Inherited variables with these prefixes are dropped before ``credentials_env`` is added: the
    # ProviderConfig alone says them, so an ambient profile variable or pod role never mixes with its source.
    owned_env: tuple[str, ...] = ()
    # Provider-block arguments that are credentials: given to the provider in memory (never written to
    # a workspace), over ``configuration``.
    secret_arguments: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # Whose objects use it (a namespace, or a cluster-scoped object's ProviderConfig): each tenant's share
    # of the provider processes is bounded. Not part of the configuration: tenants share a process.
    tenant: str = ""

    def environment(self, base: Mapping[str, str]) -> dict[str, str]:
        """A provider process's environment: ``base`` less what this setup owns, plus its credentials."""
        return {**{k: v for k, v in base.items() if not k.startswith(self.owned_env)}, **self.credentials_env}


@dataclasses.dataclass(frozen=True)
class Observation:
    exists: bool
    up_to_date: bool = True
    # status.atProvider in CR form.
    at_provider: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    connection_details: Mapping[str, bytes] = dataclasses.field(default_factory=dict)
    # The external name the resource has now, when the observation learned it.
    external_name: str | None = None
    # spec.forProvider values to fill in from the cloud (CR form); empty when none.
    late_init: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    diff: str = ""
    # A short per-argument account of what differs, safe to show on the object (no secret values, bounded).
    drift: str = ""
    # What the observation had to do to get here: "import", "untaint", ... (for events and logs).
    recovered: tuple[str, ...] = ()
    # Why the workspace was built again by importing the object ("" when it was not): said on the object
    # and in the log, so that no rebuild goes unseen.
    rebuilt: str = ""
    # Annotations the object is to carry from now on (its claim to the cloud object).
    annotations: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # Answered by the state our own last apply saved, not by a read of the cloud: up to date by
    # construction, it says nothing of whether the cloud keeps what was applied.
    from_apply: bool = False


class ImportOutcome(enum.Enum):
    """What importing a just-created object by its kind's import ID found."""

    IMPORTED = "imported"  # the object just created: a lost workspace will find it again
    NOT_FOUND = "not found"  # nothing: a lost workspace would create a second object
    OTHER_OBJECT = "another object"  # a different object: a lost workspace would adopt it
    REFUSED = "refused"  # the ID cannot be built, or the provider refuses it
    UNCHECKED = "unchecked"  # the check itself could not run (deadline, provider busy or gone)

    @property
    def failed(self) -> bool:
        """Whether the kind's import ID is proven not to find this object."""
        return self in (ImportOutcome.NOT_FOUND, ImportOutcome.OTHER_OBJECT, ImportOutcome.REFUSED)


@dataclasses.dataclass(frozen=True)
class ImportCheck:
    """The proof, taken right after a create, that the ID the kind's GetIDFn builds from the new
    external name and the parameters imports the object just created: the one thing a lost
    workspace relies on to never create a second one."""

    import_id: str
    outcome: ImportOutcome
    # What was found instead, or why the check could not run; empty when imported.
    detail: str = ""
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return self.outcome.failed

    def describe(self) -> str:
        """One sentence naming the ID tried, for a condition, an event and the workspace's record."""
        if self.outcome is ImportOutcome.IMPORTED:
            return f"import ID {self.import_id!r} imports the object just created"
        what = {ImportOutcome.NOT_FOUND: "found nothing", ImportOutcome.OTHER_OBJECT: "found another object",
                ImportOutcome.REFUSED: "failed", ImportOutcome.UNCHECKED: "could not be checked"}[self.outcome]
        return f"import ID {self.import_id!r} {what}" + (f": {self.detail}" if self.detail else "")


@dataclasses.dataclass(frozen=True)
class Creation:
    external_name: str
    connection_details: Mapping[str, bytes] = dataclasses.field(default_factory=dict)
    # Whether the kind's import ID finds what was created; None when the executor did not check.
    import_check: ImportCheck | None = None
    # Annotations recorded with the outcome (the object's claim to what it made).
    annotations: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Replacement:
    """What replacing the cloud object did, step by step (``tfbridge.io/replace-policy``)."""

    policy: str
    old_name: str
    # The new object's external name; "" when it was not made.
    new_name: str = ""
    # (event reason, message) of each step taken, in order.
    steps: tuple[tuple[str, str], ...] = ()


@dataclasses.dataclass(frozen=True)
class Update:
    connection_details: Mapping[str, bytes] = dataclasses.field(default_factory=dict)
    # Set when the update was a replacement: the external name moves to ``replaced.new_name``.
    replaced: Replacement | None = None
    # Annotations recorded with the outcome (the object's claim to the new object of a replacement).
    annotations: Mapping[str, str] = dataclasses.field(default_factory=dict)


class ExternalClient(Protocol):
    def observe(self, mr: Managed) -> Observation: ...

    def create(self, mr: Managed) -> Creation: ...

    def update(self, mr: Managed) -> Update: ...

    def delete(self, mr: Managed) -> None: ...

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        """External names of cloud objects carrying ``mr``'s default tags; None when the kind has no
        lookup. Used only to recover a create whose outcome was lost."""
        ...
