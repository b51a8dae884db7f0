"""The store's event history is kept per kind: a watch of a quiet kind never expires because other
kinds are busy, and one of a busy kind expires exactly when its own events were forgotten."""

from __future__ import annotations

import pytest

from devserver.errors import ApiError
from devserver.store import Store

SECRETS, CONFIGMAPS = ("", "secrets"), ("", "configmaps")


def write(store: Store, key: tuple[str, str], count: int, prefix: str) -> None:
    kind = "Secret" if key == SECRETS else "ConfigMap"
    for i in range(count):
        store.create(store.types[key], "default", {"apiVersion": "v1", "kind": kind,
                                                   "metadata": {"name": f"{prefix}-{i}"}})


@pytest.mark.parametrize(
    ("secrets", "configmaps", "expired", "seen"),
    [
        pytest.param(0, 10, False, 0, id="OtherKindBusy"),
        pytest.param(2, 10, False, 2, id="OwnEventsKept"),
        pytest.param(4, 0, True, 0, id="OwnEventsForgotten"),
    ],
)
def test_a_watch_expires_only_when_its_own_kinds_events_were_forgotten(
        secrets: int, configmaps: int, expired: bool, seen: int) -> None:
    store = Store(history=3)
    since = store.rv
    write(store, CONFIGMAPS, configmaps, "cm")
    write(store, SECRETS, secrets, "s")
    with store.cond:
        if expired:
            with pytest.raises(ApiError) as gone:
                store.events_after(SECRETS, since)
            assert gone.value.code == 410
        else:
            events = store.events_after(SECRETS, since)
            assert [e.obj["metadata"]["name"] for e in events] == [f"s-{i}" for i in range(seen)]
            assert all(e.key == SECRETS for e in events)


def test_compaction_expires_every_older_watch() -> None:
    store = Store(history=3)
    since = store.rv
    write(store, SECRETS, 1, "s")
    store.compact()
    with store.cond, pytest.raises(ApiError):
        store.events_after(CONFIGMAPS, since)
