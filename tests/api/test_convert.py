"""Specs convert to Terraform values (and states to atProvider) by walking the schema's field trees; a bad
value is refused with the path of every bad field."""

import copy
import dataclasses
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.api import registry
from bridge.api.convert import Converter, SecretPoint, SecretRef, SpecError
from bridge.api.registry import Kind
from codegen import examples
from tests.support import synthetic
from tests.support.packages import AWS, AWS_CURATED, ROOT
from tfconfig import LocalFiles, Resource
from tfschema import fields
from tfschema import schema as s

FOR_PROVIDER = "spec.forProvider"


def test_every_aws_kinds_example_converts() -> None:
    """Each kind's generated example (hand-written or synthesised) is a valid spec for the converter."""
    failed = {}
    for kind in AWS.kinds:
        c = kind.config
        path = ROOT / "providers" / "aws" / examples.path_of(c)
        manifest = yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        try:
            kind.converter.for_provider.to_terraform(manifest["spec"]["forProvider"], FOR_PROVIDER)
        except SpecError as exc:
            failed[kind.id] = str(exc)
    assert failed == {}


@pytest.mark.parametrize("kind", AWS_CURATED.kinds, ids=[k.kind for k in AWS_CURATED.kinds])
def test_aws_example_round_trips(kind: Kind) -> None:
    assert kind.config.example is not None
    example = dict(kind.config.example.for_provider)
    converted = kind.converter.for_provider.to_terraform(example, FOR_PROVIDER)
    assert converted.secrets == ()
    if "region" in example and "region" not in kind.converter.argument_names:
        assert converted.provider == {"region": example["region"]}, "region configures the provider"
        assert "region" not in converted.terraform
    back = kind.converter.for_provider.from_terraform(converted.terraform)
    tree = kind.converter.for_provider.tree.by_json()
    assert back == {k: v for k, v in example.items() if tree[k].role is fields.TF}, \
        "only Terraform arguments travel to Terraform and back"


# The region pattern lists every region the provider knows; a message names its first few.
KNOWN_REGIONS = "^(af-south-1|ap-east-1|ap-northeast-1|ap-northeast-2|ap-northeast-3|ap-south-1|ap-south-2|ap-southea…"


@pytest.mark.parametrize(
    ("tf_type", "spec", "problems"),
    [
        pytest.param("aws_vpc", {"cidrBlock": ["not", "a", "string"], "unknownField": 1},
                     ["spec.forProvider.cidrBlock: expected a string, got a list",
                      "spec.forProvider.unknownField: unknown field"], id="TypeAndUnknownField"),
        pytest.param("aws_dynamodb_table", {"attribute": [{"name": "id", "type": 5}]},
                     ["spec.forProvider.attribute[0].type: expected a string, got a number"], id="PathIntoAList"),
        pytest.param("aws_dynamodb_table", {"ttl": [{"enabled": True}]},
                     ["spec.forProvider.ttl: expected an object, got a list"], id="EmbeddedSingletonIsAnObject"),
        pytest.param("aws_vpc", {"region": '${file("/var/run/secrets/kubernetes.io/serviceaccount/token")}'},
                     [f"spec.forProvider.region: does not match {KNOWN_REGIONS}"],
                     id="TemplateInRegion"),
        pytest.param("aws_vpc", {"region": "us-east-1\n"},
                     [f"spec.forProvider.region: does not match {KNOWN_REGIONS}"],
                     id="NewlineAfterRegion"),
        pytest.param("aws_vpc", {"region": "us east 1"},
                     [f"spec.forProvider.region: does not match {KNOWN_REGIONS}"],
                     id="SpacesInRegion"),
        pytest.param("aws_vpc", {"region": "us-east-9"}, [f"spec.forProvider.region: does not match {KNOWN_REGIONS}"],
                     id="ARegionNoPartitionKnows"),
        pytest.param("aws_subnet", {"vpcIdRef": {"name": "x/../my-vpc"}},
                     ["spec.forProvider.vpcIdRef.name: does not match "
                      r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"], id="PathInAReferenceName"),
        pytest.param("aws_subnet", {"vpcIdRef": {"name": "a", "policy": {"resolve": "Sometimes"}}},
                     ["spec.forProvider.vpcIdRef.policy.resolve: must be one of Always, IfNotPresent"],
                     id="ReferencePolicy"),
        pytest.param("aws_subnet", {"vpcIdSelector": {"matchLabels": {"team": "a,team!=a"}}},
                     ["spec.forProvider.vpcIdSelector.matchLabels.team: does not match "
                      r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$"], id="SelectorInjectionInAValue"),
        pytest.param("aws_subnet", {"vpcIdSelector": {"matchLabels": {"team,x": "a"}}},
                     ['spec.forProvider.vpcIdSelector.matchLabels["team,x"]: not a valid label key'],
                     id="SelectorInjectionInAKey"),
        pytest.param("aws_subnet", {"vpcIdSelector": {"matchLabels": {"example.com/team": "a"}, "extra": 1}},
                     ["spec.forProvider.vpcIdSelector.extra: unknown field"], id="PrefixedLabelKeyIsFine"),
        pytest.param("aws_vpc", {"tags": {"a": 1}, "enableDnsSupport": "yes"},
                     ["spec.forProvider.enableDnsSupport: expected true or false, got a string",
                      "spec.forProvider.tags.a: expected a string, got a number"], id="MapValuesAndBooleans"),
    ],
)
def test_bad_values_are_refused_naming_every_field(tf_type: str, spec: dict[str, Any], problems: list[str]) -> None:
    with pytest.raises(SpecError) as err:
        AWS.by_type(tf_type).converter.for_provider.to_terraform(spec, FOR_PROVIDER)
    assert list(err.value.problems) == problems


def test_problems_are_capped_in_the_message() -> None:
    spec = {f"unknown{i:02d}": 1 for i in range(25)}
    with pytest.raises(SpecError) as err:
        AWS.by_type("aws_vpc").converter.for_provider.to_terraform(spec, FOR_PROVIDER)
    assert len(err.value.problems) == 25
    assert str(err.value).endswith("; and 15 more")


def test_embedded_singletons_are_one_element_lists_for_terraform() -> None:
    table = AWS.by_type("aws_dynamodb_table").converter
    spec = {"attribute": [{"name": "id", "type": "S"}], "hashKey": "id", "ttl": {"enabled": True}}
    tf = table.for_provider.to_terraform(spec, FOR_PROVIDER).terraform
    assert tf == {"attribute": [{"name": "id", "type": "S"}], "hash_key": "id", "ttl": [{"enabled": True}]}
    assert table.for_provider.from_terraform(tf) == spec
    assert table.observation({"ttl": [], "hash_key": "id"}) == {"hashKey": "id"}, "an empty block is no object"


def synthetic_kind(**provider: Any) -> Kind:
    package = registry.from_document(synthetic.provider(**provider), s.document(synthetic.document(),
                                                                                 synthetic.SOURCE))
    return package.by_type("demo_thing")


def test_secrets_are_resolution_points_at_any_depth() -> None:
    doc = synthetic.document()
    inner = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]["block_types"]
    inner["list_b"] = copy.deepcopy(inner["list_b"])  # the synthetic blocks share one inner block
    inner["list_b"]["block"]["attributes"]["token"] = synthetic.attr("string", optional=True, sensitive=True)
    package = registry.from_document(synthetic.provider(), s.document(doc, synthetic.SOURCE))
    converter = package.by_type("demo_thing").converter
    ref = {"name": "db", "namespace": "team-a", "key": "token"}
    converted = converter.for_provider.to_terraform(
        {"listB": [{"port": 1, "tokenSecretRef": ref}], "passwordSecretRef": {**ref, "key": "password"},
         "labelsSecretSecretRef": {"name": "labels", "namespace": "team-a"}}, FOR_PROVIDER)
    assert converted.secrets == (
        SecretPoint(("labels_secret",), SecretRef("team-a", "labels", None), "spec.forProvider.labelsSecretSecretRef"),
        SecretPoint(("list_b", 0, "token"), SecretRef("team-a", "db", "token"),
                    "spec.forProvider.listB[0].tokenSecretRef"),
        SecretPoint(("password",), SecretRef("team-a", "db", "password"), "spec.forProvider.passwordSecretRef"),
    )
    values = {"token": "t0k", "password": "pw", None: {"k": "v"}}
    assert converted.resolved(lambda p: values[p.ref.key]) == {
        "labels_secret": {"k": "v"}, "list_b": [{"port": 1, "token": "t0k"}], "password": "pw"}
    assert converted.terraform == {"list_b": [{"port": 1}]}, "resolving leaves the conversion as it was"
    assert converter.secret_arguments == ("labels_secret", "list_b", "password")


def test_a_list_of_secrets_takes_one_secret_key_per_element() -> None:
    """A sensitive list or set of strings is a list of Secret keys (upjet's ``[]SecretKeySelector``), each
    checked as one Secret key is and read in its order; a bad element is refused by its index."""
    doc = synthetic.document()
    block = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    block["attributes"]["passwords"] = synthetic.attr(["set", "string"], optional=True, sensitive=True)
    package = registry.from_document(synthetic.provider(), s.document(doc, synthetic.SOURCE))
    converter = package.by_type("demo_thing").converter
    refs = [{"name": "db", "namespace": "team-a", "key": key} for key in ("first", "second")]
    converted = converter.for_provider.to_terraform({"passwordsSecretRef": refs}, FOR_PROVIDER)
    assert converted.secrets == tuple(
        SecretPoint(("passwords", i), SecretRef("team-a", "db", key), f"spec.forProvider.passwordsSecretRef[{i}]")
        for i, key in enumerate(("first", "second")))
    assert converted.resolved(lambda p: f"pw-{p.ref.key}") == {"passwords": ["pw-first", "pw-second"]}
    assert converted.terraform == {}, "resolving leaves the conversion as it was"
    assert "passwords" in converter.secret_arguments
    with pytest.raises(SpecError, match=r"passwordsSecretRef\[1\]\.name: does not match"):
        converter.for_provider.to_terraform({"passwordsSecretRef": [refs[0], {**refs[1], "name": "../x"}]},
                                            FOR_PROVIDER)
    with pytest.raises(SpecError, match=r"passwordsSecretRef: expected a list"):
        converter.for_provider.to_terraform({"passwordsSecretRef": refs[0]}, FOR_PROVIDER)


@pytest.mark.parametrize(
    ("ref", "problem"),
    [
        pytest.param({"name": "../../secrets", "namespace": "a", "key": "k"}, "passwordSecretRef.name: does not match",
                     id="PathInName"),
        pytest.param({"name": "s", "namespace": "kube-system/x", "key": "k"},
                     "passwordSecretRef.namespace: does not match", id="SlashInNamespace"),
        pytest.param({"name": "s", "namespace": "a", "key": "../k"}, "passwordSecretRef.key: does not match",
                     id="PathInKey"),
        pytest.param({"name": "s", "namespace": "a"}, "passwordSecretRef.key: required", id="MissingKey"),
    ],
)
def test_secret_selectors_name_only_kubernetes_names(ref: dict[str, Any], problem: str) -> None:
    with pytest.raises(SpecError, match=problem):
        synthetic_kind().converter.for_provider.to_terraform({"passwordSecretRef": ref}, FOR_PROVIDER)


def test_a_spec_that_names_a_local_file_is_refused() -> None:
    doc = synthetic.document()
    block = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    block["attributes"]["filename"] = synthetic.attr("string", optional=True)
    package = registry.from_document(synthetic.provider(), s.document(doc, synthetic.SOURCE))
    with pytest.raises(SpecError, match=r"spec.forProvider.filename: unknown field"):
        package.by_type("demo_thing").converter.for_provider.to_terraform({"filename": "/etc/passwd"}, FOR_PROVIDER)


AWS_FILES = dataclasses.replace(AWS.provider, include=("aws_s3_object", "aws_lambda_function",
                                                       "aws_lambda_layer_version"), resources={})


@pytest.fixture(scope="module")
def aws_document() -> s.Document:
    return s.load_document(ROOT / "providers" / "aws" / AWS.provider.schema_file, AWS.provider.registry_source)


@pytest.mark.parametrize(("tf_type", "argument"), [("aws_s3_object", "source"), ("aws_lambda_function", "filename"),
                                                   ("aws_lambda_layer_version", "filename")])
def test_aws_arguments_that_read_local_files_are_refused(aws_document: s.Document, tf_type: str,
                                                         argument: str) -> None:
    kind = registry.from_document(AWS_FILES, aws_document).by_type(tf_type)
    assert argument not in kind.converter.argument_names
    with pytest.raises(SpecError, match=f"spec.forProvider.{argument}: unknown field"):
        kind.converter.for_provider.to_terraform({argument: "/var/run/secrets/kubernetes.io/serviceaccount/token"},
                                                 FOR_PROVIDER)


def test_provider_config_refuses_credentials_and_local_files() -> None:
    configuration = AWS.configuration
    with pytest.raises(SpecError) as err:
        configuration.to_terraform({"accessKey": "AKIA", "sharedCredentialsFiles": ["/proc/1/environ"],
                                    "customCaBundle": "/etc/shadow", "region": "us-east-1 "}, "spec.configuration")
    assert err.value.problems == (
        "spec.configuration.accessKey: unknown field", "spec.configuration.customCaBundle: unknown field",
        f"spec.configuration.region: does not match {KNOWN_REGIONS}",
        "spec.configuration.sharedCredentialsFiles: unknown field")
    assert configuration.to_terraform({"region": "eusc-de-east-1", "s3UsePathStyle": True}, "x").terraform == {
        "region": "eusc-de-east-1", "s3_use_path_style": True}


def test_late_init_takes_only_optional_computed_arguments_the_cloud_set() -> None:
    vpc = AWS.by_type("aws_vpc").converter
    state = {"id": "vpc-1", "cidr_block": "10.0.0.0/16", "enable_dns_hostnames": False, "arn": "arn:x",
             "instance_tenancy": "default", "tags": {}}
    assert vpc.late_init(state) == {"cidrBlock": "10.0.0.0/16", **(
        {"instanceTenancy": "default"} if "instance_tenancy" in vpc.late_init_arguments else {})}
    assert vpc.observation(state)["arn"] == "arn:x"


def _strategy(node: fields.Node) -> st.SearchStrategy[Any]:
    json_scalars = st.one_of(st.text(max_size=6), st.integers(-99, 99), st.booleans())
    if isinstance(node, fields.Scalar):
        if node.pattern:
            return st.from_regex(node.pattern, fullmatch=True)
        return {"string": st.text(max_size=8), "boolean": st.booleans(),
                "number": st.one_of(st.integers(-10**6, 10**6),
                                    st.floats(allow_nan=False, allow_infinity=False, width=32))}[node.kind]
    if isinstance(node, fields.Dynamic):
        return st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=2)
                            | st.dictionaries(st.text(min_size=1, max_size=4), inner, max_size=2), max_leaves=4)
    if isinstance(node, fields.Array):
        if node.embedded:
            return _strategy(node.item)
        return st.lists(_strategy(node.item), max_size=node.max_items or 3)
    if isinstance(node, fields.Map):
        return st.dictionaries(st.text(min_size=1, max_size=5), _strategy(node.value), max_size=3)
    assert isinstance(node, fields.Object)
    return st.fixed_dictionaries({}, optional={f.json_name: _strategy(f.node) for f in node.fields
                                               if f.role is fields.TF})


EMBEDDED = synthetic_kind(embed_singletons=True)
THING: Converter = EMBEDDED.converter


@settings(max_examples=150, deadline=None)
@given(cr=_strategy(EMBEDDED.shape.views.parameters), obs=_strategy(EMBEDDED.shape.views.observation))
def test_random_values_round_trip(cr: dict[str, Any], obs: dict[str, Any]) -> None:
    tf = THING.for_provider.to_terraform(cr, FOR_PROVIDER)
    assert THING.for_provider.from_terraform(tf.terraform) == {k: v for k, v in cr.items() if k != "region"}
    assert tf.provider == ({"region": cr["region"]} if cr.get("region") else {})
    seen = THING.at_provider.to_terraform(obs, "status.atProvider")
    assert THING.observation(seen.terraform) == obs


def test_a_kind_is_built_on_first_use_only() -> None:
    calls: list[str] = []
    package = registry.from_document(synthetic.provider(resources={"demo_thing": Resource(short_group="core")}),
                                     s.document(synthetic.document(), synthetic.SOURCE))
    kind = package.by_type("demo_thing")
    counted = dataclasses.replace(kind, schema=lambda: calls.append("parse") or kind.schema())
    assert calls == []
    assert counted.converter is counted.converter
    assert calls == ["parse"]
    assert LocalFiles() == counted.config.local_files


def test_a_block_named_like_a_provider_setting_is_a_resource_argument_only() -> None:
    doc = synthetic.document()
    thing = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    thing["attributes"].pop("region")
    thing["block_types"]["region"] = {"nesting_mode": "set", "block": {"attributes": {
        "name": synthetic.attr("string", required=True)}}}
    package = registry.from_document(synthetic.provider(), s.document(doc, synthetic.SOURCE))
    converted = package.by_type("demo_thing").converter.for_provider.to_terraform(
        {"region": [{"name": "eu-1"}]}, FOR_PROVIDER)
    assert converted.terraform == {"region": [{"name": "eu-1"}]} and converted.provider == {}
