"""What an executor does its own way, as the client on the floor (:mod:`bridge.workspace.client`) asks it.

The client owns every operation's sequence. An executor gives it a :class:`Driver` per operation, opened
on the object's workspace (held, its ``main.tf.json`` written) for one rendered configuration: the verbs
the two executors do differently, as upjet's controller asks its Terraform workspace to refresh, import,
plan, apply and destroy. The :class:`Executor` is the rest of what differs: how long an apply's state is
trusted, which failures an observe may repeat, and what it remembers of a workspace.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any, Protocol

from bridge.api.external import ProviderSetup, Replacement
from bridge.api.managed import Managed
from bridge.settings import ExecutorSettings
from bridge.workspace import tfstate
from bridge.workspace.applied import AfterApply
from bridge.workspace.document import DataRead, ProviderBlock, Rendered
from bridge.workspace.kind import KindWorkspaces, Metadata
from bridge.workspace.store import Workspace, WorkspaceStore
from tfconfig import Provider


@dataclasses.dataclass(frozen=True)
class Operation:
    """What a driver serves: one operation on one object, its workspace held and its ``main.tf.json``
    written from ``rendered``; every provider call within ``timeout`` seconds."""

    floor: KindWorkspaces
    ws: Workspace
    rendered: Rendered
    mr: Managed
    timeout: float

    @property
    def tf_type(self) -> str:
        return self.floor.config.tf_type


@dataclasses.dataclass(frozen=True)
class Refreshed:
    # The object as the executor knows it before it plans; None when the cloud has it no more.
    found: tfstate.Instance | None
    # The state held it tainted (an apply cut short mid-create): it exists, and is now saved untainted.
    untainted: bool = False


@dataclasses.dataclass(frozen=True)
class Plan:
    # None: nothing to change; else "create", "update" or "replace".
    action: str | None
    # The object as the plan read it; None when the cloud has none.
    found: tfstate.Instance | None
    # The arguments whose change forces the replacement (with action "replace").
    replacing: tuple[str, ...] = ()


class Driver(Protocol):
    """One executor's verbs in one workspace, for one operation. Every verb reads and saves the object in
    the workspace's ``terraform.tfstate``; a failure raises the errors of :mod:`bridge.api.errors`."""

    def refresh(self, current: Mapping[str, Any]) -> Refreshed:
        """The object the stored state ``current`` holds, as this executor knows it before it plans (the
        direct executor reads it now and saves what it read; the CLI executor's plan reads it, so here it
        is the state's). A tainted instance is saved untainted: it is updated, never replaced."""
        ...

    def import_(self, import_id: str, *, fill_unread: bool) -> tfstate.Instance | None:
        """Import ``import_id`` into the state; what it read, or None when the ID names no object.
        ``fill_unread``: each argument the importer left null takes the value a plan gives it
        (:meth:`KindWorkspaces.with_unread`), and the object is read again."""
        ...

    def plan(self, what: str, *, validate: bool) -> Plan:
        """What applying the configuration would do. ``validate``: the plan is for a change this
        operation makes (the configuration is validated); an observe's plan validates nothing."""
        ...

    def apply(self, what: str) -> None:
        """Apply the plan made last; with none made, create the object. A failure says ``what``;
        what the apply made is kept in the state (tainted, when a create failed part way)."""
        ...

    def replace(self, policy: str) -> Replacement | None:
        """Replace the object as ``policy`` says (its configuration, now written, allows the destroy); the
        steps taken, or None when the object kept its external name. A replacement that stops part way
        raises ReplacementFailed, saying which object lives."""
        ...

    def delete_deposed(self) -> None:
        """Delete the old objects a replacement left deposed in the state (its configuration, now
        written, allows the destroy); raises ReplacementFailed while one remains."""
        ...

    def destroy(self) -> None:
        """Delete every object the state holds, deposed ones first."""
        ...

    def probe(self, import_id: str, timeout: float) -> tfstate.Instance | None:
        """What importing ``import_id`` reads, within ``timeout`` seconds in all, saving nothing (the
        import check after a create); None when it finds no object."""
        ...


class Executor(Protocol):
    # Recorded in each workspace it works in.
    name: str
    store: WorkspaceStore
    provider: Provider
    settings: ExecutorSettings
    # Provider metadata for import IDs, read once per provider configuration.
    identity: Metadata
    # How long the state our own apply saved answers observes.
    after_apply: AfterApply
    # Failures after which an observe (it changes nothing) is made once more: the executor has replaced
    # what failed (a provider process that died).
    repeatable: tuple[type[Exception], ...]

    def driver(self, op: Operation) -> AbstractContextManager[Driver]: ...

    def read_data(self, provider: ProviderBlock, setup: ProviderSetup, read: DataRead, *, purpose: str,
                  key: str, what: str) -> dict[str, Any]: ...

    def forget(self, ws: Workspace) -> None:
        """Drop what the executor remembers of ``ws``: it is about to be removed."""
        ...
