"""Text that leaves the process (conditions, events, log records), without a secret in it.

A :class:`Redactor` knows the secret values in play: every ProviderConfig's credentials, every value
resolved from a ``*SecretRef``, every connection detail, each with its tenant (the namespace of the
object or ProviderConfig it belongs to; "" for cluster-scoped ones). A log line, which the operator
reads, is cleaned of every secret. A message a tenant reads (a condition, an event of an object in its
namespace) is cleaned of its own secrets and of the cluster-scoped ones its objects may echo (a
ClusterProviderConfig's credentials), never of another tenant's: a replaced value would confirm a
guess of another tenant's secret.

Values shorter than :data:`MIN_SECRET` characters are not redacted: they would blank ordinary
words ("true", a port), and a credential that short protects nothing anyway.
"""

from __future__ import annotations

import collections
import json
import threading
from collections.abc import Iterable

REDACTED = "[redacted]"
MIN_SECRET = 6
# Conditions and events carry at most this much (an Event's message is cut at 1 KiB by the API).
MESSAGE_LIMIT = 1024
LOG_LIMIT = 16384
# Up to this many known values, each is searched for in a text; beyond, the text is scanned once.
_FEW = 64


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
    """Known secrets by owner, and an index of them that costs the same however many objects there are.

    Every managed resource with connection details adds its own, so a pod with thousands of objects
    knows tens of thousands of values: looking for each one in every condition message (twice a poll)
    would make a poll's cost grow with the number of objects, and re-sorting them all whenever one
    object's secrets change would make a start's cost grow with their square. So the values are
    counted by how many owners hold them, and indexed by their first :data:`MIN_SECRET` characters:
    a text is scanned once, looking each of its windows up, whatever the number of secrets."""

    def __init__(self) -> None:
        self._owners: dict[str, frozenset[str]] = {}
        self._tenant_of: dict[str, str] = {}  # owner → its tenant
        self._held: dict[str, int] = {}  # value → how many owners hold it
        self._tenants: dict[str, collections.Counter[str]] = {}  # value → the tenants of its owners, counted
        self._by_prefix: dict[str, set[str]] = {}  # first MIN_SECRET characters → the values
        self._few: tuple[str, ...] | None = ()  # every value, longest first, while there are few; None: rebuild
        self._lock = threading.Lock()

    def add(self, owner: str, values: Iterable[str | bytes], *, tenant: str = "") -> None:
        """Remember ``values`` as secrets of ``owner`` (an object or ProviderConfig, by name) of ``tenant``
        (its namespace; "" for a cluster-scoped one)."""
        fresh: set[str] = set()
        for v in values:
            text = v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)
            fresh |= _variants(text)
        with self._lock:
            known = self._owners.get(owner, frozenset())
            if fresh <= known:
                return
            self._owners[owner] = known | fresh
            tenant = self._tenant_of.setdefault(owner, tenant)
            for value in fresh - known:
                self._hold(value, tenant)

    def forget(self, owner: str) -> None:
        with self._lock:
            tenant = self._tenant_of.pop(owner, "")
            for value in self._owners.pop(owner, frozenset()):
                self._release(value, tenant)

    def values(self, owner: str) -> frozenset[str]:
        with self._lock:
            return self._owners.get(owner, frozenset())

    def _hold(self, value: str, tenant: str) -> None:
        count = self._held.get(value, 0)
        self._held[value] = count + 1
        self._tenants.setdefault(value, collections.Counter())[tenant] += 1
        if not count:
            self._by_prefix.setdefault(value[:MIN_SECRET], set()).add(value)
            self._few = None

    def _release(self, value: str, tenant: str) -> None:
        tenants = self._tenants.get(value)
        if tenants is not None:
            tenants[tenant] -= 1
            if tenants[tenant] <= 0:
                del tenants[tenant]
            if not tenants:
                del self._tenants[value]
        count = self._held.pop(value, 0) - 1
        if count > 0:
            self._held[value] = count
            return
        same = self._by_prefix.get(value[:MIN_SECRET])
        if same is not None:
            same.discard(value)
            if not same:
                del self._by_prefix[value[:MIN_SECRET]]
        self._few = None

    def _found(self, text: str, tenant: str | None) -> list[str]:
        """The known secrets in ``text`` that ``tenant`` may see redacted (every one for None), longest first
        (a secret that contains another is replaced whole)."""
        with self._lock:
            if len(self._held) <= _FEW:
                # A few values (a ProviderConfig's credentials): a search for each is quicker than a scan.
                if self._few is None:
                    self._few = tuple(sorted(self._held, key=lambda s: (-len(s), s)))
                found = [v for v in self._few if v in text]
            else:
                by_prefix = self._by_prefix
                found = sorted({v for i in range(len(text) - MIN_SECRET + 1)
                                for v in by_prefix.get(text[i:i + MIN_SECRET], ()) if text.startswith(v, i)},
                               key=lambda s: (-len(s), s))
            if tenant is None:
                return found
            return [v for v in found if "" in self._tenants.get(v, ()) or tenant in self._tenants.get(v, ())]

    def __call__(self, text: str, limit: int = MESSAGE_LIMIT, *, tenant: str | None = None) -> str:
        """``text`` with every known secret replaced by :data:`REDACTED`, at most ``limit`` characters; for
        ``tenant``'s eyes, only its own secrets and the cluster-scoped ones."""
        if len(text) >= MIN_SECRET:
            for needle in self._found(text, tenant):
                if needle in text:  # a longer one replaced before may have taken it
                    text = text.replace(needle, REDACTED)
        return cap(text, limit)
