import dataclasses
from typing import Any

import pytest

from codegen import crd
from tests.support import synthetic
from tfconfig import ApiVersion, LocalFiles
from tfschema import fields
from tfschema import schema as s

PARSED = s.parse(synthetic.document(), synthetic.SOURCE)


def build(tf_type: str = "demo_thing", document: dict[str, Any] | None = None, **provider: Any) -> fields.Views:
    parsed = s.parse(document, synthetic.SOURCE) if document else PARSED
    return fields.build(parsed.resources[tf_type], fields.rules(synthetic.provider(**provider).resolve(tf_type)))


@pytest.fixture(scope="module")
def views() -> fields.Views:
    return build()


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
        pytest.param("region", {"type": "string", "pattern": synthetic.REGION_PATTERN}, id="injected-with-pattern"),
    ],
)
def test_openapi_per_node(views: fields.Views, field: str, want: dict[str, Any]) -> None:
    assert schema_of(views, field) == want


def test_singleton_blocks_are_embedded_objects_when_the_provider_says_so() -> None:
    """As upjet's SingletonListEmbedder: a list block of at most one element is that element (an object),
    in every view; other lists, sets of several and attributes stay lists."""
    views = build(embed_singletons=True)
    by_json = views.parameters.by_json()
    assert schema_of(views, "listB") == {"type": "object", "properties": INNER}
    assert isinstance(by_json["listB"].node, fields.Array) and by_json["listB"].node.embedded
    assert not by_json["setB"].node.embedded and not by_json["ports"].node.embedded  # type: ignore[union-attr]
    assert views.observation.by_json()["listB"].node.embedded  # type: ignore[union-attr]


def test_required_rules_exclude_identifier_and_referenced(views: fields.Views) -> None:
    # name is filled from the external name; region can only come from forProvider.
    assert views.required == (("listB", True), ("region", False))


def test_injected_field_respects_except_groups() -> None:
    v = build("demo_network")
    assert names(v.parameters) == {"cidr"}
    assert v.required == (("cidr", True),)


def test_schema_that_already_has_the_injected_argument_keeps_one_field() -> None:
    doc = synthetic.document()
    thing = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    thing["attributes"]["region"] = synthetic.attr("string", optional=True)
    v = build(document=doc)
    regions = [f for f in v.parameters.fields if f.json_name == "region"]
    assert [f.role for f in regions] == [fields.TF]
    assert regions[0].node == fields.Scalar("string", synthetic.REGION_PATTERN), "the pattern applies all the same"


def with_files(**attributes: Any) -> dict[str, Any]:
    doc = synthetic.document()
    block = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    block["attributes"].update(attributes)
    return doc


@pytest.mark.parametrize(
    ("attributes", "exceptions", "gone", "kept"),
    [
        pytest.param({"source": synthetic.attr("string", optional=True),
                      "filename": synthetic.attr("string", optional=True),
                      "zip_file": synthetic.attr("string", optional=True),
                      "config_files": synthetic.attr(["list", "string"], optional=True),
                      "key_path": synthetic.attr("string", optional=True)}, {},
                     {"source", "filename", "zipFile", "configFiles", "keyPath"}, set(), id="EveryNameTheRuleKnows"),
        pytest.param({"health_check_path": synthetic.attr("string", optional=True),
                      "source": synthetic.attr("string", optional=True)},
                     {"demo_thing.health_check_path": "a URL path"}, {"source"}, {"healthCheckPath"},
                     id="AnExceptionKeepsItsArgument"),
        pytest.param({"preserve_deleted_files": synthetic.attr("bool", optional=True)}, {}, set(),
                     {"preserveDeletedFiles"}, id="OnlyStringsCanNameFiles"),
        pytest.param({"filename": synthetic.attr("string", computed=True)}, {}, set(), set(),
                     id="ComputedOnlyIsNoArgument"),
    ],
)
def test_arguments_that_read_local_files_are_never_settable(attributes: dict[str, Any], exceptions: dict[str, str],
                                                             gone: set[str], kept: set[str]) -> None:
    views = build(document=with_files(**attributes), local_files=LocalFiles(exceptions=exceptions))
    for view in (views.parameters, views.init):
        assert not gone & names(view)
        assert kept <= names(view)


def test_a_block_whose_required_argument_reads_a_local_file_is_left_out() -> None:
    doc = synthetic.document()
    inner = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]["block_types"]
    inner["upload"] = {"nesting_mode": "list", "block": {"attributes": {
        "filename": synthetic.attr("string", required=True), "label": synthetic.attr("string", optional=True)}}}
    views = build(document=doc)
    assert "upload" not in names(views.parameters)
    assert "upload" in names(views.observation), "what the cloud has is still shown"


def test_a_resource_whose_required_argument_reads_a_local_file_cannot_be_built() -> None:
    doc = with_files(source=synthetic.attr("string", required=True))
    with pytest.raises(fields.Unusable, match="demo_thing: a required argument reads a local file"):
        build(document=doc)


def test_rules_hold_everything_the_trees_depend_on() -> None:
    res = synthetic.provider().resolve("demo_thing")
    base = fields.rules(res)
    changed = [fields.rules(dataclasses.replace(res, **change)) for change in (
        {"sensitive": ("size",)}, {"removed_parameters": ("size",)},
        {"served": (ApiVersion(res.version, embed_singletons=True),)},
        {"local_files": LocalFiles(exceptions={"demo_thing.x_path": "why"})}, {"references": {}},
        {"injected": ()}, {"removed_blocks": ()})]
    assert len({base.canonical(), *(c.canonical() for c in changed)}) == len(changed) + 1
    assert fields.rules(dataclasses.replace(res, example=None)).canonical() == base.canonical(), \
        "the example is no input of the trees"
