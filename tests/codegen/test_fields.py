from typing import Any

import pytest

from codegen import crd, fields
from codegen import schema as s
from tests.codegen import synthetic


@pytest.fixture(scope="module")
def views() -> fields.Views:
    parsed = s.parse(synthetic.document(), synthetic.SOURCE)
    return fields.build(parsed.resources["demo_thing"], synthetic.provider().resolve("demo_thing"))


def names(obj: fields.Object) -> set[str]:
    return {f.json_name for f in obj.fields}


def test_for_provider_fields(views: fields.Views) -> None:
    assert names(views.parameters) == {
        "anything", "class", "enabled", "groupB", "labelsSecretSecretRef", "listB", "mapB", "matrix",
        "networkId", "networkIdRef", "networkIdSelector", "passwordSecretRef", "ports", "region", "setB",
        "settings", "singleB", "size", "tags", "zones",
    }, "id, name (the external name fills it), tags_all, computed-only and sensitive outputs are left out"


def test_init_provider_is_for_provider_minus_identifiers(views: fields.Views) -> None:
    assert names(views.init) == names(views.parameters) - {"region"}


def test_at_provider_has_computed_but_no_sensitive(views: fields.Views) -> None:
    got = names(views.observation)
    assert {"id", "arn", "name", "tagsAll", "region", "computedOnly"} <= got
    assert not {"password", "token", "labelsSecret", "passwordSecretRef", "timeouts"} & got


def test_python_names_avoid_keywords(views: fields.Views) -> None:
    by_json = {f.json_name: f for f in views.parameters.fields}
    assert by_json["class"].py_name == "class_"
    assert by_json["passwordSecretRef"].py_name == "password_secret_ref"


def schema_of(views: fields.Views, json_name: str) -> dict[str, Any]:
    field = next(f for f in views.parameters.fields if f.json_name == json_name)
    return crd.openapi(field.node)


INNER = {"label": {"type": "string"}, "port": {"type": "number"}}


@pytest.mark.parametrize(
    ("field", "want"),
    [
        pytest.param("size", {"type": "number"}, id="number"),
        pytest.param("enabled", {"type": "boolean"}, id="bool"),
        pytest.param("tags", {"type": "object", "additionalProperties": {"type": "string"}}, id="map"),
        pytest.param("zones", {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
                     id="set-of-scalars"),
        pytest.param("matrix", {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
                     id="list-of-lists"),
        pytest.param("anything", {"x-kubernetes-preserve-unknown-fields": True}, id="dynamic"),
        pytest.param("settings", {"type": "object", "properties": {"depth": {"type": "number"},
                                                                   "mode": {"type": "string"}}}, id="object-type"),
        pytest.param("singleB", {"type": "object", "properties": INNER}, id="nesting-single"),
        pytest.param("groupB", {"type": "object", "properties": INNER}, id="nesting-group"),
        pytest.param("listB", {"type": "array", "maxItems": 1, "items": {"type": "object", "properties": INNER}},
                     id="nesting-list-max-items"),
        pytest.param("setB", {"type": "array", "items": {"type": "object", "properties": INNER}}, id="nesting-set"),
        pytest.param("mapB", {"type": "object", "additionalProperties": {"type": "object", "properties": INNER}},
                     id="nesting-map"),
        pytest.param("passwordSecretRef", crd._SPECIALS["SecretKeySelector"], id="sensitive-string-secret-key"),
        pytest.param("labelsSecretSecretRef", crd._SPECIALS["SecretReference"], id="sensitive-map-whole-secret"),
        pytest.param("networkIdRef", crd._SPECIALS["Reference"], id="reference"),
        pytest.param("networkIdSelector", crd._SPECIALS["Selector"], id="selector"),
    ],
)
def test_openapi_per_node(views: fields.Views, field: str, want: dict[str, Any]) -> None:
    assert schema_of(views, field) == want


def test_required_rules_exclude_identifier_and_referenced(views: fields.Views) -> None:
    # name is filled from the external name; region can only come from forProvider.
    assert views.required == (("listB", True), ("region", False))


def test_injected_field_respects_except_groups() -> None:
    parsed = s.parse(synthetic.document(), synthetic.SOURCE)
    v = fields.build(parsed.resources["demo_network"], synthetic.provider().resolve("demo_network"))
    assert names(v.parameters) == {"cidr"}
    assert v.required == (("cidr", True),)


def test_schema_that_already_has_the_injected_argument_keeps_one_field() -> None:
    doc = synthetic.document()
    thing = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    thing["attributes"]["region"] = synthetic.attr("string", optional=True)
    parsed = s.parse(doc, synthetic.SOURCE)
    v = fields.build(parsed.resources["demo_thing"], synthetic.provider().resolve("demo_thing"))
    regions = [f for f in v.parameters.fields if f.json_name == "region"]
    assert [f.role for f in regions] == [fields.TF]
