"""The fields of a reference in a CRD, at any depth: ``<field>Ref(s)``/``<field>Selector`` beside the value,
inside a block and inside each element of a list of blocks, named by the provider's rule or by the
reference's own stem (provider-upjet-aws keeps a list's plural s for some, ``subnetIdsRefs``, drops it
for others, ``securityGroupIdRefs``, and names a few apart: ``policyNameRef`` for a ``name``)."""

from __future__ import annotations

from typing import Any

import pytest

from codegen import crd
from tests.support import synthetic
from tfconfig import Reference, Resource, name_as_identifier
from tfschema import fields
from tfschema import schema as s

ATTR = synthetic.attr


def document() -> dict[str, Any]:
    """A cluster whose ``compute`` block (a list of blocks) holds subnets, groups and a policy's name."""
    compute = {"attributes": {"subnet_ids": ATTR(["list", "string"], optional=True),
                              "security_group_ids": ATTR(["set", "string"], optional=True),
                              "name": ATTR("string", optional=True)}}
    doc = synthetic.document()
    schemas = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]
    schemas["demo_cluster"] = {"version": 0, "block": {
        "attributes": {"id": ATTR("string", computed=True), "network_ids": ATTR(["list", "string"], optional=True)},
        "block_types": {"compute": {"nesting_mode": "list", "block": compute}}}}
    return doc


REFERENCES = {
    "network_ids": Reference("demo_network"),
    "compute.subnet_ids": Reference("demo_network", stem="subnetIds"),
    "compute.security_group_ids": Reference("demo_network", extract="arn"),
    "compute.name": Reference("demo_network", extract="id", stem="policyName", prefix="policies/"),
}


def views(references: dict[str, Reference] | None = None, **provider: Any) -> tuple[fields.Views, fields.Rules]:
    base = synthetic.provider()
    cluster = Resource(external_name=name_as_identifier(), references=REFERENCES if references is None else references)
    config = synthetic.provider(include=("demo_thing", "demo_network", "demo_cluster"),
                                resources={**base.resources, "demo_cluster": cluster}, **provider)
    rules = fields.rules(config.resolve("demo_cluster"))
    parsed = s.parse(document(), synthetic.SOURCE)
    return fields.build(parsed.resources["demo_cluster"], rules), rules


def properties(schema: dict[str, Any]) -> dict[str, Any]:
    while schema.get("type") == "array":
        schema = schema["items"]
    return dict(schema["properties"])


def test_references_in_a_list_of_blocks_have_their_fields_in_each_element() -> None:
    built, _ = views(singular_list_refs=True)
    top = properties(crd.openapi(built.parameters))
    compute = properties(top["compute"])
    assert {"networkIds", "networkIdRefs", "networkIdSelector"} <= set(top), "the provider's rule: no plural s"
    assert {"subnetIds", "subnetIdsRefs", "subnetIdsSelector"} <= set(compute), "the reference's own stem"
    assert {"securityGroupIdRefs", "securityGroupIdSelector"} <= set(compute)
    assert {"name", "policyNameRef", "policyNameSelector"} <= set(compute)
    assert not {"subnetIdRefs", "subnetIdSelector", "nameRef", "nameSelector"} & set(compute)
    assert compute["subnetIdsRefs"]["type"] == "array"
    assert compute["subnetIdsRefs"]["items"] == crd._SPECIALS["Reference"]
    assert compute["policyNameRef"]["properties"] == crd._SPECIALS["Reference"]["properties"]
    assert compute["subnetIdsSelector"]["properties"] == crd._SPECIALS["Selector"]["properties"]
    init = properties(properties(crd.openapi(built.init))["compute"])
    assert {"subnetIdsRefs", "subnetIdsSelector", "policyNameRef"} <= set(init), "initProvider has them too"


def test_the_runtime_finds_each_reference_at_its_depth_by_the_names_the_crd_has() -> None:
    built, rules = views(singular_list_refs=True)
    paths = {p.path: p for p in fields.reference_paths(built, rules)}
    assert set(paths) == {("networkIds",), ("compute", "subnetIds"), ("compute", "securityGroupIds"),
                          ("compute", "name")}
    subnets, name = paths[("compute", "subnetIds")], paths[("compute", "name")]
    assert (subnets.ref_field, subnets.selector_field, subnets.many) == ("subnetIdsRefs", "subnetIdsSelector", True)
    assert (name.ref_field, name.selector_field, name.many) == ("policyNameRef", "policyNameSelector", False)
    assert name.target.prefix == "policies/" and name.target.extract == "id"


def test_upjets_own_rule_keeps_the_plural_s() -> None:
    built, _ = views(singular_list_refs=False)
    assert {"networkIdsRefs", "networkIdsSelector"} <= set(properties(crd.openapi(built.parameters)))


def test_a_stem_that_is_no_field_name_is_an_error() -> None:
    with pytest.raises(ValueError, match=r"references\['compute.name'\].stem: 'policy-name' is no field name"):
        views({"compute.name": Reference("demo_network", stem="policy-name")})


def test_a_stem_clashing_with_an_argument_is_an_error() -> None:
    with pytest.raises(ValueError, match="compute: two fields map to 'subnetIdsRefs'"):
        views({"compute.subnet_ids": Reference("demo_network", stem="subnetIds"),
               "compute.security_group_ids": Reference("demo_network", stem="subnetIds")})


def test_rules_without_stems_or_prefixes_keep_their_digest_text() -> None:
    """A provider that names no stem and no prefix keeps the digests its kinds had."""
    _, plain = views({"network_ids": Reference("demo_network")})
    _, named = views({"network_ids": Reference("demo_network", stem="networkIds")})
    assert '"network_ids":["demo_network","external_name"]' in plain.canonical()
    assert '"network_ids":["demo_network","external_name","stem=networkIds"]' in named.canonical()
