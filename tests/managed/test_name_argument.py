"""A kind named by an argument: a new object that leaves it out gets its own name there, once, before the
create; an object with an external name never does."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.api.registry import Kind
from bridge.managed.collaborators import NameAsExternalName
from tfconfig import ConfigError, Provider, Resource, name_as_identifier


def kind(**resource: Any) -> Kind:
    provider = Provider(name="acme", source="example/acme", version="1.0.0", root_group="acme.tfbridge.io",
                        resource_prefix="acme_", resources={"acme_bucket": Resource(**resource)})
    return Kind(config=provider.resolve("acme_bucket"), schema=lambda: pytest.fail("no schema is read"),
                raw_schema=lambda: b"")


def managed(spec: dict[str, Any], annotations: dict[str, str] | None = None) -> Managed:
    return Managed({"apiVersion": "bucket.acme.tfbridge.io/v1alpha1", "kind": "Bucket",
                    "metadata": {"name": "my-bucket", "annotations": annotations or {}}, "spec": spec})


class Writes:
    def __init__(self) -> None:
        self.written: list[dict[str, Any]] = []

    def __call__(self, mr: Managed) -> Managed:
        self.written.append(copy.deepcopy(mr.obj))
        return mr


def test_a_new_object_without_the_argument_takes_its_own_name_in_the_spec() -> None:
    writes = Writes()
    mr = NameAsExternalName(kind(name_argument="bucket_name"), writes).initialize(managed({"forProvider": {}}))
    assert mr.for_provider == {"bucketName": "my-bucket"}
    assert len(writes.written) == 1 and writes.written[0]["spec"]["forProvider"] == {"bucketName": "my-bucket"}
    assert EXTERNAL_NAME not in mr.annotations, "the external name stays the provider's to assign"


@pytest.mark.parametrize(
    ("spec", "annotations"),
    [
        pytest.param({"forProvider": {"bucketName": "chosen"}}, {}, id="named-in-forProvider"),
        pytest.param({"forProvider": {}, "initProvider": {"bucketName": "chosen"}}, {}, id="named-in-initProvider"),
        # Adopted (or created before): writing metadata.name would rename the cloud object.
        pytest.param({"forProvider": {}}, {EXTERNAL_NAME: "b-123"}, id="has-an-external-name"),
    ],
)
def test_nothing_is_written_where_the_spec_names_it_or_the_object_has_an_external_name(
        spec: dict[str, Any], annotations: dict[str, str]) -> None:
    writes = Writes()
    before = managed(copy.deepcopy(spec), dict(annotations))
    mr = NameAsExternalName(kind(name_argument="bucket_name"), writes).initialize(before)
    assert writes.written == [] and mr.spec == spec


def test_a_name_identified_kind_still_initialises_its_external_name_alone() -> None:
    writes = Writes()
    mr = NameAsExternalName(kind(external_name=name_as_identifier()), writes).initialize(managed({"forProvider": {}}))
    assert mr.annotations[EXTERNAL_NAME] == "my-bucket" and mr.for_provider == {} and len(writes.written) == 1
    none = Writes()
    NameAsExternalName(kind(), none).initialize(managed({"forProvider": {}}))
    assert none.written == [], "a kind the provider names, without a name argument: nothing to initialise"


def test_a_kind_serving_its_identifier_takes_the_external_name_from_the_spec_where_it_gives_one() -> None:
    served = kind(external_name=name_as_identifier(), identifier_in_spec=True)
    assert served.config.identifier_in_spec == "name"
    named = NameAsExternalName(served, Writes()).initialize(managed({"forProvider": {"name": "chosen"}}))
    assert named.annotations[EXTERNAL_NAME] == "chosen", "the spec's name, not metadata.name"
    unnamed = NameAsExternalName(served, Writes()).initialize(managed({"forProvider": {}}))
    assert unnamed.annotations[EXTERNAL_NAME] == "my-bucket"
    adopted = managed({"forProvider": {"name": "chosen"}}, {EXTERNAL_NAME: "existing"})
    none = Writes()
    assert NameAsExternalName(served, none).initialize(adopted).annotations[EXTERNAL_NAME] == "existing"
    assert none.written == [], "an external name is never replaced"


def test_only_a_kind_whose_external_name_fills_an_argument_may_serve_it() -> None:
    with pytest.raises(ConfigError, match="identifier_in_spec: its external name fills no argument"):
        kind(identifier_in_spec=True)
