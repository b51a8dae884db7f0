import copy
import dataclasses
import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen import crd, pipeline, structural
from devserver import openapi
from tests.support import every, synthetic
from tests.support.crds import EVERY_CRD
from tests.support.crds import generated as generated_crds
from tests.support.packages import AWS, AWS_CURATED, AWS_CURATED_NAMESPACED
from tfconfig import Exclusion, Reason
from tfschema import docs as tfdocs
from tfschema import schema as s
from tfschema import syntax

AWS_DIR = Path(__file__).resolve().parents[2] / "providers" / "aws"


NAMESPACED_ROOT = ".aws.m.tfbridge.io"
CONFIG_KINDS = ("ProviderConfig", "ClusterProviderConfig", "ProviderConfigUsage")
# The managed kinds, from the runtime's registry (which decides them as the generator does); the
# tests below prove every one has its CRD.
MANAGED = sorted((k.config.group, k.kind) for k in AWS.kinds)
CLUSTER_MANAGED = sorted((k.config.group, k.kind) for k in AWS.kinds if not k.namespaced)
NAMESPACED = sorted((k.config.group, k.kind) for k in AWS.kinds if k.namespaced)
CURATED = sorted((k.config.group, k.kind) for k in AWS_CURATED.kinds)
# The namespaced twins are rendered by the same code from the same field trees: the admission checks run
# on the curated kinds' twins; every twin is checked structural, and for its name syntax, below.
NAMESPACED_SAMPLE = sorted((k.config.group, k.kind) for k in AWS_CURATED_NAMESPACED.kinds)
# The tests that read every CRD run in one worker process, which parses them once (79 MB of YAML).
pytestmark = pytest.mark.xdist_group(EVERY_CRD)


def crds() -> dict[tuple[str, str], dict[str, Any]]:
    return generated_crds("aws")


def schema_of(crd: dict[str, Any], version: str = "") -> dict[str, Any]:
    """The schema of ``version`` (default: the one objects are stored at)."""
    (entry,) = (v for v in crd["spec"]["versions"] if v["name"] == version or (not version and v["storage"]))
    return entry["schema"]["openAPIV3Schema"]  # type: ignore[no-any-return]


def versions_of(crd: dict[str, Any]) -> list[str]:
    return [v["name"] for v in crd["spec"]["versions"]]


def _name(key: tuple[str, str]) -> str:
    return f"{key[0]}/{key[1]}"


def test_every_generated_crd_is_structural() -> None:
    def structural_crd(key: tuple[str, str]) -> None:
        assert structural.crd_violations(crds()[key]) == []

    assert set(MANAGED) <= set(crds()), "every kind has its CRD"
    checked = every.check_all("CRDs", ((_name(k), k) for k in sorted(crds())), structural_crd)
    assert checked == len(MANAGED) + 5, "and the ProviderConfig kinds: two cluster-scoped, three of the m group"


def test_every_synthetic_nesting_mode_is_structural() -> None:
    generated = pipeline.generate(synthetic.provider(), s.document(synthetic.document(), synthetic.SOURCE))
    crds = [yaml.safe_load(t) for p, t in generated.files.items() if p.startswith("crds/") and "kustom" not in p]
    assert len(crds) == 4  # two kinds, ProviderConfig, ProviderConfigUsage (no namespaced kinds)
    assert generated.violations == []
    assert all(structural.crd_violations(c) == [] for c in crds)


def test_managed_crd_shape() -> None:
    crd = crds()[("ec2.aws.tfbridge.io", "VPC")]
    version = crd["spec"]["versions"][0]
    spec = version["schema"]["openAPIV3Schema"]["properties"]["spec"]
    status = version["schema"]["openAPIV3Schema"]["properties"]["status"]
    assert crd["metadata"]["name"] == "vpcs.ec2.aws.tfbridge.io"
    assert crd["metadata"]["labels"] == {"tfbridge.io/group": "ec2", "tfbridge.io/provider": "aws",
                                         "tfbridge.io/schema-digest": AWS.by_type("aws_vpc").digest}
    assert crd["spec"]["scope"] == "Cluster"
    assert crd["spec"]["names"]["categories"] == ["crossplane", "managed", "aws"]
    assert version["subresources"] == {"status": {}}
    assert [c["name"] for c in version["additionalPrinterColumns"]] == ["SYNCED", "READY", "EXTERNAL-NAME", "AGE"]
    props = spec["properties"]
    assert props["deletionPolicy"]["default"] == "Delete" and props["deletionPolicy"]["enum"] == ["Orphan", "Delete"]
    assert props["managementPolicies"]["default"] == ["*"]
    assert props["managementPolicies"]["items"]["enum"] == ["Observe", "Create", "Update", "Delete",
                                                             "LateInitialize", "*"]
    assert props["providerConfigRef"]["default"] == {"name": "default"}
    assert set(props["writeConnectionSecretToRef"]["required"]) == {"name", "namespace"}
    assert "region" not in props["initProvider"]["properties"]
    assert "tagsAll" not in props["forProvider"]["properties"]
    assert "tagsAll" in status["properties"]["atProvider"]["properties"]
    assert status["properties"]["conditions"]["x-kubernetes-list-map-keys"] == ["type"]
    assert spec["x-kubernetes-validations"] == [{
        "message": "spec.forProvider.region is a required parameter",
        "rule": "!('*' in self.managementPolicies || 'Create' in self.managementPolicies || 'Update' in "
                "self.managementPolicies) || has(self.forProvider.region)"}]


def test_kinds_upjet_serves_at_v1beta2_have_embedded_singletons() -> None:
    """upjet serves the kinds it once had with singleton lists (old-singleton-list-apis.txt) at v1beta2 with
    embedded objects, and at v1beta1 still with the lists; ours have the same versions and shapes, stored at
    v1beta2 and converted by the provider's webhook."""
    bucket = crds()[("s3.aws.tfbridge.io", "Bucket")]
    assert [(v["name"], v["served"], v["storage"], v.get("deprecated", False))
            for v in bucket["spec"]["versions"]] == [("v1beta1", True, False, True), ("v1beta2", True, True, False)]
    assert bucket["spec"]["conversion"] == {"strategy": "Webhook", "webhook": {
        "conversionReviewVersions": ["v1"],
        "clientConfig": {"service": {"name": "tfbridge-provider-aws-webhook", "namespace": "crossplane-system",
                                     "path": "/convert", "port": 9443}}}}
    assert bucket["metadata"]["labels"]["tfbridge.io/conversion"] == "webhook"
    for version, shape in (("v1beta1", "array"), ("v1beta2", "object")):
        lock = schema_of(bucket, version)["properties"]["spec"]["properties"]["forProvider"]["properties"][
            "objectLockConfiguration"]
        assert lock["type"] == shape
    assert schema_of(bucket, "v1beta1")["properties"]["spec"]["properties"]["forProvider"]["properties"][
        "objectLockConfiguration"]["maxItems"] == 1, "a list that converts to one object holds one element"
    table = schema_of(crds()[("dynamodb.aws.tfbridge.io", "Table")])["properties"]["spec"]["properties"]["forProvider"]
    assert table["properties"]["ttl"]["type"] == "object", "max_items 1: an object"
    assert table["properties"]["attribute"]["type"] == "array", "any number: a list"


def test_older_versions_serve_the_names_upjet_gave_renamed_arguments() -> None:
    instance = crds()[("rds.aws.tfbridge.io", "Instance")]
    assert versions_of(instance) == ["v1beta1", "v1beta2", "v1beta3"]
    for version, names in (("v1beta1", {"dbName", "name"}), ("v1beta2", {"dbName"}), ("v1beta3", {"dbName"})):
        for part in ("forProvider", "initProvider"):
            props = schema_of(instance, version)["properties"]["spec"]["properties"][part]["properties"]
            assert {"dbName", "name"} & set(props) == names, (version, part)
    # A route's observed instanceId is its own field: the old name of its network interface is spec-only.
    route = crds()[("ec2.aws.tfbridge.io", "Route")]
    v1 = schema_of(route, "v1beta1")["properties"]
    assert "instanceId" in v1["spec"]["properties"]["forProvider"]["properties"]
    assert "instanceId" not in schema_of(route)["properties"]["spec"]["properties"]["forProvider"]["properties"]
    assert v1["status"]["properties"]["atProvider"]["properties"]["instanceId"]["type"] == "string"


def test_kinds_upjet_stores_at_an_older_version_are_stored_there() -> None:
    cluster = crds()[("redshift.aws.tfbridge.io", "Cluster")]
    assert [(v["name"], v["storage"], v.get("deprecated", False)) for v in cluster["spec"]["versions"]] == [
        ("v1beta1", True, False), ("v1beta2", False, False)]
    single = crds()[("ec2.aws.tfbridge.io", "VPC")]
    assert versions_of(single) == ["v1beta1"] and "conversion" not in single["spec"]
    namespaced = crds()[("s3.aws.m.tfbridge.io", "Bucket")]
    assert versions_of(namespaced) == ["v1beta1"] and "conversion" not in namespaced["spec"]
    assert schema_of(namespaced)["properties"]["spec"]["properties"]["forProvider"]["properties"][
        "objectLockConfiguration"]["type"] == "object", "namespaced kinds embed, as upjet's aws.m.upbound.io"


def test_name_identified_kinds_take_name_from_external_name() -> None:
    for key, field in ((("iam.aws.tfbridge.io", "Role"), "name"), (("s3.aws.tfbridge.io", "Bucket"), "bucket")):
        spec = crds()[key]["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
        assert field not in spec["properties"]["forProvider"]["properties"]
        assert "region" not in spec["properties"]["forProvider"]["properties"] or key[0].startswith("s3")


def test_provider_config_crd_comes_from_the_provider_block() -> None:
    crd = crds()[("aws.tfbridge.io", "ProviderConfig")]
    spec = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
    conf = spec["properties"]["configuration"]["properties"]
    assert {"region", "skipCredentialsValidation", "s3UsePathStyle", "endpoints"} <= set(conf)
    assert not {"accessKey", "secretKey", "token"} & set(conf), "credentials come only from the Secret"
    assert not {"sharedCredentialsFiles", "sharedConfigFiles", "customCaBundle"} & set(conf), "no local files"
    assert "webIdentityTokenFile" not in conf["assumeRoleWithWebIdentity"]["items"]["properties"]
    assert conf["region"]["pattern"]
    creds = spec["properties"]["credentials"]["properties"]
    assert creds["source"]["enum"] == ["None", "Secret", "IRSA", "WebIdentity", "PodIdentity", "Upbound"]
    assert set(creds["webIdentity"]["properties"]) == {"roleARN", "roleSessionName", "tokenConfig"}
    assert {"assumeRoleChain", "endpoint", "skip_credentials_validation", "s3_use_path_style"} <= set(
        spec["properties"])


def test_a_namespaced_provider_config_takes_upjets_spec_naming_its_own_namespace_or_none() -> None:
    """provider-upjet-aws's namespaced ProviderConfig requires a secretRef's namespace; ours takes it (the
    runtime refuses any but the ProviderConfig's own: tests/managed/test_tenants.py) or none."""
    spec = crds()[("aws.m.tfbridge.io", "ProviderConfig")]["spec"]["versions"][0]["schema"]["openAPIV3Schema"][
        "properties"]["spec"]
    token = spec["properties"]["credentials"]["properties"]["webIdentity"]["properties"]["tokenConfig"]
    assert set(token["properties"]["secretRef"]["properties"]) == {"name", "key", "namespace"}
    assert set(token["properties"]["secretRef"]["required"]) == {"name", "key"}
    assert "configuration" not in spec["properties"]
    assert {"assumeRoleChain", "endpoint"} <= set(spec["properties"])


def _spec(key: tuple[str, str]) -> dict[str, Any]:
    return schema_of(crds()[key])["properties"]["spec"]  # type: ignore[no-any-return]


def test_every_kind_has_a_namespaced_twin_with_the_same_arguments() -> None:
    cluster = {(g.removesuffix(".aws.tfbridge.io"), k) for g, k in CLUSTER_MANAGED}
    namespaced = {(g.removesuffix(NAMESPACED_ROOT), k) for g, k in MANAGED if g.endswith(NAMESPACED_ROOT)}
    assert cluster == namespaced and len(cluster) > 1000

    def same_arguments(key: tuple[str, str]) -> None:
        twin = (key[0].replace(NAMESPACED_ROOT, ".aws.tfbridge.io"), key[1])
        for section in ("forProvider", "initProvider"):
            assert set(_spec(key)["properties"][section]["properties"]) == set(
                _spec(twin)["properties"][section]["properties"]), section

    assert every.check_all("namespaced kinds", ((_name(k), k) for k in NAMESPACED), same_arguments) == len(cluster)


def test_namespaced_managed_crd_shape() -> None:
    crd = crds()[("ec2.aws.m.tfbridge.io", "VPC")]
    (version,) = crd["spec"]["versions"]
    props = _spec(("ec2.aws.m.tfbridge.io", "VPC"))["properties"]
    assert crd["metadata"]["name"] == "vpcs.ec2.aws.m.tfbridge.io" and version["name"] == "v1beta1"
    assert crd["spec"]["scope"] == "Namespaced"
    assert crd["spec"]["names"]["categories"] == ["crossplane", "managed", "aws"]
    assert [c["name"] for c in version["additionalPrinterColumns"]] == ["SYNCED", "READY", "EXTERNAL-NAME", "AGE"]
    assert "deletionPolicy" not in props, "management policies alone decide"
    assert props["providerConfigRef"]["default"] == {"kind": "ClusterProviderConfig", "name": "default"}
    assert set(props["providerConfigRef"]["properties"]) == {"kind", "name"}, "no namespace: never another's"
    assert set(props["writeConnectionSecretToRef"]["properties"]) == {"name"}
    subnet = _spec(("ec2.aws.m.tfbridge.io", "Subnet"))["properties"]["forProvider"]["properties"]
    assert set(subnet["vpcIdRef"]["properties"]) == {"name", "namespace", "policy"}
    assert set(subnet["vpcIdSelector"]["properties"]) == {"matchLabels", "matchControllerRef", "namespace", "policy"}
    assert subnet["vpcIdRef"]["properties"]["namespace"]["pattern"]


def test_namespaced_secret_references_name_no_namespace() -> None:
    found = []

    def secrets_name_no_namespace(key: tuple[str, str]) -> None:
        for path, node in _walk(_spec(key)):
            if path.endswith("SecretRef"):  # a key of a Secret, a list of them, or a whole Secret (a map's entries)
                ref = node["items"] if node.get("type") == "array" else node
                assert set(ref["properties"]) in ({"key", "name"}, {"name"}), path
                found.append((key, path))

    assert every.check_all("namespaced kinds", ((_name(k), k) for k in NAMESPACED), secrets_name_no_namespace) \
        == len(NAMESPACED)
    assert (("rds.aws.m.tfbridge.io", "Instance"), ".forProvider.passwordSecretRef") in found
    assert (("mwaa.aws.m.tfbridge.io", "Environment"), ".forProvider.airflowConfigurationOptionsSecretRef") in found
    assert (("elasticache.aws.m.tfbridge.io", "User"), ".forProvider.passwordsSecretRef") in found


def _namespaced_admission(key: tuple[str, str]) -> None:
    assert _admit(key, {}, providerConfigRef={"kind": "ProviderConfig", "name": "x/../default"})
    assert _admit(key, {}, providerConfigRef={"name": "team-a"}), "kind is required"
    assert not _admit(key, {}, providerConfigRef={"kind": "ProviderConfig", "name": "team-a"})
    assert _admit(key, {}, writeConnectionSecretToRef={"name": "A_B"})
    assert not _admit(key, {}, writeConnectionSecretToRef={"name": "conn.v1"})
    admitted, _ = openapi.admit(schema_of(crds()[key]), {
        "apiVersion": f"{key[0]}/v1beta1", "kind": key[1], "metadata": {"name": "x", "namespace": "team-a"},
        "spec": {"forProvider": {}, "writeConnectionSecretToRef": {"name": "c", "namespace": "team-b"}}})
    assert admitted["spec"]["writeConnectionSecretToRef"] == {"name": "c"}, "a namespace is pruned, never kept"


def test_namespaced_admission_refuses_hostile_names() -> None:
    """On the curated kinds' twins; every twin carries the same patterns in the same places (below), and
    `make test-sweep` admits these objects to every one."""
    cases = ((_name(k), k) for k in NAMESPACED_SAMPLE)
    assert every.check_all("namespaced kinds", cases, _namespaced_admission) == len(NAMESPACED_SAMPLE)


@pytest.mark.sweep
@pytest.mark.parametrize("key", NAMESPACED, ids=[_name(k) for k in NAMESPACED])
def test_namespaced_admission_refuses_hostile_names_per_kind(key: tuple[str, str]) -> None:
    _namespaced_admission(key)


def test_provider_config_kinds_of_both_scopes() -> None:
    scopes = {(g, k): crd["spec"]["scope"] for (g, k), crd in crds().items() if k in CONFIG_KINDS}
    assert scopes == {("aws.tfbridge.io", "ProviderConfig"): "Cluster",
                      ("aws.tfbridge.io", "ProviderConfigUsage"): "Cluster",
                      ("aws.m.tfbridge.io", "ProviderConfig"): "Namespaced",
                      ("aws.m.tfbridge.io", "ClusterProviderConfig"): "Cluster",
                      ("aws.m.tfbridge.io", "ProviderConfigUsage"): "Namespaced"}
    namespaced = _spec(("aws.m.tfbridge.io", "ProviderConfig"))["properties"]
    assert "configuration" not in namespaced, "the provider block is a cluster administrator's choice"
    assert set(namespaced["credentials"]["properties"]["secretRef"]["properties"]) == {"key", "name", "namespace"}
    cluster = _spec(("aws.m.tfbridge.io", "ClusterProviderConfig"))["properties"]
    assert "region" in cluster["configuration"]["properties"]
    assert set(cluster["credentials"]["properties"]["secretRef"]["properties"]) == {"key", "name", "namespace"}
    usage = _spec(("aws.m.tfbridge.io", "ProviderConfigUsage"))["properties"]
    assert usage["providerConfigRef"]["required"] == ["kind", "name"]


# Every region the aws 5.100 provider binary names, in every partition it knows.
REGIONS = ["af-south-1", "ap-east-1", "ap-northeast-1", "ap-northeast-2", "ap-northeast-3", "ap-south-1",
           "ap-south-2", "ap-southeast-1", "ap-southeast-2", "ap-southeast-3", "ap-southeast-4", "ap-southeast-5",
           "ap-southeast-7", "ca-central-1", "ca-west-1", "cn-north-1", "cn-northwest-1", "eu-central-1",
           "eu-central-2", "eu-isoe-west-1", "eu-north-1", "eu-south-1", "eu-south-2", "eu-west-1", "eu-west-2",
           "eu-west-3", "eusc-de-east-1", "il-central-1", "me-central-1", "me-south-1", "mx-central-1", "sa-east-1",
           "us-east-1", "us-east-2", "us-gov-east-1", "us-gov-west-1", "us-iso-east-1", "us-iso-west-1",
           "us-isob-east-1", "us-isof-east-1", "us-isof-south-1", "us-west-1", "us-west-2"]
HOSTILE_REGIONS = ['${file("/var/run/secrets/kubernetes.io/serviceaccount/token")}', "us-east-1 ", "us east 1",
                   "us-east-1/../x", "%{ for x in y }", "US-EAST-1", "", "us-east-1,eu-west-1",
                   # Shaped like a region, known to no partition: each would be a provider process of its own.
                   "us-east-9", "zz-nowhere-1"]
(REGION,) = [f for f in AWS.provider.injected_fields if f.name == "region"]
# What admission checks a region against, on every kind that has one (the tests below prove it).
REGION_RULE = {"type": "string", "pattern": REGION.pattern}


def _walk(schema: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    yield path, schema
    for name, sub in (schema.get("properties") or {}).items():
        yield from _walk(sub, f"{path}.{name}")
    if isinstance(schema.get("items"), dict):
        yield from _walk(schema["items"], f"{path}[]")
    if isinstance(schema.get("additionalProperties"), dict):
        yield from _walk(schema["additionalProperties"], f"{path}{{}}")


def _admit(key: tuple[str, str], for_provider: dict[str, Any], version: str = "", **spec: Any) -> list[str]:
    obj = {"apiVersion": f"{key[0]}/v1", "kind": key[1], "metadata": {"name": "x"},
           "spec": {"forProvider": for_provider, **spec}}
    return openapi.admit(schema_of(crds()[key], version), obj)[1]


def _versions(keys: list[tuple[str, str]]) -> list[tuple[tuple[str, str], str]]:
    """Each kind with each version it serves."""
    return [(key, v) for key in keys for v in versions_of(crds()[key])]


def _admission(case: tuple[tuple[str, str], str]) -> None:
    key, version = case
    spec = schema_of(crds()[key], version)["properties"]["spec"]
    for_provider = spec["properties"]["forProvider"]["properties"]
    if (for_provider.get("region") or {}).get("type") == "string":  # a block of that name is a resource argument
        assert [r for r in REGIONS if _admit(key, {"region": r}, version)] == [], "every real region is admitted"
        assert [r for r in HOSTILE_REGIONS if not _admit(key, {"region": r}, version)] == [], "no hostile one is"
    assert _admit(key, {}, version, providerConfigRef={"name": "../../../../api/v1/namespaces/x/secrets/aws-creds"})
    assert _admit(key, {}, version, providerConfigRef={"name": "x/../default"})
    assert not _admit(key, {}, version, providerConfigRef={"name": "team-a.default"})
    assert _admit(key, {}, version, writeConnectionSecretToRef={"name": "a", "namespace": "kube-system/../x"})
    assert _admit(key, {}, version, writeConnectionSecretToRef={"name": "A_B", "namespace": "x"})
    assert not _admit(key, {}, version, writeConnectionSecretToRef={"name": "conn.v1", "namespace": "team-a"})
    refs = [name for name, sub in for_provider.items() if _reference_shape(sub)]
    for name in refs:
        many = for_provider[name].get("type") == "array"
        if _reference_shape(for_provider[name]) == "selector":
            hostile: Any = {"matchLabels": {"team": "a,team!=a"}}
            good: Any = {"matchLabels": {"team": "a", "example.com/tier": "web-1"}}
        else:
            hostile = [{"name": "x/../my-vpc"}] if many else {"name": "x/../my-vpc"}
            good = [{"name": "my-vpc"}] if many else {"name": "my-vpc"}
        assert _admit(key, {name: hostile}, version), f"{name} refuses {hostile}"
        assert not _admit(key, {name: good}, version), f"{name} admits {good}"
    for path, node in _walk(spec):
        props = set(node.get("properties") or {})
        # A Secret's key or a whole Secret (a schema argument may have name and namespace fields of its own).
        if node.get("type") == "object" and {"name", "namespace"} <= props <= {"key", "name", "namespace"}:
            assert node["properties"]["namespace"]["pattern"] and node["properties"]["name"]["maxLength"], path


def test_admission_refuses_hostile_names_and_regions_and_accepts_real_ones() -> None:
    """On the curated kinds: admission applies the rules a CRD carries. That every kind carries the same rules
    in the same places, and what those rules admit, is proven below for every kind; `make test-sweep` admits
    these objects to every kind."""
    cases = _versions(CURATED)
    assert every.check_all("kind versions", ((f"{_name(k)}/{v}", (k, v)) for k, v in cases), _admission) \
        == len(cases) >= len(CURATED)


@pytest.mark.sweep
@pytest.mark.parametrize("key", CLUSTER_MANAGED, ids=[_name(k) for k in CLUSTER_MANAGED])
def test_admission_refuses_hostile_names_and_regions_and_accepts_real_ones_per_kind(key: tuple[str, str]) -> None:
    for version in versions_of(crds()[key]):
        _admission((key, version))


def _reference_shape(node: dict[str, Any]) -> str | None:
    """"reference" or "selector" for the fields tfbridge adds to pick another object, by their schema's shape
    (a schema argument may be named like one: cloudtrail's advancedEventSelector)."""
    item = node.get("items", node)
    props = set(item.get("properties") or {})
    if props == {"name", "policy"} and item["properties"]["policy"].get("type") == "object":
        return "reference"
    if {"matchLabels", "matchControllerRef"} <= props:
        return "selector"
    return None


def _rule(node: dict[str, Any]) -> dict[str, Any]:
    """What admission checks a value against: the node without its description."""
    return {k: v for k, v in node.items() if k != "description"}


def _carries_the_name_and_region_rules(case: tuple[tuple[str, str], str]) -> None:
    """Where an object names a ProviderConfig, a Secret, a namespace, a referenced object or a label value,
    and where it gives a region, its CRD carries exactly the rule the tests of the patterns exercise."""
    key, version = case
    spec = schema_of(crds()[key], version)["properties"]["spec"]
    props = spec["properties"]
    namespaced = key[0].endswith(NAMESPACED_ROOT)
    region = props["forProvider"]["properties"].get("region") or {}
    if region.get("type") == "string":  # a block of that name is a resource argument
        assert _rule(region) == REGION_RULE, "forProvider.region"
    config_ref = props["providerConfigRef"]
    assert _rule(config_ref["properties"]["name"]) == crd.DNS_SUBDOMAIN, "providerConfigRef.name"
    assert config_ref["required"] == (["kind", "name"] if namespaced else ["name"]), "providerConfigRef.required"
    connection = props["writeConnectionSecretToRef"]["properties"]
    assert _rule(connection["name"]) == crd.DNS_SUBDOMAIN, "writeConnectionSecretToRef.name"
    if namespaced:
        assert set(connection) == {"name"}, "a namespaced kind's connection Secret is in its own namespace"
    else:
        assert _rule(connection["namespace"]) == crd.DNS_LABEL, "writeConnectionSecretToRef.namespace"
    for path, node in _walk(spec):
        shape = _reference_shape(node)
        item = node.get("items", node)
        if shape == "reference":
            assert _rule(item["properties"]["name"]) == crd.DNS_SUBDOMAIN, f"{path}.name"
        elif shape == "selector":
            assert item["properties"]["matchLabels"]["additionalProperties"] == crd.LABEL_VALUE, f"{path}.matchLabels"
        if shape and namespaced:
            assert _rule(item["properties"]["namespace"]) == crd.DNS_LABEL, f"{path}.namespace"


def test_every_kind_carries_the_name_and_region_rules_where_it_names_an_object() -> None:
    cases = _versions(MANAGED)
    assert every.check_all("kind versions", ((f"{_name(k)}/{v}", (k, v)) for k, v in cases),
                           _carries_the_name_and_region_rules) == len(cases) >= len(MANAGED)


@pytest.mark.parametrize("pattern", [REGION.pattern, syntax.DNS_SUBDOMAIN, syntax.DNS_LABEL, syntax.LABEL_VALUE,
                                     syntax.SECRET_KEY])
def test_every_admission_pattern_is_anchored(pattern: str) -> None:
    """Anchored at both ends, a pattern means the same to the API server (RE2: ``$`` is the end of the value)
    as to the tests below (``re.fullmatch``)."""
    assert pattern.startswith("^") and pattern.endswith("$")


def _admits(rule: dict[str, Any], value: str) -> bool:
    """Whether the API server admits ``value`` against ``rule``: its length, and its pattern over the whole
    value (RE2's ``$``; Python's ``re.search`` would let a trailing newline through)."""
    return len(value) <= rule.get("maxLength", len(value)) and re.fullmatch(rule["pattern"], value) is not None


def test_the_region_rule_admits_every_real_region_and_no_hostile_one() -> None:
    assert [r for r in REGIONS if not _admits(REGION_RULE, r)] == []
    assert [r for r in HOSTILE_REGIONS if _admits(REGION_RULE, r)] == []
    # The same through the local API server's admission of a real kind.
    vpc = ("ec2.aws.tfbridge.io", "VPC")
    assert [r for r in REGIONS if _admit(vpc, {"region": r})] == []
    assert [r for r in HOSTILE_REGIONS if not _admit(vpc, {"region": r})] == []


def test_the_name_rules_refuse_paths_and_selector_syntax() -> None:
    for value in ("../../../../api/v1/namespaces/x/secrets/aws-creds", "x/../default", "kube-system/../x",
                  "x/../my-vpc", "A_B", "", "a" * 254):
        assert not _admits(crd.DNS_SUBDOMAIN, value), value
    for value in ("team-a.default", "conn.v1", "my-vpc", "a"):
        assert _admits(crd.DNS_SUBDOMAIN, value), value
    for value in ("kube-system/../x", "team.a", "A", "a" * 64):
        assert not _admits(crd.DNS_LABEL, value), value
    for value in ("a,team!=a", "a b", "a=b", "(a)", "-a", "a" * 64):
        assert not _admits(crd.LABEL_VALUE, value), value
    for value in ("a", "web-1", "A_b.c", ""):
        assert _admits(crd.LABEL_VALUE, value), value
    for value in ("../k", "a/b", "a b", ""):
        assert not _admits(crd.SECRET_KEY, value), value


# Characters that would let a value name a path, leave a quoted context, or extend a selector or a list.
_HOSTILE_CHARACTERS = "/\\ \t\n\r,=!()${}%\"'*?&|;:#@"
_LABEL = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=63).filter(
    lambda s: s[0] != "-" and s[-1] != "-")


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_no_value_the_name_and_region_rules_admit_holds_a_path_or_selector_syntax(value: str) -> None:
    for rule in (crd.DNS_SUBDOMAIN, crd.DNS_LABEL, crd.LABEL_VALUE, crd.SECRET_KEY, REGION_RULE):
        if _admits(rule, value):
            assert not set(value) & set(_HOSTILE_CHARACTERS) and value.isascii(), rule["pattern"]
    if _admits(crd.DNS_SUBDOMAIN, value):
        assert ".." not in value and not value.startswith((".", "-")) and value == value.lower()


@settings(max_examples=200, deadline=None)
@given(st.lists(_LABEL, min_size=1, max_size=5), st.sampled_from(_HOSTILE_CHARACTERS), st.integers(0, 300))
def test_the_name_rules_admit_every_kubernetes_name_and_refuse_it_with_any_hostile_character(
        labels: list[str], bad: str, at: int) -> None:
    """Names built from RFC 1123's grammar, not from the pattern: each is admitted (within its length), and
    refused with one hostile character anywhere in it."""
    subdomain = ".".join(labels)
    assert _admits(crd.DNS_SUBDOMAIN, subdomain) is (len(subdomain) <= syntax.MAX_SUBDOMAIN)
    assert _admits(crd.DNS_LABEL, labels[0])
    at %= len(subdomain) + 1
    for rule, value in ((crd.DNS_SUBDOMAIN, subdomain), (crd.DNS_LABEL, labels[0]), (crd.LABEL_VALUE, labels[0]),
                        (crd.SECRET_KEY, subdomain)):
        assert not _admits(rule, value[:at] + bad + value[at:]), rule["pattern"]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(REGIONS), st.sampled_from(_HOSTILE_CHARACTERS + "A.._"), st.integers(0, 20))
def test_the_region_rule_refuses_a_real_region_with_any_hostile_character(region: str, bad: str, at: int) -> None:
    at %= len(region) + 1
    assert not _admits(REGION_RULE, region[:at] + bad + region[at:])


def test_every_reference_and_secret_name_carries_kubernetes_syntax() -> None:
    unchecked = []
    for key, crd_doc in sorted(crds().items()):
        for path, node in (p for v in versions_of(crd_doc) for p in _walk(schema_of(crd_doc, v))):
            leaf = path.rsplit(".", 1)[-1]
            parent = path.rsplit(".", 2)[-2] if path.count(".") >= 2 else ""
            named = leaf in ("name", "namespace") and (parent.endswith(("Ref", "Ref[]", "Refs[]", "secretRef"))
                                                       or parent in ("providerConfigRef", "writeConnectionSecretToRef"))
            if named and not node.get("pattern"):
                unchecked.append(f"{key[1]}{path}")
    assert unchecked == []


@functools.cache
def examples() -> dict[Path, dict[str, Any]]:
    """Every generated example, both scopes', parsed once."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return {p: yaml.load(p.read_text(), Loader=loader) for p in sorted((AWS_DIR / "examples").rglob("*.yaml"))}


def _required(crd_doc: dict[str, Any]) -> list[str]:
    rules = schema_of(crd_doc)["properties"]["spec"].get("x-kubernetes-validations") or []
    return [m.group(1) for r in rules if (m := re.search(r"has\(self\.forProvider\.(\w+)\)", r["rule"]))]


def _validates_against_its_crd(manifest: dict[str, Any]) -> None:
    crd_doc = crds()[(manifest["apiVersion"].split("/")[0], manifest["kind"])]
    assert manifest["apiVersion"].split("/")[1] == next(v["name"] for v in crd_doc["spec"]["versions"] if v["storage"])
    admitted, errors = openapi.admit(schema_of(crd_doc), manifest)
    assert errors == []
    assert admitted["spec"]["forProvider"] == manifest["spec"]["forProvider"], "nothing may be pruned"
    assert admitted["spec"].get("initProvider") == manifest["spec"].get("initProvider"), "nothing may be pruned"
    # A required argument given at create only (initProvider) satisfies the CRD's rule as well.
    given = {**manifest["spec"].get("initProvider", {}), **manifest["spec"]["forProvider"]}
    assert [f for f in _required(crd_doc) if f not in given] == [], "required parameters"


def test_every_example_validates_against_its_crd() -> None:
    cases = ((str(p.relative_to(AWS_DIR / "examples")), m) for p, m in examples().items())
    assert every.check_all("examples", cases, _validates_against_its_crd) == len(MANAGED)


def test_every_kind_has_an_example() -> None:
    made = [(m["apiVersion"].split("/")[0], m["kind"]) for m in examples().values()]
    assert sorted(made) == MANAGED, "one example per kind"


def test_built_examples_fill_required_arguments_and_reference_other_examples() -> None:
    provider = dataclasses.replace(synthetic.provider(), resources={
        **synthetic.provider().resources,
        "demo_thing": dataclasses.replace(synthetic.provider().resources["demo_thing"], example=None)})
    doc = synthetic.document()
    thing = doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_thing"]["block"]
    thing["attributes"]["network_id"] = synthetic.attr("string", required=True)
    generated = pipeline.generate(provider, s.document(doc, synthetic.SOURCE))
    example = yaml.safe_load(generated.files["examples/core/v1alpha1/thing.yaml"])
    assert example["spec"]["forProvider"] == {
        "listB": [{"port": 1}], "networkIdRef": {"name": "example-network"}, "region": "eu-1"}
    network = yaml.safe_load(generated.files["examples/network/v1alpha1/network.yaml"])
    assert network["metadata"]["name"] == "example-network"
    assert network["spec"]["forProvider"] == {"cidr": "10.0.0.0/16"}


AWS_FILES = dataclasses.replace(AWS.provider, include=("aws_s3_object", "aws_lambda_function",
                                                       "aws_lambda_layer_version", "aws_vpc"), resources={})


def test_arguments_that_read_local_files_are_not_in_any_crd() -> None:
    doc = s.load_document(AWS_DIR / AWS.provider.schema_file, AWS.provider.registry_source)
    generated = pipeline.generate(AWS_FILES, doc)
    for path, argument in (("s3/s3.aws.tfbridge.io_objects.yaml", "source"),
                           ("lambda/lambda.aws.tfbridge.io_functions.yaml", "filename"),
                           ("lambda/lambda.aws.tfbridge.io_layerversions.yaml", "filename")):
        spec = schema_of(yaml.safe_load(generated.files[f"crds/{path}"]))["properties"]["spec"]["properties"]
        assert argument not in spec["forProvider"]["properties"] and argument not in spec["initProvider"]["properties"]
        assert "content" in spec["forProvider"]["properties"] or "s3Key" in spec["forProvider"]["properties"]


def test_a_crd_over_the_size_limit_is_refused_unless_excluded() -> None:
    doc = s.document(synthetic.document(), synthetic.SOURCE)
    too_large = r"demo_thing \(core\.demo\.tfbridge\.io\): its CRD is 0\.\d\d MiB, over"
    with pytest.raises(pipeline.GenerationError, match=too_large):
        pipeline.generate(synthetic.provider(), doc, crd_size_limit=8_000)
    excluded = synthetic.provider(exclude={"demo_thing": Exclusion(Reason.CRD_TOO_LARGE)}, resources={})
    generated = pipeline.generate(excluded, doc, crd_size_limit=8_000)
    assert [k.tf_type for k in generated.kinds] == ["demo_network"]
    with pytest.raises(pipeline.GenerationError, match="demo_thing: excluded as CRDTooLarge, but the CRD fits"):
        pipeline.generate(excluded, doc)


def test_crd_digest_changes_with_what_the_crd_is_made_from() -> None:
    doc = synthetic.document()
    base = pipeline.generate(synthetic.provider(), s.document(doc, synthetic.SOURCE))
    changed = copy.deepcopy(doc)
    changed["provider_schemas"][synthetic.SOURCE]["resource_schemas"]["demo_network"]["block"]["attributes"][
        "extra"] = synthetic.attr("string", optional=True)
    other = pipeline.generate(synthetic.provider(), s.document(changed, synthetic.SOURCE))

    def digest(g: pipeline.Generated, path: str) -> str:
        return str(yaml.safe_load(g.files[path])["metadata"]["labels"]["tfbridge.io/schema-digest"])

    network = "crds/network/network.demo.tfbridge.io_networks.yaml"
    thing = "crds/core/core.demo.tfbridge.io_things.yaml"
    assert digest(base, network) != digest(other, network)
    assert digest(base, thing) == digest(other, thing)


def _thing_docs(text: str) -> tfdocs.Docs:
    described = {p: text for p in ("size", "enabled", "list_b.port", "list_b.label", "set_b.port", "map_b.label")}
    return tfdocs.Docs("test", {"demo_thing": tfdocs.ResourceDocs("A documented thing.", described),
                                "demo_network": tfdocs.ResourceDocs("A documented network.")})


def test_documentation_texts_change_no_digest_and_the_schemas_own_description_wins() -> None:
    doc = s.document(synthetic.document(), synthetic.SOURCE)
    plain = pipeline.generate(synthetic.provider(), doc)
    described = pipeline.generate(synthetic.provider(), doc, docs=_thing_docs("Documented."))
    thing = "crds/core/core.demo.tfbridge.io_things.yaml"
    network = "crds/network/network.demo.tfbridge.io_networks.yaml"
    before, after = yaml.safe_load(plain.files[thing]), yaml.safe_load(described.files[thing])
    assert before["metadata"]["labels"] == after["metadata"]["labels"], "the runtime never reads the texts"
    for_provider = schema_of(after)["properties"]["spec"]["properties"]["forProvider"]["properties"]
    assert for_provider["size"]["description"] == "Documented."
    assert schema_of(after)["description"] == "A thing.", "the schema describes this kind itself"
    assert schema_of(yaml.safe_load(described.files[network]))["description"] == "A documented network."
    coverage = {k.kind: k.for_provider for k in described.kinds}
    assert coverage["Thing"].described > {k.kind: k.for_provider for k in plain.kinds}["Thing"].described


def test_a_crd_the_texts_would_make_too_large_is_served_without_them() -> None:
    doc = s.document(synthetic.document(), synthetic.SOURCE)
    plain = {k.kind: k.stored_bytes for k in pipeline.generate(synthetic.provider(), doc).kinds}
    limit = max(plain.values()) + 500
    described = pipeline.generate(synthetic.provider(), doc, docs=_thing_docs("x " * 2000), crd_size_limit=limit)
    sizes = {k.kind: k.stored_bytes for k in described.kinds}
    assert sizes["Thing"] == plain["Thing"], "the kind stays servable, without the texts"
    network = yaml.safe_load(described.files["crds/network/network.demo.tfbridge.io_networks.yaml"])
    assert schema_of(network)["description"] == "A documented network.", "a kind the texts fit keeps them"


@pytest.mark.parametrize("group", ["networkmanager.aws.tfbridge.io", "networkmanager.aws.m.tfbridge.io"])
def test_a_global_services_kind_takes_a_region_without_requiring_one(group: str) -> None:
    """provider-upjet-aws's GlobalNetwork has no region: ours takes a manifest without one (its region is
    the service's, us-west-2), and still checks one that is given."""
    spec = schema_of(crds()[(group, "GlobalNetwork")])["properties"]["spec"]
    region = spec["properties"]["forProvider"]["properties"]["region"]
    assert _rule(region) == REGION_RULE
    assert "us-west-2" in region["description"]
    assert not any("region" in v["rule"] for v in spec.get("x-kubernetes-validations", []))
    vpc = schema_of(crds()[(group.replace("networkmanager", "ec2"), "VPC")])["properties"]["spec"]
    assert any("has(self.forProvider.region)" in v["rule"] for v in vpc["x-kubernetes-validations"])


def test_a_kind_serving_its_identifier_takes_it_in_forprovider_alone_and_never_requires_it() -> None:
    """An App Mesh route's name is its external name, and provider-upjet-aws's manifests give it in forProvider
    too: ours take it there (optional), never in initProvider (an identifier is no create-only value)."""
    spec = schema_of(crds()[("appmesh.aws.tfbridge.io", "Route")])["properties"]["spec"]
    assert spec["properties"]["forProvider"]["properties"]["name"]["type"] == "string"
    assert "name" not in spec["properties"]["initProvider"]["properties"]
    assert not any("forProvider.name " in v["message"] for v in spec.get("x-kubernetes-validations", []))
    mesh = schema_of(crds()[("appmesh.aws.tfbridge.io", "Mesh")])["properties"]["spec"]
    assert "name" not in mesh["properties"]["forProvider"]["properties"], "a kind that does not serve it"
