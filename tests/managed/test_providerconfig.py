"""Connecting on every poll: what the Connector reads again, and when."""

from __future__ import annotations

import base64
import json
from typing import Any

from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.kube.client import SECRETS
from bridge.managed.providerconfig import Connector
from tests.support.bench import Bench
from tests.support.packages import AWS_CURATED as AWS

VPC_KIND = AWS.by_type("aws_vpc")


class Counting:
    """The bench's store, counting GETs per resource plural."""

    def __init__(self, b: Bench) -> None:
        self.inner = b.kube
        self.gets: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def get(self, res: Any, name: str, namespace: str = "") -> dict[str, Any]:
        self.gets[res.plural] = self.gets.get(res.plural, 0) + 1
        return self.inner.get(res, name, namespace)


def credentials(b: Bench, access_key: str) -> None:
    data = {"creds": base64.b64encode(json.dumps({"access_key": access_key, "secret_key": "s"}).encode()).decode()}
    try:
        b.kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "data": data,
                                "metadata": {"name": "creds", "namespace": "default"}})
    except errors.Conflict:
        b.kube.patch(SECRETS, "creds", {"data": data}, namespace="default")


def setup_bench(setup_ttl: float) -> tuple[Bench, Counting, Connector, Managed]:
    b = Bench()
    credentials(b, "first")
    pc = b.kube.get(b.connector.res.configs, "default")
    pc["spec"]["credentials"] = {"source": "Secret", "secretRef": {"name": "creds", "namespace": "default",
                                                                    "key": "creds"}}
    b.kube.update(b.connector.res.configs, pc)
    counting = Counting(b)
    connector = Connector(counting, b.connector.package, b.cloud.client, setup_ttl=setup_ttl,  # type: ignore[arg-type]
                          access=b.connector.access, redactor=b.redactor)
    mr = Managed(b.apply("VPC", "v", {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}))
    return b, counting, connector, mr


def access_keys(b: Bench) -> list[str]:
    return [s.credentials_env.get("AWS_ACCESS_KEY_ID", "") for s in b.cloud.setups]


def test_repeated_connects_read_the_provider_config_its_secret_and_the_usage_once() -> None:
    b, counting, connector, mr = setup_bench(setup_ttl=30.0)
    for _ in range(5):
        connector.connect(mr, VPC_KIND)
    assert counting.gets == {"providerconfigs": 1, "secrets": 1, "providerconfigusages": 1}
    assert access_keys(b) == ["first"] * 5
    (usage,) = b.kube.list(b.connector.res.usages)[0]
    assert usage["spec"]["providerConfigRef"] == {"name": "default"}


def test_a_changed_provider_config_is_read_again_once_forgotten() -> None:
    b, _, connector, mr = setup_bench(setup_ttl=30.0)
    connector.connect(mr, VPC_KIND)
    credentials(b, "rotated")
    connector.connect(mr, VPC_KIND)
    connector.forget("default")  # what the ProviderConfig controller does on every event
    connector.connect(mr, VPC_KIND)
    assert access_keys(b) == ["first", "first", "rotated"]


def test_without_a_cache_every_connect_reads_the_secret() -> None:
    b, counting, connector, mr = setup_bench(setup_ttl=0.0)
    connector.connect(mr, VPC_KIND)
    credentials(b, "rotated")
    connector.connect(mr, VPC_KIND)
    assert access_keys(b) == ["first", "rotated"] and counting.gets["secrets"] == 2
