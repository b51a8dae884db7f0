"""Provider metadata for import-ID templates (an account ID, a partition), read once per provider
configuration through data sources the provider config names (``Provider.identity``)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from bridge.api.external import ProviderSetup
from bridge.workspace.backend import config_key
from bridge.workspace.document import DataRead, ProviderBlock
from tfconfig import Provider

ReadData = Callable[[ProviderBlock, ProviderSetup, DataRead, str], Mapping[str, Any]]  # (..., key) → outputs


class Identity:
    def __init__(self, provider: Provider, read: ReadData) -> None:
        self.request = identity_read(provider)
        self._read = read
        self._known: dict[str, Mapping[str, str]] = {}
        self._lock = threading.Lock()

    def __call__(self, block: ProviderBlock, setup: ProviderSetup) -> Mapping[str, str]:
        if setup.client_metadata or self.request is None:
            return setup.client_metadata
        key = config_key(block, setup)
        with self._lock:  # one read per configuration, however many imports wait for it
            if key not in self._known:
                values = self._read(block, setup, self.request, key)
                self._known[key] = {k: str(v) for k, v in values.items()}
            return self._known[key]


def identity_read(provider: Provider) -> DataRead | None:
    """The data read that answers ``provider.identity`` (metadata key → ``data.<type>.<name>.<attr>``)."""
    if not provider.identity:
        return None
    sources: dict[str, dict[str, dict[str, Any]]] = {}
    outputs = {}
    for name, ref in provider.identity.items():
        _, dtype, dname, attr = ref.split(".", 3)
        sources.setdefault(dtype, {})[dname] = {}
        outputs[name] = (dtype, dname, attr)
    return DataRead(sources, outputs)


class Lazy(Mapping[str, str]):
    """Metadata fetched on first use: most import IDs never read it, and reading it costs a run."""

    def __init__(self, load: Callable[[], Mapping[str, str]]) -> None:
        self._load = load
        self._value: Mapping[str, str] | None = None

    def _get(self) -> Mapping[str, str]:
        if self._value is None:
            self._value = self._load()
        return self._value

    def __getitem__(self, key: str) -> str:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())
