"""ProviderConfigUsages known from a watch: connects that find theirs issue no request, and a ProviderConfig
whose users are counted from the watch and followed at once."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.api.errors import Retryable
from bridge.api.managed import Managed
from bridge.kube import errors
from bridge.managed.providerconfig import IN_USE, Connector, ProviderConfigReconciler
from bridge.managed.usages import Usages
from tests.managed.test_providerconfig import VPC_KIND
from tests.support.bench import Bench
from tests.support.packages import AWS_CURATED as AWS
from tests.support.waiting import wait_for


class Recording:
    """The bench's store, recording each call as (verb, plural)."""

    def __init__(self, b: Bench) -> None:
        self.inner = b.kube
        self.calls: list[tuple[str, str]] = []

    def __getattr__(self, name: str) -> Any:
        inner = getattr(self.inner, name)
        if name not in ("get", "list", "create", "update", "update_status", "delete"):
            return inner

        def call(res: Any, *args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, res.plural))
            return inner(res, *args, **kwargs)

        return call

    def count(self, verb: str, plural: str) -> int:
        return self.calls.count((verb, plural))


def started(b: Bench) -> Usages:
    res = b.connector.res
    usages = Usages(b.kube, res.usages, res.namespaced_usages)
    usages.start()
    wait_for(usages.synced, "the usage informers to list")
    return usages


def vpc(b: Bench, name: str) -> Managed:
    return Managed(b.apply("VPC", name, {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}))


def test_nothing_is_known_before_the_usages_are_listed() -> None:
    b = Bench()
    res = b.connector.res
    usages = Usages(b.kube, res.usages, res.namespaced_usages)
    assert usages.holds(res.usages, "", "uid", ("", "default")) is None
    with pytest.raises(Retryable):
        usages.count("default")


def test_a_connect_whose_usage_is_watched_issues_no_request_for_it() -> None:
    b = Bench()
    usages = started(b)
    recording = Recording(b)
    connector = Connector(recording, AWS, b.cloud.client, access=b.connector.access,  # type: ignore[arg-type]
                          redactor=b.redactor, usages=usages)
    mr = vpc(b, "watched")
    connector.connect(mr, VPC_KIND)
    # Known absent: created without a GET first.
    assert recording.count("create", "providerconfigusages") == 1
    assert recording.count("get", "providerconfigusages") == 0
    wait_for(lambda: usages.holds(b.connector.res.usages, "", mr.uid, ("", "default")), "the watch to see it")
    for _ in range(5):
        connector.connect(mr, VPC_KIND)
    assert [c for c in recording.calls if c[1] == "providerconfigusages"] == [("create", "providerconfigusages")]


def test_a_usage_naming_another_provider_config_is_corrected() -> None:
    b = Bench()
    usages = started(b)
    connector = Connector(b.kube, AWS, b.cloud.client, access=b.connector.access, redactor=b.redactor, usages=usages)
    mr = vpc(b, "moved")
    connector.connect(mr, VPC_KIND)
    res = b.connector.res.usages
    usage = b.kube.get(res, mr.uid)
    usage["spec"]["providerConfigRef"] = {"name": "other"}
    b.kube.update(res, usage)
    wait_for(lambda: usages.holds(res, "", mr.uid, ("", "other")), "the watch to see the edit")
    assert usages.count("other") == 1 and usages.count("default") == 0
    connector.connect(mr, VPC_KIND)
    assert b.kube.get(res, mr.uid)["spec"]["providerConfigRef"] == {"name": "default"}
    wait_for(lambda: usages.count("default") == 1 and usages.count("other") == 0, "the counts to follow")


def test_a_deleted_provider_config_lets_go_as_soon_as_its_last_user_is_gone() -> None:
    b = Bench()
    usages = started(b)
    changed: list[str] = []
    usages.subscribe(changed.append)
    recording = Recording(b)
    reconciler = ProviderConfigReconciler(recording, AWS, usages)  # type: ignore[arg-type]
    configs, res = b.connector.res.configs, b.connector.res.usages
    connector = Connector(b.kube, AWS, b.cloud.client, access=b.connector.access, redactor=b.redactor, usages=usages)
    mrs = [vpc(b, f"user-{i}") for i in range(2)]
    for mr in mrs:
        connector.connect(mr, VPC_KIND)
    wait_for(lambda: usages.count("default") == 2, "both usages watched")
    assert "default" in changed, "a new usage requeues its ProviderConfig"
    reconciler.reconcile(("", "default"))
    pc = b.kube.get(configs, "default")
    assert IN_USE in pc["metadata"]["finalizers"] and pc["status"]["users"] == 2
    assert recording.count("list", "providerconfigusages") == 0, "counted from the watch, not listed"

    b.kube.delete(configs, "default")
    reconciler.reconcile(("", "default"))
    pc = b.kube.get(configs, "default")
    assert IN_USE in pc["metadata"]["finalizers"], "in use: kept"
    assert "in use by 2" in pc["status"]["conditions"][0]["message"]
    for i, mr in enumerate(mrs):
        changed.clear()
        b.kube.delete(res, mr.uid)
        wait_for(lambda: "default" in changed, "the deleted usage to requeue its ProviderConfig")
        assert usages.count("default") == 1 - i
        reconciler.reconcile(("", "default"))
    with pytest.raises(errors.NotFound):
        b.kube.get(configs, "default")
