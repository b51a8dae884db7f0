"""The executor seam: the reconciler talks to an :class:`ExternalClient` and nothing else.

As in crossplane-runtime, ``observe`` reports whether the external resource exists and is up to
date; ``create``, ``update`` and ``delete`` act. A second executor (direct gRPC) implements the
same protocol without the reconciler noticing.
"""

from __future__ import annotations

import dataclasses
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


@dataclasses.dataclass(frozen=True)
class Creation:
    external_name: str
    connection_details: Mapping[str, bytes] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Update:
    connection_details: Mapping[str, bytes] = dataclasses.field(default_factory=dict)


class ExternalClient(Protocol):
    def observe(self, mr: Managed) -> Observation: ...

    def create(self, mr: Managed) -> Creation: ...

    def update(self, mr: Managed) -> Update: ...

    def delete(self, mr: Managed) -> None: ...

    def find(self, mr: Managed) -> tuple[str, ...] | None:
        """External names of cloud objects carrying ``mr``'s default tags; None when the kind has no
        lookup. Used only to recover a create whose outcome was lost."""
        ...
