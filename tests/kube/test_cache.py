"""Reads from an informer's cache that stay consistent with our own writes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bridge.kube import errors
from bridge.kube.cache import CachedReader
from bridge.kube.client import CRDS, Obj
from bridge.kube.informer import Informer
from devrig.fakes import StoreKube
from tests.support.bench import CRDS_YAML, VPCS, vpc
from tests.support.waiting import wait_for


class CountingKube(StoreKube):
    def __init__(self) -> None:
        super().__init__()
        self.gets = 0

    def get(self, res, name, namespace=""):  # type: ignore[no-untyped-def]
        self.gets += 1
        return super().get(res, name, namespace)


def _kube() -> CountingKube:
    kube = CountingKube()
    kube.create(CRDS, next(c for c in CRDS_YAML if c["metadata"]["name"] == "vpcs.ec2.aws.tfbridge.io"))
    kube.create(VPCS, vpc("a"))
    return kube


@pytest.fixture
def setup() -> Iterator[tuple[CountingKube, Informer, CachedReader]]:
    kube = _kube()
    informer = Informer(kube, VPCS, lambda kind, obj: None)
    informer.start()
    wait_for(informer.synced.is_set, timeout=10, what="the first list")
    yield kube, informer, CachedReader(kube, VPCS, informer)
    informer.stop()


@pytest.fixture
def frozen() -> tuple[CountingKube, Informer, CachedReader]:
    """A cache listed once and never watched: it falls behind every write."""
    kube = _kube()
    informer = Informer(kube, VPCS, lambda kind, obj: None)
    informer._list()
    return kube, informer, CachedReader(kube, VPCS, informer)


def rv(obj: Obj) -> str:
    return str(obj["metadata"]["resourceVersion"])


def test_a_settled_object_is_read_from_the_cache(setup: tuple[CountingKube, Informer, CachedReader]) -> None:
    kube, _, reader = setup
    first, second = reader.get("a"), reader.get("a")
    assert kube.gets == 0 and first == second
    first["spec"]["forProvider"]["region"] = "changed"
    assert reader.get("a")["spec"]["forProvider"]["region"] == "us-east-1", "each read is the caller's own copy"


def test_after_our_write_reads_go_to_the_server_until_the_watch_shows_it(
        frozen: tuple[CountingKube, Informer, CachedReader]) -> None:
    kube, informer, reader = frozen
    obj = reader.get("a")
    obj["spec"]["forProvider"]["region"] = "eu-west-1"
    written = reader.wrote(kube.update(VPCS, obj))
    assert reader.get("a")["spec"]["forProvider"]["region"] == "eu-west-1" and kube.gets == 1
    informer.cache[("", "a")] = written  # what the watch would deliver
    gets = kube.gets
    assert rv(reader.get("a")) == rv(written) and kube.gets == gets, "caught up: the cache again"


def test_someone_elses_write_after_ours_does_not_pin_reads_to_the_server(
        setup: tuple[CountingKube, Informer, CachedReader]) -> None:
    kube, informer, reader = setup
    obj = reader.get("a")
    obj["metadata"]["labels"] = {"by": "us"}
    mine = reader.wrote(kube.update(VPCS, obj))
    theirs = kube.update(VPCS, {**mine, "metadata": {**mine["metadata"], "labels": {"by": "someone"}}})
    wait_for(lambda: informer.version(("", "a")) == rv(theirs), timeout=10, what="the other write through the watch")
    assert rv(reader.get("a")) == rv(theirs), "the server's answer shows the cache has caught up"
    gets = kube.gets
    reader.get("a")
    assert kube.gets == gets, "and from then on the cache answers"


def test_a_deleted_object_is_not_found(frozen: tuple[CountingKube, Informer, CachedReader]) -> None:
    kube, _, reader = frozen
    obj = reader.get("a")
    obj["metadata"]["labels"] = {"by": "us"}
    reader.wrote(kube.update(VPCS, obj))
    kube.delete(VPCS, "a")
    with pytest.raises(errors.NotFound):
        reader.get("a")
    assert reader._written == {}, "nothing is remembered for an object that is gone"
