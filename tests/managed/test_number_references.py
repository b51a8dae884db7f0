"""A reference on a number argument (``droplet_id``): the referenced identifier, an external name and so a
string, is filled in as the number the argument takes, as upjet's resolvers convert it, and the API
server takes the object so written."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from bridge.api.errors import Retryable
from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.api.registry import from_document
from bridge.kube.client import CRDS
from bridge.managed import references
from bridge.managed.collaborators import kind_resource
from codegen import pipeline
from devrig.fakes import StoreKube
from tests.support.synthetic import attr
from tfconfig import Provider, Reference
from tfschema import schema as s

SOURCE = "registry.terraform.io/example/acme"
ID = attr("string", computed=True)
NUMBERS = attr(["set", "number"], optional=True)


def resource(**attributes: dict[str, Any]) -> dict[str, Any]:
    return {"version": 0, "block": {"attributes": {"id": ID, **attributes}}}


DOCUMENT = s.document({"format_version": "1.0", "provider_schemas": {SOURCE: {
    "provider": {"version": 0, "block": {}},
    "resource_schemas": {
        "acme_droplet": resource(name=attr("string", required=True)),
        "acme_reserved_ip": resource(region=attr("string", required=True), droplet_id=attr("number", optional=True)),
        "acme_firewall": resource(droplet_ids=NUMBERS),
        # A repository's external name is its name; its numeric ID is an attribute of its own.
        "acme_repository": resource(name=attr("string", required=True), repo_id=attr("number", computed=True)),
        "acme_secret": resource(selected_repository_ids=NUMBERS),
    }}}}, SOURCE)
PROVIDER = Provider(name="acme", source="example/acme", version="1.0.0", root_group="acme.tfbridge.io",
                    resource_prefix="acme_", include=("acme_*",), namespaced=False)
PACKAGE = from_document(PROVIDER, DOCUMENT)


def test_number_arguments_named_for_a_kind_s_identifier_reference_it() -> None:
    p = PACKAGE.provider
    assert p.resolve("acme_reserved_ip").references == {"droplet_id": Reference("acme_droplet")}
    assert p.resolve("acme_firewall").references == {"droplet_ids": Reference("acme_droplet")}
    assert p.resolve("acme_secret").references == {
        "selected_repository_ids": Reference("acme_repository", "repo_id")}, "its numeric ID, not its name"
    assert [(r.path, r.scalar, r.many) for r in PACKAGE.by_type("acme_firewall").references] == [
        (("dropletIds",), "number", True)]


@pytest.fixture
def kube() -> StoreKube:
    store = StoreKube()
    generated = pipeline.generate(PROVIDER, DOCUMENT, origin="acme config")
    for path, text in sorted(generated.files.items()):
        if path.startswith("crds/") and not path.endswith("kustomization.yaml"):
            store.create(CRDS, yaml.safe_load(text))
    return store


def apply(kube: StoreKube, tf_type: str, name: str, for_provider: dict[str, Any], *, external_name: str = "",
          status: dict[str, Any] | None = None) -> Managed:
    kind = PACKAGE.by_type(tf_type)
    obj: dict[str, Any] = {"apiVersion": kind.api_version, "kind": kind.kind,
                           "metadata": {"name": name, "labels": {"app": "web"},
                                        "annotations": {EXTERNAL_NAME: external_name} if external_name else {}},
                           "spec": {"forProvider": for_provider}}
    created = kube.create(kind_resource(kind), obj)
    if status is not None:
        created["status"] = status
        created = kube.update_status(kind_resource(kind), created)
    return Managed(created)


def resolved(kube: StoreKube, tf_type: str, mr: Managed) -> dict[str, Any]:
    kind = PACKAGE.by_type(tf_type)
    changed, _ = references.resolve(kube, mr, kind, PACKAGE, kind_resource)
    assert changed
    written = kube.update(kind_resource(kind), mr.obj)  # the API server takes the resolved spec
    return dict(written["spec"]["forProvider"])


def test_a_droplet_s_id_fills_a_number_argument_as_a_number(kube: StoreKube) -> None:
    apply(kube, "acme_droplet", "web", {"name": "web"}, external_name="4711")
    apply(kube, "acme_droplet", "db", {"name": "db"}, external_name="4712")
    ip = apply(kube, "acme_reserved_ip", "ip", {"region": "nyc3", "dropletIdRef": {"name": "web"}})
    assert resolved(kube, "acme_reserved_ip", ip)["dropletId"] == 4711
    firewall = apply(kube, "acme_firewall", "fw", {"dropletIdsSelector": {"matchLabels": {"app": "web"}}})
    assert resolved(kube, "acme_firewall", firewall)["dropletIds"] == [4712, 4711], "by name: db, web"


def test_a_numeric_attribute_is_copied_as_it_is(kube: StoreKube) -> None:
    apply(kube, "acme_repository", "repo", {"name": "repo"}, external_name="repo",
          status={"atProvider": {"repoId": 918273}})
    secret = apply(kube, "acme_secret", "s", {"selectedRepositoryIdsRefs": [{"name": "repo"}]})
    assert resolved(kube, "acme_secret", secret)["selectedRepositoryIds"] == [918273]


def test_an_identifier_that_is_no_number_is_an_error_naming_the_target(kube: StoreKube) -> None:
    apply(kube, "acme_droplet", "web", {"name": "web"}, external_name="web-1")
    ip = apply(kube, "acme_reserved_ip", "ip", {"region": "nyc3", "dropletIdRef": {"name": "web"}})
    with pytest.raises(Retryable, match=r"dropletIdRef: Droplet/web: the referenced value 'web-1' is not a number"):
        references.resolve(kube, ip, PACKAGE.by_type("acme_reserved_ip"), PACKAGE, kind_resource)
    assert "dropletId" not in ip.for_provider


@pytest.mark.parametrize(
    ("value", "want"),
    [("12", 12), ("-4.5", -4.5), ("1e3", 1000.0), (7, 7), (2.5, 2.5)],
)
def test_a_json_number_is_converted(value: Any, want: Any) -> None:
    assert references.typed(value, "number", "x") == want
    assert references.typed("web-1", "string", "x") == "web-1", "a string argument takes any identifier"


@pytest.mark.parametrize("value", ["1_000", " 12", "0x1f", "1e999", "NaN", "12abc", "1" * 65, True])
def test_anything_else_is_refused(value: Any) -> None:
    with pytest.raises(Retryable, match="is not a number"):
        references.typed(value, "number", "x")
