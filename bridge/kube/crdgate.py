"""Which of a provider's kinds the API server serves now: the gate each kind's controller waits at.

A Crossplane package that declares the SafeStart capability may be installed with its kinds inactive:
their CRDs appear when someone activates them, and may go again. A controller started for a kind the
API server does not serve fails every list and retries for ever; thousands of them cost a request
each per backoff. So the manager starts a kind's controller when its CRD exists, is Established, is not
being deleted and serves the version reconciled here, and stops it when the CRD is gone.

A CRD being deleted keeps the controllers that run for it: the API server deletes the CRD's objects
before the CRD, and their finalizers are this provider's to remove once the external resources are gone.

How the state is read: one GET per wanted CRD, then one watch of every CRD. Not a list: a list of a
whole provider's CRDs is tens of megabytes of OpenAPI schema decoded at once (2,821 CRDs: 33 MB of JSON,
a 530 MB peak in the client, 23 s from the local API server), while a GET holds one CRD at a time and
keeps only what the gate needs of it. The GETs wait on the server, not on this process's CPU (0.4 ms of
it each), so a few run at once. The watch resumes from the resourceVersion of an empty list taken before
the GETs, so whatever changed during them is replayed in order.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

from bridge.kube import errors
from bridge.kube.client import CRDS, Kube, Obj
from bridge.kube.informer import resource_version

log = logging.getLogger(__name__)

# Matches no CRD: a list with it returns only the collection's resourceVersion, the watch's start.
_NO_CRD = "tfbridge.io/crd-gate=none"
# GETs in flight at once while the gate reads every wanted CRD.
_READERS = 8


def start_report(wanted: Mapping[str, str],
                 states: Mapping[str, tuple[bool, bool] | None]) -> list[tuple[int, str]]:
    """What the operator should know at start about the CRDs of the kinds this provider serves: those that
    do not serve the version reconciled here (another release's CRDs: their objects wait until this
    release's are applied) and those that are missing. A missing managed kind may be intended (a package
    installed with its kinds inactive, SafeStart); a missing ProviderConfig kind holds up every kind that
    uses it."""
    out: list[tuple[int, str]] = []
    stale = sorted(n for n, st in states.items() if st is not None and not st[0])
    if stale:
        shown = ", ".join(f"{n} (wants {wanted[n]})" for n in stale[:10])
        out.append((logging.WARNING, f"{len(stale)} installed CRDs do not serve the version this provider "
                                     f"reconciles, so their objects wait: {shown}{' …' if len(stale) > 10 else ''}; "
                                     "apply this release's CRDs (tfbridge generate, then kubectl apply "
                                     "--server-side -k crds/, or install its package)"))
    missing = sorted(n for n, st in states.items() if st is None)
    configs = [n for n in missing if n.split(".", 1)[0] in _CONFIG_PLURALS]
    if configs:
        out.append((logging.WARNING, f"the ProviderConfig CRDs {', '.join(configs)} are not installed: the kinds "
                                     "that use them wait; apply this release's config CRDs (crds/config/)"))
    if len(missing) > len(configs):
        out.append((logging.INFO, f"{len(missing) - len(configs)} of the {len(wanted)} CRDs this provider serves "
                                  "are not installed; their controllers start when they are"))
    return out


# The plurals of the ProviderConfig kinds every provider serves, which its managed kinds depend on.
_CONFIG_PLURALS = frozenset({"providerconfigs", "clusterproviderconfigs", "providerconfigusages",
                             "clusterproviderconfigusages"})


def established(crd: Obj) -> bool:
    conditions = (crd.get("status") or {}).get("conditions") or []
    return any(isinstance(c, dict) and c.get("type") == "Established" and c.get("status") == "True"
               for c in conditions)


def serves(crd: Obj, version: str) -> bool:
    """Whether ``crd`` serves ``version`` of its kind (being deleted or not)."""
    versions: list[Any] = (crd.get("spec") or {}).get("versions") or []
    return established(crd) and any(isinstance(v, dict) and v.get("name") == version and v.get("served")
                                    for v in versions)


class CRDGate:
    """Calls ``on_change(crd_name, True)`` when a wanted CRD starts being served and
    ``on_change(crd_name, False)`` when it stops (see the module's docstring for when)."""

    def __init__(self, kube: Kube, wanted: Mapping[str, str], on_change: Callable[[str, bool], None], *,
                 watch_timeout: float = 300.0, on_crd: Callable[[Obj], None] | None = None) -> None:
        self.kube = kube
        self.wanted = dict(wanted)  # CRD name → the version reconciled
        self.on_change = on_change
        # Given each wanted CRD as read or changed (the storage migration looks at its stored versions).
        self.on_crd = on_crd
        self.watch_timeout = watch_timeout
        self.open: set[str] = set()
        self.synced = threading.Event()
        self.rv = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> bool:
        """Read every wanted CRD now, opening the gate of each one served, then follow changes in a
        thread. False, and nothing opened or started, if this provider may not read CRDs."""
        try:
            self._sync()
        except errors.APIError as exc:
            if exc.code in (401, 403):
                log.warning("cannot read CustomResourceDefinitions (%s): starting every controller at once",
                            exc.message)
                return False
            log.warning("reading CustomResourceDefinitions failed: %s; retrying", exc)
        self._thread = threading.Thread(target=self._run, daemon=True, name="crd-gate")
        self._thread.start()
        return True

    def stop(self) -> None:
        self._stop.set()

    def _state(self, name: str, crd: Obj | None) -> tuple[bool, bool] | None:
        """What the gate keeps of a CRD: (serves the wanted version, being deleted); None: no such CRD."""
        if crd is None:
            return None
        return serves(crd, self.wanted[name]), bool((crd.get("metadata") or {}).get("deletionTimestamp"))

    def _read(self, name: str) -> tuple[bool, bool] | None:
        try:
            crd = self.kube.get(CRDS, name)
        except errors.NotFound:
            return None
        self._offer(crd)
        return self._state(name, crd)

    def _offer(self, crd: Obj) -> None:
        if self.on_crd is not None:
            try:
                self.on_crd(crd)
            except Exception:
                log.exception("the gate's CRD handler failed for %s", (crd.get("metadata") or {}).get("name"))

    def _see(self, name: str, state: tuple[bool, bool] | None) -> None:
        was = name in self.open
        now = state is not None and state[0] and (was or not state[1])
        if now == was:
            return
        if now:
            self.open.add(name)
        else:
            self.open.discard(name)
        try:
            self.on_change(name, now)
        except Exception:
            log.exception("the gate's handler failed for CRD %s", name)

    def _sync(self) -> None:
        _, rv = self.kube.list(CRDS, label_selector=_NO_CRD)
        names = sorted(self.wanted)
        with concurrent.futures.ThreadPoolExecutor(_READERS, thread_name_prefix="crd-gate-read") as readers:
            states = list(readers.map(self._read, names))
        for name, state in zip(names, states, strict=True):
            self._see(name, state)
        if not self.synced.is_set():
            for level, message in start_report(self.wanted, dict(zip(names, states, strict=True))):
                log.log(level, message)
        self.rv = rv
        self.synced.set()

    def _run(self) -> None:
        delay = 0.5
        need_sync = not self.synced.is_set()
        while not self._stop.is_set():
            try:
                if need_sync:
                    self._sync()
                    need_sync = False
                for kind, obj in self.kube.watch(CRDS, self.rv, timeout=self.watch_timeout, stop=self._stop):
                    name = str((obj.get("metadata") or {}).get("name") or "")
                    if kind != "BOOKMARK" and name in self.wanted:
                        self._see(name, self._state(name, None if kind == "DELETED" else obj))
                        if kind != "DELETED":
                            self._offer(obj)
                    if rv := resource_version(obj):
                        self.rv = rv
                    delay = 0.5
            except errors.Gone as exc:
                log.info("watch of CustomResourceDefinitions ended (%s); reading them again", exc.message)
                need_sync = True
            except Exception as exc:  # the API server went away, a 5xx, a broken stream: try again
                log.warning("watch of CustomResourceDefinitions failed: %s; retrying in %.1fs", exc, delay)
                self._stop.wait(delay)
                delay = min(delay * 2, 30.0)
                need_sync = need_sync or (isinstance(exc, errors.APIError) and exc.code >= 500)
