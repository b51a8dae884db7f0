"""The generator's invariants over synthetic resource schemas: what the tests of the AWS catalogue check on
every generated kind, proven here of schemas hypothesis makes up (every type, nesting mode, flag and
sensitivity, at any depth), so that they hold of a kind no catalogue has yet.

Each schema is one resource of a provider that injects a region, generated with its namespaced twin.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen import crd, pipeline, structural
from devserver import openapi
from tests.support import synthetic
from tfconfig import Resource, lower_camel
from tfschema import schema as s

# Argument names: none a local file's, none of the names the generator treats apart (id, region, tags,
# timeouts, the resource's own name), none ending as the fields it adds (Ref, Selector, SecretRef).
WORDS = ("alpha", "beta", "gamma", "delta", "mode", "port", "engine", "policy", "size_limit", "max_count",
         "display_label", "retention_days", "enabled", "rule_set", "kms_key", "protocol", "weight", "priority")
FLAGS = {"required": {"required": True}, "optional": {"optional": True},
         "optional_computed": {"optional": True, "computed": True}, "computed": {"computed": True}}

primitives = st.sampled_from(["string", "number", "bool"])
types: st.SearchStrategy[Any] = st.recursive(
    primitives,
    lambda inner: st.tuples(st.sampled_from(["list", "set", "map"]), inner).map(list)
    | st.dictionaries(st.sampled_from(WORDS), inner, min_size=1, max_size=3).map(lambda d: ["object", d]),
    max_leaves=4)


@st.composite
def attributes(draw: st.DrawFn, *, top: bool) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(WORDS), unique=True, min_size=1, max_size=6))
    out = {}
    for name in names:
        type_ = draw(st.just("dynamic") | types) if top else draw(types)
        flags = FLAGS[draw(st.sampled_from(sorted(FLAGS)))]
        out[name] = synthetic.attr(type_, sensitive=draw(st.booleans()), **flags)
    return out


@st.composite
def blocks(draw: st.DrawFn, depth: int) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(WORDS), unique=True, max_size=2 if depth else 0))
    out: dict[str, Any] = {}
    for name in names:
        attrs = draw(attributes(top=False))
        # Terraform refuses an attribute and a block of one name in one block.
        inner = {k: v for k, v in draw(blocks(depth - 1)).items() if k not in attrs}
        block = {"attributes": attrs, "block_types": inner}
        mode = draw(st.sampled_from(["single", "group", "list", "set", "map"]))
        nested: dict[str, Any] = {"nesting_mode": mode, "block": block}
        if mode in ("list", "set"):
            nested["max_items"] = draw(st.sampled_from([0, 1]))
            nested["min_items"] = draw(st.sampled_from([0, nested["max_items"] or 1]))
        out[name] = nested
    return out


@st.composite
def resources(draw: st.DrawFn) -> dict[str, Any]:
    """A resource block (an attribute and a block never share a name, as Terraform's schemas never do)."""
    attrs = draw(attributes(top=True))
    nested = {k: v for k, v in draw(blocks(2)).items() if k not in attrs}
    return {"attributes": {"id": synthetic.attr("string", computed=True), **attrs}, "block_types": nested,
            "description": "A widget."}


def generate(block: dict[str, Any], *, namespaced: bool) -> dict[str, str]:
    doc = synthetic.document()
    doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"] = {"demo_widget": {"version": 0, "block": block}}
    provider = synthetic.provider(include=("demo_widget",), namespaced=namespaced,
                                  resources={"demo_widget": Resource(short_group="core")})
    generated = pipeline.generate(provider, s.document(doc, synthetic.SOURCE))
    assert generated.violations == []
    return generated.files


def load(text: str) -> dict[str, Any]:
    doc: dict[str, Any] = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return doc


def spec_schema(crd_doc: dict[str, Any]) -> dict[str, Any]:
    (version,) = crd_doc["spec"]["versions"]
    return version["schema"]["openAPIV3Schema"]["properties"]["spec"]  # type: ignore[no-any-return]


def walk(schema: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    yield path, schema
    for key, sub in (schema.get("properties") or {}).items():
        yield from walk(sub, f"{path}.{key}")
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            yield from walk(schema[key], f"{path}[]")


def admit(crd_doc: dict[str, Any], spec: dict[str, Any], namespace: str | None = None) -> list[str]:
    version = crd_doc["spec"]["versions"][0]["name"]
    metadata = {"name": "x", **({"namespace": namespace} if namespace else {})}
    obj = {"apiVersion": f"{crd_doc['spec']['group']}/{version}", "kind": crd_doc["spec"]["names"]["kind"],
           "metadata": metadata, "spec": spec}
    return openapi.admit(crd_doc["spec"]["versions"][0]["schema"]["openAPIV3Schema"], obj)[1]


def widget_crds(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The widget's CRDs by API group."""
    return {doc["spec"]["group"]: doc for path, text in files.items()
            if path.startswith("crds/core/") and "kustomization" not in path for doc in [load(text)]}


# Enough schemas to meet every type and mode; hypothesis keeps the ones that failed and tries them first.
PROPERTIES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTIES
@given(resources())
def test_every_generated_crd_is_structural_and_generation_is_byte_identical(block: dict[str, Any]) -> None:
    files = generate(block, namespaced=True)
    assert generate(block, namespaced=True) == files
    crds = [load(t) for p, t in files.items() if p.startswith("crds/") and "kustomization" not in p]
    assert len(crds) == 2 + 5, "the widget and its twin, and the ProviderConfig kinds"
    assert [structural.crd_violations(c) for c in crds] == [[]] * len(crds)


@PROPERTIES
@given(resources())
def test_arguments_are_parameters_attributes_are_observed_and_secrets_only_referenced(block: dict[str, Any]) -> None:
    (widget,) = widget_crds(generate(block, namespaced=False)).values()
    props = spec_schema(widget)["properties"]
    status = widget["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["status"]
    for_provider, init = props["forProvider"]["properties"], props["initProvider"]["properties"]
    observed = status["properties"]["atProvider"]["properties"]
    for name, attr in block["attributes"].items():
        json_name, argument = lower_camel(name), bool(attr.get("required") or attr.get("optional"))
        secret = attr.get("sensitive", False)
        if name == "id":
            assert "id" not in for_provider and "id" in observed
            continue
        assert (json_name in for_provider) is (argument and not secret), name
        assert (f"{json_name}SecretRef" in for_provider) is (argument and secret), name
        assert (json_name in init) is (argument and not secret) and (f"{json_name}SecretRef" in init) is (
            argument and secret), name
        assert (json_name in observed) is not secret, f"{name}: a sensitive value is never in a status"
        assert f"{json_name}SecretRef" not in observed
    for name, nested in block["block_types"].items():
        if lower_camel(name) in for_provider:
            kind = for_provider[lower_camel(name)]["type"]
            assert kind == ("array" if nested["nesting_mode"] in ("list", "set") else "object"), name
    region = for_provider["region"]
    assert region["pattern"] == synthetic.REGION_PATTERN and "region" not in init, "injected, at create only"
    required = [m.group(1) for r in spec_schema(widget).get("x-kubernetes-validations") or []
                if (m := re.search(r"has\(self\.forProvider\.(\w+)\)", r["rule"]))]
    wanted = [lower_camel(n) for n, a in block["attributes"].items() if a.get("required") and not a.get("sensitive")]
    wanted += [lower_camel(n) for n, b in block["block_types"].items()
               if b.get("min_items", 0) > 0 and lower_camel(n) in for_provider]
    wanted.append("region")  # the injected region is required of every kind that takes it
    assert sorted(wanted) == sorted(r for r in required if not r.endswith("SecretRef")), "required arguments"


@PROPERTIES
@given(resources())
def test_admission_refuses_hostile_names_and_regions_and_admits_the_generated_example(block: dict[str, Any]) -> None:
    files = generate(block, namespaced=True)
    crds = widget_crds(files)
    cluster, twin = crds["core.demo.tfbridge.io"], crds["core.demo.m.tfbridge.io"]
    for crd_doc, namespace in ((cluster, None), (twin, "team-a")):
        config_ref = {"name": "default", **({"kind": "ProviderConfig"} if namespace else {})}
        errors = admit(crd_doc, {"forProvider": {"region": "eu-1"}, "providerConfigRef": config_ref}, namespace)
        assert [e for e in errors if "is a required parameter" not in e] == [], "only what it leaves out is missing"
        for hostile in ("x/../default", "A_B", "kube-system/../x", ""):
            assert admit(crd_doc, {"forProvider": {}, "providerConfigRef": {**config_ref, "name": hostile}},
                         namespace), hostile
            assert admit(crd_doc, {"forProvider": {}, "writeConnectionSecretToRef": {"name": hostile}},
                         namespace), hostile
        for region in ('${file("/etc/passwd")}', "eu-1 ", "EU-1", "eu-1/../x", "eu-1,us-2"):
            assert admit(crd_doc, {"forProvider": {"region": region}}, namespace), region
        for path, node in walk(spec_schema(crd_doc)):
            if not path.endswith("SecretRef"):
                continue
            ref = node["items"] if node.get("type") == "array" else node  # a list of sensitive strings: one each
            if namespace:
                assert set(ref["properties"]) <= {"key", "name"}, f"{path}: a Secret of the object's own namespace"
            else:
                assert ref["properties"]["name"]["pattern"] == crd.DNS_SUBDOMAIN["pattern"], path
                assert ref["properties"]["namespace"]["pattern"] == crd.DNS_LABEL["pattern"], path
    assert admit(twin, {"forProvider": {}, "providerConfigRef": {"name": "default"}}, "team-a"), "kind is required"
    assert set(spec_schema(twin)["properties"]["forProvider"]["properties"]) == set(
        spec_schema(cluster)["properties"]["forProvider"]["properties"]), "the twin takes the same arguments"
    for path, text in files.items():
        if path.startswith("examples/"):
            example = load(text)
            crd_doc = crds[example["apiVersion"].split("/")[0]]
            admitted, errors = openapi.admit(crd_doc["spec"]["versions"][0]["schema"]["openAPIV3Schema"], example)
            assert errors == [], path
            for section in ("forProvider", "initProvider"):
                assert admitted["spec"].get(section) == example["spec"].get(section), f"{path}: nothing pruned"

