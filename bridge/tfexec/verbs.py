"""Terraform's verbs in one workspace, each with a typed result, and its failures as typed errors.

:class:`Terraform` is bound to a workspace and to the way the executor runs terraform there (its
environment, its shared provider process); the client says what to do, never how to read what
terraform printed. A run cut short raises OperationTimedOut (``applying`` when terraform had
begun to ask the provider to apply); a failed run raises OperationFailed with terraform's
"summary: detail" words, ``canceled`` when the provider cancelled the call mid-flight.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bridge.api.errors import OperationFailed, OperationTimedOut, ProviderConfigFailed
from bridge.tfexec import jsonstream
from bridge.tfexec.runner import Outcome, Run
from bridge.workspace import tfstate
from bridge.workspace.backend import canceled, names_no_object
from bridge.workspace.document import RESOURCE_NAME

PLANFILE = ".tfbridge.plan"
NOT_FOUND = "Cannot import non-existent remote object"
# Planned actions that change nothing in the cloud ("import": an ``import`` block's object, read and
# otherwise unchanged).
_NO_CHANGE = ("noop", "read", "import")

RunFn = Callable[[list[str], float], Run]  # (arguments, timeout) → the finished run


@dataclasses.dataclass(frozen=True)
class Planned:
    # Terraform's planned action for the resource (create, update, replace, ...); None for no change.
    action: str | None
    # The resource as the plan's refresh read it; None when the cloud has no such object.
    refreshed: tfstate.Instance | None
    # The refreshed state document the plan file carries (None: it could not be read, and ``refreshed``
    # is terraform's JSON rendering of the plan, which has no private data).
    prior: dict[str, Any] | None = None


class Terraform:
    def __init__(self, directory: Path, run: RunFn, display: str,
                 import_not_found: Callable[[str], bool] | None = None) -> None:
        self.dir = directory
        self._run = run
        self.display = display
        self._import_not_found = import_not_found  # the provider's words for "no such object"

    def plan(self, tf_type: str, timeout: float, what: str = "observe failed") -> Planned:
        """One ``plan -out``: the planned action, and the refreshed state the plan file carries."""
        with contextlib.suppress(FileNotFoundError):
            (self.dir / PLANFILE).unlink()
        run = self._run(["plan", "-input=false", "-json", "-detailed-exitcode", f"-out={PLANFILE}"], timeout)
        stream = self._check(run, what)
        action = stream.planned.get(f"{tf_type}.{RESOURCE_NAME}")
        action = None if action in _NO_CHANGE else action
        refreshed = tfstate.from_planfile(self.dir / PLANFILE)
        if refreshed is not None:
            return Planned(action, tfstate.instance(refreshed, tf_type, RESOURCE_NAME), refreshed)
        # A plan file whose state we cannot read: terraform's own rendering of it has the values.
        show = self._run(["show", "-json", PLANFILE], timeout)
        self._check(show, "reading the plan failed")
        prior = json.loads(show.stdout or "{}").get("prior_state") or {}
        found = [r for r in (prior.get("values") or {}).get("root_module", {}).get("resources", [])
                 if r.get("address") == f"{tf_type}.{RESOURCE_NAME}"]
        return Planned(action, tfstate.Instance(found[0].get("values") or {}, (), 0, False) if found else None)

    def import_plan(self, tf_type: str, import_id: str, timeout: float) -> Planned | None:
        """:meth:`plan` of a configuration that imports ``import_id`` (its ``import`` block written by the
        caller): the import, its read and the plan in one run. None if the cloud says there is no such
        object, in the words :meth:`import_` knows; the plan file's state holds the imported object as
        ``terraform import`` would have saved it (its private data and schema version too)."""
        try:
            return self.plan(tf_type, timeout, f"import of {import_id!r} failed")
        except OperationFailed as exc:
            if any(NOT_FOUND in words for words in exc.diagnostics) or names_no_object(
                    exc.diagnostics, self._import_not_found):
                return None
            raise

    def planned_values(self, tf_type: str, timeout: float) -> dict[str, Any]:
        """The known values the plan the last :meth:`plan` saved gives our resource's top-level
        arguments (terraform's JSON rendering of the plan leaves unknown values null)."""
        show = self._run(["show", "-json", PLANFILE], timeout)
        self._check(show, "reading the plan failed")
        changes = json.loads(show.stdout or "{}").get("resource_changes") or []
        found = [c for c in changes if c.get("address") == f"{tf_type}.{RESOURCE_NAME}"]
        after = (found[0].get("change") or {}).get("after") if found else None
        return {k: v for k, v in (after or {}).items() if v is not None}

    def apply(self, timeout: float, what: str, *, planned: bool = False) -> None:
        """Apply the configuration, or (``planned``) the plan the last :meth:`plan` saved."""
        self._check(self._run(["apply", "-auto-approve", "-input=false", "-json",
                               *([PLANFILE] if planned else [])], timeout), what)

    def import_(self, address: str, import_id: str, timeout: float) -> bool:
        """Import ``import_id`` to ``address``; False if the cloud says there is no such object: the read
        after the import found nothing (terraform's "non-existent remote object"), or the provider
        failed the import in its own words for an ID that names no object."""
        run = self._run(["import", "-input=false", "-no-color", address, import_id], timeout)
        if run.returncode == 0 and run.outcome is Outcome.OK:
            return True
        if NOT_FOUND in run.stderr:
            return False
        try:
            self._check(run, f"import of {import_id!r} failed")
        except OperationFailed as exc:
            if names_no_object(exc.diagnostics, self._import_not_found):
                return False
            raise
        return False

    def untaint(self, address: str, timeout: float) -> None:
        self._check(self._run(["untaint", "-no-color", address], timeout), "untaint failed")

    def destroy(self, timeout: float) -> None:
        self._check(self._run(["destroy", "-auto-approve", "-input=false", "-json"], timeout), "delete failed")

    def _check(self, run: Run, what: str) -> jsonstream.Stream:
        return check(run, what, self.display)


def check(run: Run, what: str, display: str) -> jsonstream.Stream:
    """The parsed output of a run that succeeded; the typed error of one that did not."""
    stream = jsonstream.parse(run.stdout)
    if run.outcome in (Outcome.TIMED_OUT, Outcome.INTERRUPTED, Outcome.KILLED):
        applying = bool(stream.applying)
        raise OperationTimedOut(f"{display}: {what}: terraform {run.verb} was {run.outcome.value} after "
                                f"{run.seconds:.0f}s" + ("" if applying else ", before it asked the provider to apply"),
                                applying=applying)
    if run.returncode not in (0, 2) or (run.returncode == 2 and run.verb != "plan"):
        found = stream.errors or jsonstream.parse_text_errors(run.stderr)
        errors = tuple(map(str, found))
        words = "; ".join(errors) or (run.stderr.strip().splitlines() or ["unknown error"])[-1]
        if any(d.address.startswith("provider[") for d in found):
            # Its words may quote what the provider was given (a credential): see ProviderConfigFailed.
            raise ProviderConfigFailed(f"{display}: {what}: the provider refused its configuration: {words}")
        raise OperationFailed(f"{display}: {what}: {words}", verb=run.verb, diagnostics=errors,
                              canceled=canceled(errors))
    return stream
