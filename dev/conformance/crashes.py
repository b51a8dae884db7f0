"""A provider process that crashed under a conformance run: whose kind crashed it, and whose failed with it.

A job runs its kinds side by side on one provider process. The real provider panics (a nil pointer in
its Go code) on some of moto's incomplete answers, and every call in flight on the process fails with
it: a read or a plan says the process is gone, an apply that it did not answer, a create whose outcome
was lost cannot determine its result. The runtime replaces the process and logs its panic; the job
hears of it (:class:`CrashWatch`) with the kinds it was running and sends it on as a :class:`Crash`.

The panic's stack names the provider's code that crashed, ``.../internal/service/<package>.<function>``
over ``.../internal/service/<package>/<file>.go``: a service package and a file named for the
resource (``mediapackage``, ``channel.go``: ``aws_media_package_channel``), or a function that is
(``resourceChannelCreate``, ``(*resourceEmailTemplate).Create``). :func:`named_type` reads from it
which of the running examples' Terraform types it was; the kind whose example made it is the crasher,
failed as a provider bug in the panic's own words (:func:`blamed`). Every other kind that failed while
it ran is a victim, run once more, apart from every known crasher (:func:`settle`); with no crasher
found, each runs once more alone.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bridge.tfplugin.process import PANIC_FIELD
from conformance.classes import EXAMPLE, MOTO, PROVIDER
from conformance.result import Result

# A frame of the provider's own code: the function's line, then its file's.
_FUNCTION = re.compile(r"/internal/service/(\w+)\.(\S+)\(")
_FILE = re.compile(r"/internal/service/(\w+)/(\w+)\.go:\d+")
# A resource's own function names its resource: the SDK's ``resourceChannelCreate``, the framework's
# ``(*resourceTableBucket).Create`` or ``(*tableBucketResource).Create``.
_RESOURCE_FUNCTION = re.compile(r"^resource(\w+?)(?:Create|Read|Update|Delete|Import|CustomizeDiff)|"
                                r"^\(\*resource(\w+)\)\.|^\(\*(\w+?)Resource\)\.")
# A failure whose words say the provider process was lost under the kind, with or without a crash heard of.
LOST_PROVIDER = ("the provider process is gone", "the provider did not answer (unavailable)")
# Failures in the cloud's or the provider's validation's own words: the kind's own, crash or not.
_OWN_WORDS = (MOTO, EXAMPLE)


@dataclasses.dataclass(frozen=True)
class Crash:
    """A provider process of a job that ended unasked: its panic ("" when it printed none), the kinds
    the job was running (each kind's Terraform type), and those whose example the panic names."""

    panic: str
    running: tuple[str, ...]
    crashers: tuple[str, ...] = ()

    @property
    def words(self) -> str:
        return panic_words(self.panic)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Crash:
        return cls(str(doc["panic"]), tuple(doc["running"]), tuple(doc.get("crashers") or ()))


def _normal(name: str) -> str:
    return name.removeprefix("aws_").replace("_", "").lower()


def frames(panic: str) -> list[tuple[str, tuple[str, ...]]]:
    """The provider's own frames in a panic's stack, innermost first: each its service package and
    the nouns that may name a resource (its file's name, a resource function's noun), normalised."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for line in panic.splitlines():
        if found := _FUNCTION.search(line):
            resource = _RESOURCE_FUNCTION.match(found[2])
            out.append((found[1].lower(), tuple(_normal(n) for n in resource.groups() if n) if resource else ()))
        elif (found := _FILE.search(line)) and out and out[-1][0] == found[1].lower():
            package, nouns = out[-1]
            out[-1] = (package, (_normal(found[2]), *nouns))
    return out


def named_type(panic: str, tf_types: Iterable[str]) -> str:
    """The one of ``tf_types`` the panic's stack names, innermost frame first; "" when it names none,
    or more than one in the same frame.

    A type is named by its service package and a noun (``mediapackage`` + ``channel``:
    aws_media_package_channel), or, where the package is named otherwise than the type
    (``kafka``'s ``serverless_cluster.go``: aws_msk_serverless_cluster), by a noun its name ends with."""
    types = sorted(set(tf_types))
    stack = frames(panic)
    for exact in (True, False):
        for package, nouns in stack:
            found = {t for t in types for n in nouns if len(n) >= 3 and
                     (_normal(t) in (package + n, n) if exact else _normal(t).endswith(n))}
            if found:
                return found.pop() if len(found) == 1 else ""
    return ""


def attribute(panic: str, running: Mapping[str, Sequence[str]]) -> Crash:
    """The crash of a process under ``running`` (each kind's Terraform type → the types its example
    makes). The crashers: the running kinds of the type the stack names, else those whose example
    makes it (the same example would crash the provider in each); with one kind running, that one,
    whatever its stack names."""
    kinds = tuple(sorted(running))
    if len(kinds) == 1:
        return Crash(panic, kinds, kinds)
    named = named_type(panic, (t for types in running.values() for t in types))
    crashers = tuple(k for k in kinds if k == named) or tuple(k for k in kinds if named and named in running[k])
    return Crash(panic, kinds, crashers)


def panic_words(panic: str) -> str:
    """A panic's first line and the provider's innermost function in its stack."""
    first = panic.strip().split("\n", 1)[0] if panic.strip() else "no panic printed"
    where = next((f"{m[1]}.{m[2]}" for line in panic.splitlines() if (m := _FUNCTION.search(line))), "")
    return f"{first} in {where}" if where else first


def blamed(result: Result, crash: Crash) -> Result:
    """The crasher's result: a provider bug, in the panic's words and then its own."""
    step, _, words = result.failure.partition(": ")
    return dataclasses.replace(result, failure=f"{step}: the provider crashed ({crash.words}); {words}"[:600],
                               failure_class=PROVIDER)


@dataclasses.dataclass
class Settled:
    """A job's held results settled: those to report, the victims to run again beside each other (no
    known crasher among them), and those to run again alone (the crash that failed them named no kind)."""

    results: list[Result] = dataclasses.field(default_factory=list)
    again: list[str] = dataclasses.field(default_factory=list)
    alone: list[str] = dataclasses.field(default_factory=list)


def settle(held: Sequence[Result], crashes: Sequence[Crash], *, rerun: bool) -> Settled:
    """What becomes of a job's held results (each a failure the crashes may explain) once the job has
    ended, so every crash it had is known. A crasher is blamed; a victim (a kind that failed while a
    crash ran under it, not in the cloud's or the validation's own words, or one that says it lost the
    provider, where no crash was heard of) runs again, unless this was already its second run."""
    out = Settled()
    crashed_by = {k: c for c in reversed(crashes) for k in c.crashers}
    for result in held:
        under = [c for c in crashes if result.kind in c.running and result.kind not in c.crashers]
        lost = any(w in result.failure.lower() for w in LOST_PROVIDER)
        if result.kind in crashed_by and not result.passed:
            out.results.append(blamed(result, crashed_by[result.kind]))
        elif rerun or result.passed or result.failure_class in _OWN_WORDS or not (under or lost):
            out.results.append(result)
        elif under and all(c.crashers for c in under):
            out.again.append(result.kind)
        else:
            out.alone.append(result.kind)
    return out


def holds(result: Result, crashes: Sequence[Crash]) -> bool:
    """Whether a job's result waits for the job's end before it is reported: a failure a crash of the
    job may explain (one may yet be heard of: the crash reaches this process by another path than the
    results of the kinds it failed)."""
    return not result.passed and (bool(crashes) or result.failure_class not in _OWN_WORDS)


class CrashWatch(logging.Filter):
    """Hears of each provider process that ends unasked (the runtime's log record of it, which carries
    its panic) and tells ``crashed`` whose kinds it was running, as a :class:`Crash`.

    A filter on the runtime's logger, not a handler: it only looks, and the record still reaches
    whatever prints it (the job's stderr)."""

    def __init__(self, crashed: Callable[[Crash], None]) -> None:
        super().__init__()
        self.crashed = crashed
        self._lock = threading.Lock()
        self._running: dict[str, tuple[str, ...]] = {}

    def start(self, kind: str, tf_types: Sequence[str]) -> None:
        with self._lock:
            self._running[kind] = tuple(tf_types)

    def end(self, kind: str) -> None:
        with self._lock:
            self._running.pop(kind, None)

    def filter(self, record: logging.LogRecord) -> bool:
        panic = getattr(record, PANIC_FIELD, None)
        if isinstance(panic, str):
            with self._lock:
                running = dict(self._running)
            self.crashed(attribute(panic, running))
        return True
