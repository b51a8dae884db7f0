"""Text that leaves the process (conditions, events, log records), without a secret in it.

A :class:`Redactor` knows the secret values in play: every ProviderConfig's credentials, every value
resolved from a ``*SecretRef``, every connection detail. It replaces each of them, wherever it
appears, and caps the text's length. One Redactor serves the whole process, so a message about one
object is cleaned of every other object's secrets too: a provider that echoes what it read may
echo anything the pod can read.

Values shorter than :data:`MIN_SECRET` characters are not redacted: they would blank ordinary
words ("true", a port), and a credential that short protects nothing anyway.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable

REDACTED = "[redacted]"
MIN_SECRET = 6
# Conditions and events carry at most this much (an Event's message is cut at 1 KiB by the API).
MESSAGE_LIMIT = 1024
LOG_LIMIT = 16384


def _variants(value: str) -> set[str]:
    """How a value may appear in text: as itself, escaped as JSON or Go's %q quote it, and (for a
    multi-line value such as a key) line by line."""
    out = {value, json.dumps(value)[1:-1]}
    if "\n" in value:
        out |= {line.strip() for line in value.splitlines() if len(line.strip()) >= 2 * MIN_SECRET}
    return {v for v in out if len(v) >= MIN_SECRET}


def cap(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    marker = " …[truncated]"
    return text[: max(0, limit - len(marker))] + marker


class Redactor:
    def __init__(self) -> None:
        self._owners: dict[str, frozenset[str]] = {}
        self._needles: tuple[str, ...] = ()
        self._lock = threading.Lock()

    def add(self, owner: str, values: Iterable[str | bytes]) -> None:
        """Remember ``values`` as secrets of ``owner`` (an object or ProviderConfig, by name)."""
        fresh: set[str] = set()
        for v in values:
            text = v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)
            fresh |= _variants(text)
        with self._lock:
            known = self._owners.get(owner, frozenset())
            if fresh <= known:
                return
            self._owners[owner] = known | fresh
            self._rebuild()

    def forget(self, owner: str) -> None:
        with self._lock:
            if self._owners.pop(owner, None) is not None:
                self._rebuild()

    def values(self, owner: str) -> frozenset[str]:
        with self._lock:
            return self._owners.get(owner, frozenset())

    def _rebuild(self) -> None:
        # Longest first: a secret that contains another is replaced whole.
        self._needles = tuple(sorted(set().union(*self._owners.values()), key=lambda s: (-len(s), s)))

    def __call__(self, text: str, limit: int = MESSAGE_LIMIT) -> str:
        """``text`` with every known secret replaced by :data:`REDACTED`, at most ``limit`` characters."""
        for needle in self._needles:
            if needle in text:
                text = text.replace(needle, REDACTED)
        return cap(text, limit)
