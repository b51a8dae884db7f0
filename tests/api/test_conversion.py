"""Objects between the API versions of their kind (bridge.api.conversion): lists of one element and embedded
objects, older names, and round trips over synthetic values, on random schemas and on AWS kinds upjet serves
at several versions."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.api.conversion import ConversionError, convert
from tests.support.packages import AWS
from tfconfig import ResolvedResource
from tfschema import fields as f
from tfschema import schema as s

# -- values a version's schema admits --------------------------------------------------------------------------

_TEXT = st.text(alphabet="abcxyz-_/.:0123456789", max_size=8)
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | _TEXT,
                     lambda inner: st.lists(inner, max_size=2) | st.dictionaries(_TEXT, inner, max_size=2),
                     max_leaves=4)


def values(node: f.Node, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values the CRD of the node's version admits: an embedded block is an object, a list block holds at most
    its maxItems, an Object any subset of its fields."""
    if isinstance(node, f.Scalar):
        return {"string": _TEXT, "number": st.integers(-9, 9), "boolean": st.booleans()}[node.kind]
    if isinstance(node, f.Dynamic):
        return _JSON
    if isinstance(node, f.Special):
        return st.fixed_dictionaries({"name": _TEXT})
    if isinstance(node, f.Map):
        return st.dictionaries(_TEXT, values(node.value, depth + 1), max_size=2)
    if isinstance(node, f.Array):
        if node.embedded:
            return values(node.item, depth + 1)
        most = min(node.max_items or 3, 3)
        return st.lists(values(node.item, depth + 1), max_size=most)
    if depth > 8 or not node.fields:
        return st.just({})
    return st.fixed_dictionaries({}, optional={fld.json_name: values(fld.node, depth + 1) for fld in node.fields})


def managed(for_provider: Any, at_provider: Any, api_version: str = "demo.example.io/v1beta1") -> dict[str, Any]:
    return {"apiVersion": api_version, "kind": "Thing",
            "metadata": {"name": "thing", "labels": {"a": "b"}, "resourceVersion": "7"},
            "spec": {"forProvider": for_provider, "deletionPolicy": "Orphan",
                     "providerConfigRef": {"name": "default"}},
            "status": {"atProvider": at_provider, "conditions": [{"type": "Ready", "status": "True"}]}}


def without_empty_singletons(value: Any, node: f.Node, target: f.Node) -> Any:
    """``value`` (at the version of ``node``) as it is after a round trip through the version of ``target``:
    an empty list where the other version embeds the block is no field there, and so none on return."""
    if isinstance(node, f.Object) and isinstance(target, f.Object) and isinstance(value, dict):
        other = {(fld.tf_name, fld.role): fld for fld in target.fields}
        by_json = node.by_json()
        out = {}
        for key, item in value.items():
            fld = by_json[key]
            twin = other[(fld.tf_name, fld.role)]
            if isinstance(fld.node, f.Array) and isinstance(twin.node, f.Array) and not fld.node.embedded \
                    and twin.node.embedded and item == []:
                continue
            out[key] = without_empty_singletons(item, fld.node, twin.node)
        return out
    if isinstance(node, f.Array) and isinstance(target, f.Array):
        if node.embedded:
            return without_empty_singletons(value, node.item, target.item)
        return [without_empty_singletons(v, node.item, target.item) for v in value]
    if isinstance(node, f.Map) and isinstance(target, f.Map):
        return {k: without_empty_singletons(v, node.value, target.value) for k, v in value.items()}
    return value


# -- random schemas --------------------------------------------------------------------------------------------

_NAMES = st.sampled_from(["alpha", "beta_one", "gamma", "delta_x", "eps", "zeta_two", "eta"])
_TYPES: st.SearchStrategy[Any] = st.recursive(
    st.sampled_from(["string", "number", "bool", "dynamic"]),
    lambda inner: st.tuples(st.sampled_from(["list", "set", "map"]), inner).map(list)
    | st.dictionaries(_NAMES, inner, min_size=1, max_size=2).map(lambda attrs: ["object", attrs]),
    max_leaves=3)


@st.composite
def blocks(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    attributes = {}
    for name in draw(st.lists(_NAMES, unique=True, max_size=3)):
        flags = draw(st.sampled_from([{"optional": True}, {"required": True}, {"computed": True},
                                      {"optional": True, "computed": True}]))
        attributes[name] = {"type": draw(_TYPES), **flags}
    block_types = {}
    if depth < 3:
        for name in draw(st.lists(_NAMES.map(lambda n: f"{n}_block"), unique=True, max_size=3)):
            mode = draw(st.sampled_from(["list", "set", "single", "map"]))
            most = draw(st.sampled_from([0, 1, 1, 2])) if mode in ("list", "set") else 0
            block_types[name] = {"nesting_mode": mode, "max_items": most, "min_items": 0,
                                 "block": draw(blocks(depth + 1))}
    if not attributes and not block_types:
        attributes["fallback"] = {"type": "string", "optional": True}
    return {"attributes": attributes, "block_types": block_types}


def _rules(embed: bool) -> f.Rules:
    from tfconfig import LocalFiles

    return f.Rules(tf_type="demo_thing", skip_params=frozenset({"id"}), identifiers=frozenset(), sensitive=frozenset(),
                   references={}, injected=(), removed_blocks=frozenset(), local_files=LocalFiles(),
                   embed_singletons=embed)


def _versions(block: dict[str, Any]) -> tuple[f.Views, f.Views]:
    doc = s.document({"format_version": "1.0", "provider_schemas": {"registry.terraform.io/demo/demo": {
        "provider": {"version": 0, "block": {}},
        "resource_schemas": {"demo_thing": {"version": 0, "block": block}}}}}, "registry.terraform.io/demo/demo")
    rs = doc.parse_resource("demo_thing")
    return f.build(rs, _rules(False)), f.build(rs, _rules(True))


@st.composite
def schemas_and_objects(draw: st.DrawFn) -> tuple[f.Views, f.Views, dict[str, Any]]:
    lists, embedded = _versions(draw(blocks()))
    older = draw(st.booleans())
    source = lists if older else embedded
    obj = managed(draw(values(source.parameters)), draw(values(source.observation)))
    obj["spec"]["initProvider"] = draw(values(source.init))
    return (lists, embedded, obj) if older else (embedded, lists, obj)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schemas_and_objects())
def test_any_object_converts_to_the_other_version_and_back_unchanged(case: tuple[f.Views, f.Views, dict[str, Any]]) \
        -> None:
    source, target, obj = case
    original = copy.deepcopy(obj)
    there = convert(obj, source, target, "demo.example.io/v1beta2")
    assert obj == original, "the object converted is left as it was"
    back = convert(there, target, source, "demo.example.io/v1beta1")
    expected = copy.deepcopy(original)
    for part, name, view in (("spec", "forProvider", "parameters"), ("spec", "initProvider", "init"),
                             ("status", "atProvider", "observation")):
        expected[part][name] = without_empty_singletons(original[part][name], getattr(source, view),
                                                        getattr(target, view))
    assert back == expected
    assert there["metadata"] == original["metadata"] and there["apiVersion"] == "demo.example.io/v1beta2"
    assert there["spec"]["deletionPolicy"] == "Orphan" and there["status"]["conditions"] == original["status"][
        "conditions"]


# -- AWS kinds upjet serves at several versions ----------------------------------------------------------------

MOVED = ["aws_s3_bucket", "aws_eks_cluster", "aws_acmpca_certificate", "aws_api_gateway_usage_plan",
         "aws_db_instance", "aws_medialive_channel", "aws_autoscaling_group"]


def _kind(tf_type: str) -> Any:
    return AWS.by_type(tf_type)


@pytest.mark.parametrize("tf_type", MOVED)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_aws_kinds_round_trip_between_each_pair_of_versions(tf_type: str, data: st.DataObject) -> None:
    kind = _kind(tf_type)
    config: ResolvedResource = kind.config
    names = [v.name for v in config.versions]
    assert len(names) > 1
    a, b = data.draw(st.permutations(names))[:2]
    source, target = kind.views(a), kind.views(b)
    for_provider = data.draw(values(source.parameters))
    old = {fld.json_name for fld in source.parameters.fields if fld.role is f.OLD_NAME}
    for_provider = {k: v for k, v in for_provider.items() if k not in old}  # older names: their own test
    obj = managed(for_provider, data.draw(values(source.observation)), f"{config.group}/{a}")
    there = convert(obj, source, target, f"{config.group}/{b}")
    back = convert(there, target, source, f"{config.group}/{a}")
    assert back["spec"]["forProvider"] == without_empty_singletons(for_provider, source.parameters,
                                                                   target.parameters) | {
        k: v for k, v in back["spec"]["forProvider"].items() if k in old}


def test_upjets_v1beta1_shapes_convert_to_the_embedded_objects_of_v1beta2() -> None:
    eks = _kind("aws_eks_cluster")
    v1 = {"region": "us-west-1", "roleArnRef": {"name": "role"},
          "vpcConfig": [{"subnetIdRefs": [{"name": "a"}, {"name": "b"}], "endpointPrivateAccess": True}]}
    up = convert(managed(v1, {"vpcConfig": [{"vpcId": "vpc-1"}]}), eks.views("v1beta1"), eks.views("v1beta2"),
                 "eks.aws.tfbridge.io/v1beta2")
    assert up["spec"]["forProvider"]["vpcConfig"] == {"subnetIdRefs": [{"name": "a"}, {"name": "b"}],
                                                      "endpointPrivateAccess": True}
    assert up["status"]["atProvider"]["vpcConfig"] == {"vpcId": "vpc-1"}
    pca = _kind("aws_acmpca_certificate")
    up = convert(managed({"validity": [{"type": "YEARS", "value": "1"}], "signingAlgorithm": "SHA256WITHRSA"}, {}),
                 pca.views("v1beta1"), pca.views("v1beta2"), "acmpca.aws.tfbridge.io/v1beta2")
    assert up["spec"]["forProvider"] == {"validity": {"type": "YEARS", "value": "1"},
                                         "signingAlgorithm": "SHA256WITHRSA"}
    down = convert(up, pca.views("v1beta2"), pca.views("v1beta1"), "acmpca.aws.tfbridge.io/v1beta1")
    assert down["spec"]["forProvider"]["validity"] == [{"type": "YEARS", "value": "1"}]


def test_an_older_name_is_the_fields_value_in_newer_versions_and_both_names_in_its_own() -> None:
    db = _kind("aws_db_instance")
    v1, v2, v3 = (db.views(v) for v in ("v1beta1", "v1beta2", "v1beta3"))
    obj = managed({"name": "orders", "engine": "mysql"}, {"name": "orders", "dbName": "orders"})
    up = convert(obj, v1, v3, "rds.aws.tfbridge.io/v1beta3")
    assert up["spec"]["forProvider"] == {"dbName": "orders", "engine": "mysql"}
    assert up["status"]["atProvider"] == {"dbName": "orders"}
    assert convert(up, v3, v1, "rds.aws.tfbridge.io/v1beta1")["spec"]["forProvider"] == {
        "dbName": "orders", "name": "orders", "engine": "mysql"}
    assert convert(up, v3, v2, "rds.aws.tfbridge.io/v1beta2")["spec"]["forProvider"] == {
        "dbName": "orders", "engine": "mysql"}, "v1beta2 has the new name only"
    both = managed({"name": "new", "dbName": "old"}, {})
    assert convert(both, v1, v3, "x/v1beta3")["spec"]["forProvider"] == {"dbName": "new"}, "the older name wins"


def test_a_list_of_more_than_one_element_cannot_be_one_object() -> None:
    bucket = _kind("aws_s3_bucket")
    obj = managed({"objectLockConfiguration": [{"objectLockEnabled": "Enabled"}, {}]}, {})
    with pytest.raises(ConversionError, match=r"spec\.forProvider\.objectLockConfiguration: 2 elements"):
        convert(obj, bucket.views("v1beta1"), bucket.views("v1beta2"), "s3.aws.tfbridge.io/v1beta2")


def test_what_no_tree_describes_is_kept_as_it_is_and_never_walked() -> None:
    bucket = _kind("aws_s3_bucket")
    deep: Any = "end"
    for _ in range(5000):  # deeper than any recursion could go
        deep = {"x": deep}
    obj = managed({"unknownField": deep, "objectLockConfiguration": []}, "not an object")
    out = convert(obj, bucket.views("v1beta1"), bucket.views("v1beta2"), "s3.aws.tfbridge.io/v1beta2")
    assert out["spec"]["forProvider"] == {"unknownField": deep}, "an empty singleton list is no field"
    assert out["status"]["atProvider"] == "not an object"


def test_every_version_of_a_kind_is_built_from_one_schema() -> None:
    """The trees of two versions differ only in how they show a block of at most one element, and in older names:
    every argument is in both, with the same role."""
    for tf_type in MOVED:
        kind = _kind(tf_type)
        shapes = [kind.views(v.name) for v in kind.config.versions]
        for view in ("parameters", "init", "observation"):
            keys = [{(fld.tf_name, fld.role) for fld in getattr(v, view).fields if fld.role is not f.OLD_NAME}
                    for v in shapes]
            assert all(k == keys[0] for k in keys), (tf_type, view)
    assert dataclasses.replace(_kind("aws_vpc").config).versions == _kind("aws_vpc").config.versions
