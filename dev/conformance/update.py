"""What the update step changes: one argument the provider updates in place, and how its change shows."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from bridge.api.registry import Kind

# Free-text arguments the update step may rewrite, and the booleans it never flips (they decide what a
# delete or a wait does).
FREE_TEXT = ("description", "comment")
_LIFECYCLE_FLAG = re.compile(r"destroy|delet|protect|retain|wait|skip|prevent")
# How many candidate arguments the update step asks the provider's plan about before it gives up.
MAX_CHANGES = 4


@dataclasses.dataclass(frozen=True)
class Change:
    """One argument the update step changes: its spec.forProvider field and value (CR form), and
    the Terraform state's value that shows the change applied."""

    argument: str
    field: str
    value: Any
    shown: Callable[[Any], bool]

    @property
    def words(self) -> str:
        return f"{self.argument} changed in place"


def changes(kind: Kind, for_provider: Mapping[str, Any], state: Mapping[str, Any], mark: str) -> list[Change]:
    """The arguments the update step may change, best first: ``tags`` (a ``conformance`` tag added),
    then free text (``description``, ``comment``: a value of plain words, which every validation of
    free text allows), then optional booleans flipped (a boolean's value is never refused as
    malformed). A boolean that decides what a delete does (``force_destroy``, ``deletion_protection``,
    ``skip_destroy``) or what the provider waits for (``wait_for_*``) is never flipped: the
    delete step would then prove the flag, not the kind. Each is checked against the provider's plan
    before it is used (:meth:`Harness._in_place`)."""
    attributes = {a.name: a for a in kind.schema().block.attributes if (a.required or a.optional) and not a.sensitive}
    out = []
    if "tags" in attributes:
        tags = {**(for_provider.get("tags") or {}), "conformance": mark}
        out.append(Change("tags", "tags", tags, functools.partial(_tagged, mark)))
    for name in FREE_TEXT:
        if name in attributes and attributes[name].type == "string":
            text = f"updated by conformance {mark}"
            out.append(Change(name, kind.converter.json_name(name) or "", text, functools.partial(_same, text)))
    for name, a in attributes.items():
        if a.type == "bool" and a.optional and not _LIFECYCLE_FLAG.search(name):
            flipped = not state.get(name)
            out.append(Change(name, kind.converter.json_name(name) or "", flipped, functools.partial(_same, flipped)))
    return [c for c in out if c.field]


def _tagged(mark: str, tags: Any) -> bool:
    return isinstance(tags, dict) and tags.get("conformance") == mark


def _same(want: Any, value: Any) -> bool:
    return type(value) is type(want) and value == want

