"""The seam between the manager and an executor, and what every executor needs to agree on.

An executor is a :class:`Backend`: it makes the ExternalClient of a kind, reads data sources for
lookups and identities, reports what it runs, and shuts down in order. Which backend serves a kind
is decided in one place (``bridge.executors``); the backends know nothing of each other.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from bridge.api.external import ExternalClient, ProviderSetup, SecretReader
from bridge.api.registry import Kind
from bridge.workspace.document import DataRead, ProviderBlock


@dataclasses.dataclass(frozen=True)
class Stats:
    # terraform CLI runs by verb (init, plan, apply, ...), since the backend started.
    terraform_runs: Mapping[str, int] = dataclasses.field(default_factory=dict)
    # The provider processes alive now, and how many were ever started.
    provider_pids: tuple[int, ...] = ()
    providers_started: int = 0
    # Calls to provider processes over their protocol, by verb (the direct executor's).
    provider_calls: Mapping[str, int] = dataclasses.field(default_factory=dict)


class Backend(Protocol):
    # Recorded in each workspace it works in: `tfbridge workspaces list` shows who worked there last.
    name: str

    def client(self, kind: Kind, setup: ProviderSetup, secrets: SecretReader | None = None) -> ExternalClient: ...

    def read_data(self, provider: ProviderBlock, setup: ProviderSetup, read: DataRead, *, purpose: str,
                  key: str, what: str) -> dict[str, Any]:
        """Read data sources: output name → value. Kept apart from every resource's workspace and
        state (``purpose`` and ``key`` name the scratch space); ``what`` says why, for errors."""
        ...

    def stats(self) -> Stats: ...

    def shutdown(self) -> None:
        """Interrupt running work cleanly, then stop the provider processes."""
        ...


def config_key(provider: ProviderBlock, setup: ProviderSetup) -> str:
    """Identifies a distinct provider configuration: what one provider process may serve
    (Configure is process-wide; two configurations on one process corrupt each other).

    Every poll asks twice (for its provider process, and for its last plan's inputs), and a
    ProviderConfig's setup is one object for as long as it is cached: the key worked out for that
    object and those arguments is remembered."""
    known = _KEYS.get(id(setup))
    if known is not None and known[0] is setup and known[1] == provider.source and known[2] == provider.arguments:
        return known[3]
    value = [provider.source, dict(provider.arguments), sorted(setup.credentials_env.items()), setup.owned_env,
             sorted(setup.secret_arguments.items())]
    key = hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]
    with _KEYS_LOCK:
        if len(_KEYS) >= _KEYS_KEPT:  # setups are replaced as their cache expires: drop the old ones
            _KEYS.clear()
        # A copy of the arguments: the caller's may change after the key is worked out.
        _KEYS[id(setup)] = (setup, provider.source, copy.deepcopy(dict(provider.arguments)), key)
    return key


# id(setup) → (that setup, kept so that its id is never another's; the provider source and arguments; the key).
_KEYS: dict[int, tuple[ProviderSetup, str, dict[str, Any], str]] = {}
_KEYS_LOCK = threading.Lock()
_KEYS_KEPT = 1024


def canceled(diagnostics: tuple[str, ...]) -> bool:
    """Whether a provider's diagnostics say it cancelled the call mid-flight (it was asked to stop,
    as terraform does on an interrupt): the call's outcome is then unknown."""
    return any("context canceled" in d for d in diagnostics)


# The words every provider built on terraform-plugin-sdk uses for "the cloud has no object by that ID",
# as the import of an external name may end with them when the importer looks the object up itself (rather
# than leaving that to the read after it, whose "nothing read" terraform calls "Cannot import non-existent
# remote object"): the SDK's NotFoundError without a message of its own, what a provider's finders return
# for a lookup that found nothing: "couldn't find resource", after retries "couldn't find resource (3 retries)".
# A provider's own words (its cloud's error codes, its importers' sentences) are its config's
# (``Provider.import_not_found``).
_FINDER_FOUND_NOTHING = re.compile(r"(?<![\w'])couldn't find resource\b")


def names_no_object(diagnostics: Iterable[str], provider_words: Callable[[str], bool] | None = None) -> bool:
    """Whether a failed import's diagnostics say that the ID it was given names no object in the cloud:
    in the SDK's words (above), or in the provider's own (``provider_words``, its config's
    ``import_not_found``). Then the object does not exist."""
    for words in diagnostics:
        text = words.strip()
        if _FINDER_FOUND_NOTHING.search(text) or (provider_words is not None and provider_words(text)):
            return True
    return False


def quiet_provider_logs(name: str) -> dict[str, str]:
    """Environment that turns a provider's own logging off. Left unset, an SDKv2 provider writes
    every gRPC request and cloud call at TRACE to its stderr (40 KB per observe of a VPC), which
    terraform and our drain both read only to drop."""
    return {"TF_LOG_SDK": "off", "TF_LOG_SDK_PROTO": "off", "TF_LOG_PROVIDER": "off",
            f"TF_LOG_PROVIDER_{name.upper().replace('-', '_')}": "off"}
