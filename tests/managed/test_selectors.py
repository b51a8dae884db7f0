"""Selectors as crossplane-runtime resolves them (``pkg/reference``): ``matchControllerRef: true`` only
selects an object with the same controller as the selecting one, so a composition's selector never
binds another composite's object; two objects without a controller do not share one."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from bridge.api.errors import Retryable
from bridge.managed.references import have_same_controller
from tests.support.bench import Bench

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}


def _owner(uid: str | None) -> dict[str, Any]:
    if uid is None:
        return {}
    return {"ownerReferences": [{"apiVersion": "example.org/v1", "kind": "XNetwork", "name": f"x-{uid}", "uid": uid,
                                 "controller": True}]}


@pytest.mark.parametrize(
    ("subnet_owner", "vpc_owners", "match_controller", "want"),
    [
        pytest.param("a", {"vpc-a": "a", "vpc-b": "b"}, True, "vpc-a", id="MatchesOwnController"),
        pytest.param("b", {"vpc-a": "a", "vpc-b": "b"}, True, "vpc-b", id="MatchesOtherComposite"),
        pytest.param("a", {"vpc-a": "a", "vpc-b": "b"}, False, "vpc-a", id="NotAskedFirstByName"),
        pytest.param("b", {"vpc-a": "a", "vpc-b": "b"}, False, "vpc-a", id="NotAskedIgnoresControllers"),
        pytest.param("c", {"vpc-a": "a", "vpc-b": "b"}, True, None, id="NoSameControllerNoMatch"),
        pytest.param(None, {"vpc-a": None, "vpc-b": None}, True, None, id="NoControllersAreNotTheSame"),
    ],
)
def test_match_controller_ref(subnet_owner: str | None, vpc_owners: dict[str, str | None], match_controller: bool,
                              want: str | None) -> None:
    b = Bench()
    for name, uid in vpc_owners.items():
        b.apply("VPC", name, VPC, metadata={"labels": {"net": "main"}, **_owner(uid)})
        b.settle("VPC", name)
    selector: dict[str, Any] = {"matchLabels": {"net": "main"}}
    if match_controller:
        selector["matchControllerRef"] = True
    b.apply("Subnet", "sub", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24", "vpcIdSelector": selector},
            metadata=_owner(subnet_owner))
    with contextlib.suppress(Retryable):  # no match is retried; what matters is what it bound
        b.settle("Subnet", "sub")
    fp = b.get("Subnet", "sub")["spec"]["forProvider"]
    assert (fp.get("vpcIdRef") or {}).get("name") == want
    if want is None:
        assert b.cloud.calls.get("create", 0) == len(vpc_owners), "no subnet was created without its VPC"
        synced = b.condition("Subnet", "sub", "Synced")
        assert synced["status"] == "False" and "no resources matched selector" in synced["message"], synced


def test_controller_alone_selects_without_labels() -> None:
    b = Bench()
    for name, uid in {"vpc-a": "a", "vpc-b": "b"}.items():
        b.apply("VPC", name, VPC, metadata=_owner(uid))
        b.settle("VPC", name)
    b.apply("Subnet", "sub", {"region": "us-east-1", "cidrBlock": "10.0.1.0/24",
                              "vpcIdSelector": {"matchControllerRef": True}}, metadata=_owner("b"))
    b.settle("Subnet", "sub")
    assert b.get("Subnet", "sub")["spec"]["forProvider"]["vpcIdRef"] == {"name": "vpc-b"}


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        pytest.param(_owner("u"), _owner("u"), True, id="SameUID"),
        pytest.param(_owner("u"), _owner("v"), False, id="DifferentUID"),
        pytest.param({}, {}, False, id="NeitherHasOne"),
        pytest.param(_owner("u"), {}, False, id="OnlyOneHasOne"),
        pytest.param({"ownerReferences": [{"uid": "u", "controller": False}]},
                     {"ownerReferences": [{"uid": "u", "controller": False}]}, False, id="OwnersButNoController"),
    ],
)
def test_have_same_controller(a: dict[str, Any], b: dict[str, Any], same: bool) -> None:
    assert have_same_controller({"metadata": a}, {"metadata": b}) is same
