"""The state our own apply has just saved, answering the observes that follow it.

An apply ends with the provider's answer for exactly the configuration it applied: asking the cloud
again at once learns nothing. How long that answer is trusted follows what asking again costs:

* :class:`WithinAMinute` (the terraform CLI, where asking is a terraform run of seconds): every observe
  within :data:`FRESH_SECONDS` of the apply whose configuration the state still answers. Recorded in
  the workspace's metadata (``fresh_state``), which a new render of another configuration clears.
* :class:`Once` (the direct executor, where a read costs milliseconds): only the one observe that
  follows, of the same configuration, while the stored state is still the one the apply saved.

Neither serves a reconcile someone asked for (``crossplane.io/reconcile-requested-at``): they may have
changed the cloud meanwhile. The trade: drift made in the cloud within that window is seen at the next
poll, not at once.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from typing import Any, Protocol

from bridge.api.managed import Managed
from bridge.workspace import tfstate
from bridge.workspace.document import RESOURCE_NAME, Rendered
from bridge.workspace.metadata import FreshState
from bridge.workspace.store import Workspace

# How long after our own apply its state may answer an observe.
FRESH_SECONDS = 60.0


class AfterApply(Protocol):
    def mark(self, ws: Workspace, mr: Managed, rendered: Rendered) -> None:
        """Our own apply of ``rendered`` has just saved ``ws``'s state for ``mr``."""
        ...

    def recall(self, ws: Workspace, mr: Managed, rendered: Rendered,
               current: Mapping[str, Any] | None) -> tfstate.Instance | None:
        """The instance that apply saved, when it answers this observe of ``rendered`` (``current``: the
        stored state as the observe read it, before its ``main.tf.json`` is written); else None."""
        ...

    def forget(self, ws: Workspace) -> None:
        """``ws`` is about to be removed."""
        ...


class WithinAMinute:
    def mark(self, ws: Workspace, mr: Managed, rendered: Rendered) -> None:
        ws.update_meta(fresh_state=FreshState(mr.uid, time.time()))

    def recall(self, ws: Workspace, mr: Managed, rendered: Rendered,
               current: Mapping[str, Any] | None) -> tfstate.Instance | None:
        """Every argument that changed since the apply (late-initialised values, typically) must already
        equal what the state holds, and nothing else of the configuration may have changed."""
        marker = ws.meta().fresh_state
        if (mr.reconcile_requested or marker is None or marker.uid != mr.uid
                or time.time() - marker.at > FRESH_SECONDS):
            return None
        tf_type = rendered.resource.tf_type
        inst = tfstate.instance(current, tf_type, RESOURCE_NAME) if current else None
        applied = ws.read_main()  # what the apply applied: nothing has written it since
        if inst is None or inst.tainted or applied is None:
            return None
        doc = rendered.document
        if {k: v for k, v in applied.items() if k != "resource"} != {k: v for k, v in doc.items() if k != "resource"}:
            return None
        before = applied["resource"][tf_type][RESOURCE_NAME]
        now = doc["resource"][tf_type][RESOURCE_NAME]
        for key in set(before) | set(now):
            if before.get(key) != now.get(key) and (key in ("lifecycle", "timeouts")
                                                     or rendered.resource.arguments.get(key)
                                                     != inst.attributes.get(key)):
                return None
        return inst

    def forget(self, ws: Workspace) -> None:
        pass  # the marker goes with the workspace's files


@dataclasses.dataclass(frozen=True)
class _Applied:
    uid: str
    rendered: Rendered  # the configuration it applied
    doc: Mapping[str, Any] | None  # the state document it saved, as read back
    at: float  # time.monotonic()


class Once:
    def __init__(self) -> None:
        # workspace key → what our own apply just saved there.
        self._applied: dict[str, _Applied] = {}

    def mark(self, ws: Workspace, mr: Managed, rendered: Rendered) -> None:
        self._applied[ws.key] = _Applied(mr.uid, rendered, ws.read_state(), time.monotonic())

    def recall(self, ws: Workspace, mr: Managed, rendered: Rendered,
               current: Mapping[str, Any] | None) -> tfstate.Instance | None:
        """The stored state must be the very document the apply saved (its file unchanged since), for
        the same object and the same configuration. Asked once: whatever the answer, the next observe
        reads, as every poll does."""
        applied = self._applied.pop(ws.key, None)
        if (applied is None or current is None or applied.doc is not current or applied.uid != mr.uid
                or mr.reconcile_requested or time.monotonic() - applied.at >= FRESH_SECONDS
                or applied.rendered.resource != rendered.resource or applied.rendered.provider != rendered.provider):
            return None
        inst = tfstate.instance(current, rendered.resource.tf_type, RESOURCE_NAME)
        return None if inst is None or inst.tainted else inst

    def forget(self, ws: Workspace) -> None:
        self._applied.pop(ws.key, None)
