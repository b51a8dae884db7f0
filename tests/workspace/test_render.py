"""A workspace keeps its last render: a poll of an unchanged object gets the same configuration back
without converting its spec again, and anything a render depends on that changes makes a new one."""

from __future__ import annotations

import copy
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bridge.api.errors import InvalidSpec
from bridge.api.external import ProviderSetup
from bridge.api.managed import CREATE_BEFORE_DESTROY, REPLACE_POLICY, Managed
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import WorkspaceStore
from tests.support.packages import AWS


def floor(store: WorkspaceStore, tf_type: str, configuration: Mapping[str, Any] | None = None,
          secrets: dict[str, bytes] | None = None) -> KindWorkspaces:
    return KindWorkspaces(store=store, provider=AWS.provider, kind=AWS.by_type(tf_type),
                          setup=ProviderSetup(configuration=dict(configuration or {"region": "us-east-1"})),
                          secrets=(lambda namespace, name: secrets) if secrets is not None else None,
                          executor="test", lock_timeout=1.0, metadata=lambda block, setup: {})


def vpc(for_provider: dict[str, Any]) -> Managed:
    kind = AWS.by_type("aws_vpc")
    return Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                    "metadata": {"name": "v", "uid": str(uuid.uuid4())}, "spec": {"forProvider": for_provider}})


def test_an_unchanged_object_is_rendered_once(tmp_path: Path) -> None:
    store = WorkspaceStore(tmp_path)
    mr = vpc({"cidrBlock": "10.0.0.0/16", "tags": {"a": "1"}})
    first = floor(store, "aws_vpc").render(mr)
    again = Managed(copy.deepcopy(mr.obj))  # the next poll's copy of the cached object
    assert floor(store, "aws_vpc").render(again) is first


def test_whatever_a_render_depends_on_makes_a_new_one(tmp_path: Path) -> None:
    store = WorkspaceStore(tmp_path)
    mr = vpc({"cidrBlock": "10.0.0.0/16", "tags": {"a": "1"}})
    f = floor(store, "aws_vpc")
    first = f.render(mr)
    mr.for_provider["tags"]["a"] = "2"  # changed in place, deep inside
    changed = f.render(mr)
    assert changed is not first and changed.resource.arguments["tags"] == {"a": "2"}
    mr.spec["initProvider"] = {"instanceTenancy": "default"}
    assert f.render(mr).resource.ignore_changes == ("instance_tenancy",)
    mr.set_external_name("vpc-1")
    named = f.render(mr)
    assert f.render(mr) is named
    mr.set_annotations({REPLACE_POLICY: CREATE_BEFORE_DESTROY})
    assert f.render(mr).resource.prevent_destroy is False
    assert f.render(mr, prevent_destroy=False, create_before_destroy=True).resource.create_before_destroy
    other_region = floor(store, "aws_vpc", {"region": "eu-west-1"}).render(mr)
    assert other_region.provider.arguments["region"] == "eu-west-1", "a ProviderConfig's change is a new render"
    assert f.render(mr).provider.arguments["region"] == "us-east-1"


def test_a_value_from_a_secret_is_read_again_at_every_render(tmp_path: Path) -> None:
    store = WorkspaceStore(tmp_path)
    kind = AWS.by_type("aws_cloudwatch_event_connection")
    mr = Managed({"apiVersion": kind.api_version, "kind": kind.kind, "metadata": {"name": "c", "uid": "u-1"},
                  "spec": {"forProvider": {"region": "us-east-1", "authorizationType": "BASIC", "authParameters": {
                      "basic": {"username": "u", "passwordSecretRef": {"name": "creds", "namespace": "default",
                                                                        "key": "password"}}}}}})
    secret = {"password": b"first-password"}
    f = floor(store, "aws_cloudwatch_event_connection", secrets=secret)
    assert f.render(mr).resource.arguments["auth_parameters"][0]["basic"][0]["password"] == "first-password"
    secret["password"] = b"rotated-password"  # the spec is the same; the Secret it names is not
    assert f.render(mr).resource.arguments["auth_parameters"][0]["basic"][0]["password"] == "rotated-password"


def test_a_global_services_kind_takes_its_region_where_neither_spec_nor_providerconfig_names_one(
        tmp_path: Path) -> None:
    """A Network Manager kind needs no region (its API is in us-west-2 only): the provider block still gets
    one, the kind's own, unless the ProviderConfig's configuration or the spec says another."""
    store = WorkspaceStore(tmp_path)
    kind = AWS.by_type("aws_networkmanager_global_network")

    def network(for_provider: dict[str, Any]) -> Managed:
        return Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                        "metadata": {"name": "n", "uid": str(uuid.uuid4())}, "spec": {"forProvider": for_provider}})

    unset = KindWorkspaces(store=store, provider=AWS.provider, kind=kind, setup=ProviderSetup(configuration={}),
                           secrets=None, executor="test", lock_timeout=1.0, metadata=lambda block, setup: {})
    assert unset.render(network({"description": "d"})).provider.arguments["region"] == "us-west-2"
    assert unset.render(network({"region": "eu-west-1"})).provider.arguments["region"] == "eu-west-1"
    configured = floor(store, "aws_networkmanager_global_network", {"region": "eu-central-1"})
    assert configured.render(network({})).provider.arguments["region"] == "eu-central-1"
    vpc_floor = KindWorkspaces(store=store, provider=AWS.provider, kind=AWS.by_type("aws_vpc"),
                               setup=ProviderSetup(configuration={}), secrets=None, executor="test",
                               lock_timeout=1.0, metadata=lambda block, setup: {})
    assert vpc_floor.render(vpc({"cidrBlock": "10.0.0.0/16"})).provider.arguments["region"] == "us-east-1", \
        "a regional kind without a region (the CRD refuses it) falls back to the provider's default"


def test_a_name_the_spec_gives_must_be_the_external_name_it_fills(tmp_path: Path) -> None:
    """An App Mesh route serves ``name`` as provider-upjet-aws does, though its external name fills it: the same
    name renders, a missing one is filled, and another is refused (never a rename in the cloud)."""
    kind = AWS.by_type("aws_appmesh_route")
    f = floor(WorkspaceStore(tmp_path), "aws_appmesh_route")

    def route(for_provider: dict[str, Any]) -> Managed:
        spec = {"forProvider": {"meshName": "m", "virtualRouterName": "vr", "spec": {}, **for_provider}}
        mr = Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                      "metadata": {"name": "r", "uid": str(uuid.uuid4())}, "spec": spec})
        mr.set_external_name("route-a")
        return mr

    assert f.render(route({"name": "route-a"})).resource.arguments["name"] == "route-a"
    assert f.render(route({})).resource.arguments["name"] == "route-a"
    with pytest.raises(InvalidSpec, match=r"spec.forProvider.name is 'route-b' but the object's external name "
                                          r"\(crossplane.io/external-name\) is 'route-a'"):
        f.render(route({"name": "route-b"}))
