"""What differs between a spec and its cloud object, in a few words for ``status.drift``: so that whoever
owns the object sees the drift without running ``terraform plan``.

One entry per differing argument, by its spec name: ``cidrBlock: spec "10.0.0.0/16", cloud "10.9.0.0/16"``.
Values are shown only where nothing secret can be in them: a sensitive argument (the schema's or the
provider config's), one filled from a Secret, and every block (a nested block may hold a sensitive
member) say only that they differ. Each value is cut to :data:`VALUE_LIMIT` characters, at most
:data:`ARGUMENTS` arguments are named, and the whole stays under :data:`LIMIT` characters.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

VALUE_LIMIT = 60
ARGUMENTS = 8
LIMIT = 1024


def summary(changed: Iterable[str], spec: Mapping[str, Any], cloud: Mapping[str, Any], *,
            hidden: frozenset[str], name: Callable[[str], str | None]) -> str:
    """``changed``: Terraform argument names that differ; ``hidden``: those whose values are never shown;
    ``name``: the spec name of an argument (None: shown by its Terraform name)."""
    args = sorted(changed)
    entries = []
    for tf in args[:ARGUMENTS]:
        label = name(tf) or tf
        want, have = spec.get(tf), cloud.get(tf)
        if tf in hidden:
            entries.append(f"{label}: differs (sensitive)")
        elif _block(want) or _block(have):
            entries.append(f"{label}: differs")
        else:
            entries.append(f"{label}: spec {_shown(want)}, cloud {_shown(have)}")
    if len(args) > ARGUMENTS:
        entries.append(f"and {len(args) - ARGUMENTS} more")
    text = "; ".join(entries)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def _block(value: Any) -> bool:
    """A nested block (or an object): its members are not shown."""
    if isinstance(value, dict):
        return any(isinstance(v, dict | list) for v in value.values())
    return isinstance(value, list) and any(isinstance(v, dict | list) for v in value)


def _shown(value: Any) -> str:
    if value is None:
        return "unset"
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= VALUE_LIMIT else text[: VALUE_LIMIT - 1] + "…"
