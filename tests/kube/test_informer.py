from bridge.kube.client import CRDS, SECRETS
from bridge.kube.informer import Informer
from devrig.fakes import StoreKube
from tests.support.bench import CRDS_YAML, VPCS, vpc
from tests.support.waiting import wait_for


def test_relists_after_410_and_keeps_the_cache_right() -> None:
    kube = StoreKube()
    kube.create(CRDS, next(c for c in CRDS_YAML if c["metadata"]["name"] == "vpcs.ec2.aws.tfbridge.io"))
    seen: list[tuple[str, str]] = []
    informer = Informer(kube, VPCS, lambda kind, obj: seen.append((kind, obj["metadata"]["name"])))
    kube.create(VPCS, vpc("a"))
    informer.start()
    try:
        wait_for(informer.synced.is_set, timeout=10, what="the first list")
        kube.create(VPCS, vpc("b"))
        wait_for(lambda: informer.get(("", "b")), timeout=10, what="b through the watch")
        # Other writes move the resourceVersion past what this informer saw; then history is compacted.
        for i in range(3):
            kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": f"s{i}",
                                                                                     "namespace": "default"}})
        kube.store.compact()
        kube.delete(VPCS, "a")
        kube.create(VPCS, vpc("c"))
        wait_for(lambda: informer.relists >= 2, timeout=10, what="a relist after 410 Gone")
        wait_for(lambda: [informer.get(("", n)) is not None for n in "abc"] == [False, True, True], timeout=10,
                 what="the cache to match the store")
        assert ("DELETED", "a") in seen
    finally:
        informer.stop()
