"""``spec.initProvider`` against ``spec.forProvider``, as upjet combines them (in Terraform form).

The configuration is forProvider with initProvider merged in deeply: objects key by key, lists element
by element up to forProvider's length, forProvider's value winning wherever both have one. Every path
initProvider sets and forProvider does not goes to ``lifecycle.ignore_changes``, at any depth, so
Terraform uses it at create only: ``tags["team"]``, ``rule[0].priority``.

Paths are Terraform traversals: ``["key"]`` into a map, ``.name`` into an object (a dict below a
top-level argument is a map unless ``objects`` names that argument; a block's elements are objects).
A map key that cannot be written as a plain quoted literal (quotes,
backslashes, template sequences, control characters) is not ignored on its own: its value then
behaves as a forProvider value would, rather than a path built from user input reaching Terraform.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

from bridge.workspace.tfstate import MapKey

Step = str | int
Path = tuple[Step, ...]  # a parsed traversal: names and map keys alike, and list indexes

_PLAIN_KEY = re.compile(r"[^\"\\$%\x00-\x1f\x7f]*")
_FIRST = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_NEXT = re.compile(r'\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\["([^"\\]*)"\]')


def merged(for_provider: dict[str, Any], init: dict[str, Any]) -> dict[str, Any]:
    """forProvider with initProvider's values filled in wherever forProvider has none."""
    out = copy.deepcopy(for_provider)
    _merge(out, init)
    return out


def _merge(target: dict[str, Any], init: dict[str, Any]) -> None:
    for key, value in init.items():
        current = target.get(key)
        if current is None:
            target[key] = copy.deepcopy(value)
        elif isinstance(current, dict) and isinstance(value, dict):
            _merge(current, value)
        elif isinstance(current, list) and isinstance(value, list):
            for i in range(min(len(current), len(value))):
                if isinstance(current[i], dict) and isinstance(value[i], dict):
                    _merge(current[i], value[i])


def init_only(for_provider: dict[str, Any], init: dict[str, Any],
              objects: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The ``ignore_changes`` traversals of what initProvider sets and forProvider does not, sorted;
    ``objects``: the top-level arguments whose values are objects, not maps."""
    return tuple(sorted(_paths("", for_provider, init, False, objects)))


def _paths(at: str, for_provider: Any, init: Any, is_map: bool, objects: frozenset[str]) -> Iterator[str]:
    if isinstance(init, dict) and isinstance(for_provider, dict):
        for key, value in init.items():
            if not at:
                here, below_map = key, key not in objects
            elif is_map:
                if not _PLAIN_KEY.fullmatch(key):
                    continue  # a map key no traversal may carry: left to behave as forProvider
                here, below_map = f'{at}["{key}"]', True
            else:
                here, below_map = f"{at}.{key}", True
            if for_provider.get(key) is None:
                yield here
            else:
                yield from _paths(here, for_provider[key], value, below_map, objects)
    elif isinstance(init, list) and isinstance(for_provider, list):
        for i, value in enumerate(init):
            if i >= len(for_provider):
                yield f"{at}[{i}]"
            else:
                yield from _paths(f"{at}[{i}]", for_provider[i], value, False, objects)


def parse(text: str) -> Path | None:
    """The steps of a traversal :func:`init_only` wrote (a map key as a MapKey, an index step); None for
    anything else."""
    first = _FIRST.match(text)
    if first is None:
        return None
    steps: list[Step] = [first.group(0)]
    pos = first.end()
    while pos < len(text):
        m = _NEXT.match(text, pos)
        if m is None:
            return None
        name, index, key = m.groups()
        steps.append(int(index) if index is not None else name if name is not None else MapKey(key))
        pos = m.end()
    return tuple(steps)
