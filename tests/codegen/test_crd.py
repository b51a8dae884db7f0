import copy
import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from codegen import pipeline, structural
from devserver import openapi
from devserver.manifests import crd_manifests
from tests.support import synthetic
from tests.support.packages import AWS, AWS_CURATED_NAMESPACED
from tfconfig import Exclusion, Reason
from tfschema import docs as tfdocs
from tfschema import schema as s

AWS_DIR = Path(__file__).resolve().parents[2] / "providers" / "aws"


def load_crds() -> dict[tuple[str, str], dict[str, Any]]:
    return {(doc["spec"]["group"], doc["spec"]["names"]["kind"]): doc for doc in crd_manifests(AWS_DIR / "crds")}


CRDS = load_crds()
CONFIG_KINDS = ("ProviderConfig", "ClusterProviderConfig", "ProviderConfigUsage")
NAMESPACED_ROOT = ".aws.m.tfbridge.io"
MANAGED = sorted(k for k in CRDS if k[1] not in CONFIG_KINDS)
CLUSTER_MANAGED = [k for k in MANAGED if not k[0].endswith(NAMESPACED_ROOT)]
# The namespaced twins are rendered by the same code from the same field trees: the per-kind checks run
# on the curated kinds' twins (every twin is still checked structural by the generator itself).
NAMESPACED_SAMPLE = sorted((k.config.group, k.kind) for k in AWS_CURATED_NAMESPACED.kinds)
CHECKED = sorted({*CLUSTER_MANAGED, *NAMESPACED_SAMPLE, *(k for k in CRDS if k[1] in CONFIG_KINDS)})


def schema_of(crd: dict[str, Any], version: str = "") -> dict[str, Any]:
    """The schema of ``version`` (default: the one objects are stored at)."""
    (entry,) = (v for v in crd["spec"]["versions"] if v["name"] == version or (not version and v["storage"]))
    return entry["schema"]["openAPIV3Schema"]  # type: ignore[no-any-return]


def versions_of(crd: dict[str, Any]) -> list[str]:
    return [v["name"] for v in crd["spec"]["versions"]]


@pytest.mark.parametrize("key", CHECKED, ids=[f"{g}/{k}" for g, k in CHECKED])
def test_generated_crd_is_structural(key: tuple[str, str]) -> None:
    assert structural.crd_violations(CRDS[key]) == []


def test_every_synthetic_nesting_mode_is_structural() -> None:
    generated = pipeline.generate(synthetic.provider(), s.document(synthetic.document(), synthetic.SOURCE))
    crds = [yaml.safe_load(t) for p, t in generated.files.items() if p.startswith("crds/") and "kustom" not in p]
    assert len(crds) == 4  # two kinds, ProviderConfig, ProviderConfigUsage (no namespaced kinds)
    assert generated.violations == []
    assert all(structural.crd_violations(c) == [] for c in crds)


def test_managed_crd_shape() -> None:
    crd = CRDS[("ec2.aws.tfbridge.io", "VPC")]
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
    bucket = CRDS[("s3.aws.tfbridge.io", "Bucket")]
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
    table = schema_of(CRDS[("dynamodb.aws.tfbridge.io", "Table")])["properties"]["spec"]["properties"]["forProvider"]
    assert table["properties"]["ttl"]["type"] == "object", "max_items 1: an object"
    assert table["properties"]["attribute"]["type"] == "array", "any number: a list"


def test_older_versions_serve_the_names_upjet_gave_renamed_arguments() -> None:
    instance = CRDS[("rds.aws.tfbridge.io", "Instance")]
    assert versions_of(instance) == ["v1beta1", "v1beta2", "v1beta3"]
    for version, names in (("v1beta1", {"dbName", "name"}), ("v1beta2", {"dbName"}), ("v1beta3", {"dbName"})):
        for part in ("forProvider", "initProvider"):
            props = schema_of(instance, version)["properties"]["spec"]["properties"][part]["properties"]
            assert {"dbName", "name"} & set(props) == names, (version, part)
    # A route's observed instanceId is its own field: the old name of its network interface is spec-only.
    route = CRDS[("ec2.aws.tfbridge.io", "Route")]
    v1 = schema_of(route, "v1beta1")["properties"]
    assert "instanceId" in v1["spec"]["properties"]["forProvider"]["properties"]
    assert "instanceId" not in schema_of(route)["properties"]["spec"]["properties"]["forProvider"]["properties"]
    assert v1["status"]["properties"]["atProvider"]["properties"]["instanceId"]["type"] == "string"


def test_kinds_upjet_stores_at_an_older_version_are_stored_there() -> None:
    cluster = CRDS[("redshift.aws.tfbridge.io", "Cluster")]
    assert [(v["name"], v["storage"], v.get("deprecated", False)) for v in cluster["spec"]["versions"]] == [
        ("v1beta1", True, False), ("v1beta2", False, False)]
    single = CRDS[("ec2.aws.tfbridge.io", "VPC")]
    assert versions_of(single) == ["v1beta1"] and "conversion" not in single["spec"]
    namespaced = CRDS[("s3.aws.m.tfbridge.io", "Bucket")]
    assert versions_of(namespaced) == ["v1beta1"] and "conversion" not in namespaced["spec"]
    assert schema_of(namespaced)["properties"]["spec"]["properties"]["forProvider"]["properties"][
        "objectLockConfiguration"]["type"] == "object", "namespaced kinds embed, as upjet's aws.m.upbound.io"


def test_name_identified_kinds_take_name_from_external_name() -> None:
    for key, field in ((("iam.aws.tfbridge.io", "Role"), "name"), (("s3.aws.tfbridge.io", "Bucket"), "bucket")):
        spec = CRDS[key]["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
        assert field not in spec["properties"]["forProvider"]["properties"]
        assert "region" not in spec["properties"]["forProvider"]["properties"] or key[0].startswith("s3")


def test_provider_config_crd_comes_from_the_provider_block() -> None:
    crd = CRDS[("aws.tfbridge.io", "ProviderConfig")]
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


def test_a_namespaced_provider_config_takes_upjets_spec_without_naming_a_namespace() -> None:
    spec = CRDS[("aws.m.tfbridge.io", "ProviderConfig")]["spec"]["versions"][0]["schema"]["openAPIV3Schema"][
        "properties"]["spec"]
    token = spec["properties"]["credentials"]["properties"]["webIdentity"]["properties"]["tokenConfig"]
    assert set(token["properties"]["secretRef"]["properties"]) == {"name", "key"}, "a Secret of its own namespace"
    assert "configuration" not in spec["properties"]
    assert {"assumeRoleChain", "endpoint"} <= set(spec["properties"])


def _spec(key: tuple[str, str]) -> dict[str, Any]:
    return schema_of(CRDS[key])["properties"]["spec"]  # type: ignore[no-any-return]


def test_every_kind_has_a_namespaced_twin_with_the_same_arguments() -> None:
    cluster = {(g.removesuffix(".aws.tfbridge.io"), k) for g, k in CLUSTER_MANAGED}
    namespaced = {(g.removesuffix(NAMESPACED_ROOT), k) for g, k in MANAGED if g.endswith(NAMESPACED_ROOT)}
    assert cluster == namespaced and len(cluster) > 1000
    for group, kind in NAMESPACED_SAMPLE:
        twin = (group.replace(NAMESPACED_ROOT, ".aws.tfbridge.io"), kind)
        for section in ("forProvider", "initProvider"):
            assert set(_spec((group, kind))["properties"][section]["properties"]) == set(
                _spec(twin)["properties"][section]["properties"]), f"{kind}.{section}"


def test_namespaced_managed_crd_shape() -> None:
    crd = CRDS[("ec2.aws.m.tfbridge.io", "VPC")]
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
    for key in (*NAMESPACED_SAMPLE, ("rds.aws.m.tfbridge.io", "Instance")):
        for path, node in _walk(_spec(key)):
            if path.endswith("SecretRef"):
                assert set(node["properties"]) == {"key", "name"}, f"{key[1]}{path}"
                found.append(path)
    assert ".forProvider.passwordSecretRef" in found


@pytest.mark.parametrize("key", NAMESPACED_SAMPLE, ids=[f"{g}/{k}" for g, k in NAMESPACED_SAMPLE])
def test_namespaced_admission_refuses_hostile_names(key: tuple[str, str]) -> None:
    assert _admit(key, {}, providerConfigRef={"kind": "ProviderConfig", "name": "x/../default"})
    assert _admit(key, {}, providerConfigRef={"name": "team-a"}), "kind is required"
    assert not _admit(key, {}, providerConfigRef={"kind": "ProviderConfig", "name": "team-a"})
    assert _admit(key, {}, writeConnectionSecretToRef={"name": "A_B"})
    assert not _admit(key, {}, writeConnectionSecretToRef={"name": "conn.v1"})
    admitted, _ = openapi.admit(schema_of(CRDS[key]), {
        "apiVersion": f"{key[0]}/v1beta1", "kind": key[1], "metadata": {"name": "x", "namespace": "team-a"},
        "spec": {"forProvider": {}, "writeConnectionSecretToRef": {"name": "c", "namespace": "team-b"}}})
    assert admitted["spec"]["writeConnectionSecretToRef"] == {"name": "c"}, "a namespace is pruned, never kept"


def test_provider_config_kinds_of_both_scopes() -> None:
    scopes = {(g, k): CRDS[(g, k)]["spec"]["scope"] for g, k in CRDS if k in CONFIG_KINDS}
    assert scopes == {("aws.tfbridge.io", "ProviderConfig"): "Cluster",
                      ("aws.tfbridge.io", "ProviderConfigUsage"): "Cluster",
                      ("aws.m.tfbridge.io", "ProviderConfig"): "Namespaced",
                      ("aws.m.tfbridge.io", "ClusterProviderConfig"): "Cluster",
                      ("aws.m.tfbridge.io", "ProviderConfigUsage"): "Namespaced"}
    namespaced = _spec(("aws.m.tfbridge.io", "ProviderConfig"))["properties"]
    assert "configuration" not in namespaced, "the provider block is a cluster administrator's choice"
    assert set(namespaced["credentials"]["properties"]["secretRef"]["properties"]) == {"key", "name"}
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
    return openapi.admit(schema_of(CRDS[key], version), obj)[1]


CLUSTER_VERSIONS = [(key, v) for key in CLUSTER_MANAGED for v in versions_of(CRDS[key])]


@pytest.mark.parametrize(("key", "version"), CLUSTER_VERSIONS, ids=[f"{g}/{v}/{k}" for (g, k), v in CLUSTER_VERSIONS])
def test_admission_refuses_hostile_names_and_regions_and_accepts_real_ones(key: tuple[str, str], version: str) -> None:
    spec = schema_of(CRDS[key], version)["properties"]["spec"]
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


def test_every_reference_and_secret_name_carries_kubernetes_syntax() -> None:
    unchecked = []
    for key, version in [(k, v) for k in sorted(CRDS) for v in versions_of(CRDS[k])]:
        for path, node in _walk(schema_of(CRDS[key], version)):
            leaf = path.rsplit(".", 1)[-1]
            parent = path.rsplit(".", 2)[-2] if path.count(".") >= 2 else ""
            named = leaf in ("name", "namespace") and (parent.endswith(("Ref", "Ref[]", "Refs[]", "secretRef"))
                                                       or parent in ("providerConfigRef", "writeConnectionSecretToRef"))
            if named and not node.get("pattern"):
                unchecked.append(f"{key[1]}{path}")
    assert unchecked == []


ALL_EXAMPLES = sorted((AWS_DIR / "examples").rglob("*.yaml"))
_SAMPLED = {f"{k.config.short_group}/namespaced/{k.config.version}/{k.kind.lower()}.yaml"
            for k in AWS_CURATED_NAMESPACED.kinds}
EXAMPLES = [p for p in ALL_EXAMPLES if "namespaced" not in p.parts
            or str(p.relative_to(AWS_DIR / "examples")) in _SAMPLED]


def _required(crd: dict[str, Any]) -> list[str]:
    rules = schema_of(crd)["properties"]["spec"].get("x-kubernetes-validations") or []
    return [m.group(1) for r in rules if (m := re.search(r"has\(self\.forProvider\.(\w+)\)", r["rule"]))]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_validates_against_its_crd(path: Path) -> None:
    manifest = yaml.safe_load(path.read_text())
    crd = CRDS[(manifest["apiVersion"].split("/")[0], manifest["kind"])]
    assert manifest["apiVersion"].split("/")[1] == next(v["name"] for v in crd["spec"]["versions"] if v["storage"])
    admitted, errors = openapi.admit(schema_of(crd), manifest)
    assert errors == []
    assert admitted["spec"]["forProvider"] == manifest["spec"]["forProvider"], "nothing may be pruned"
    assert admitted["spec"].get("initProvider") == manifest["spec"].get("initProvider"), "nothing may be pruned"
    # A required argument given at create only (initProvider) satisfies the CRD's rule as well.
    given = {**manifest["spec"].get("initProvider", {}), **manifest["spec"]["forProvider"]}
    assert [f for f in _required(crd) if f not in given] == [], "required parameters"


def test_every_kind_has_an_example() -> None:
    assert {(yaml.safe_load(p.read_text())["apiVersion"].split("/")[0], yaml.safe_load(p.read_text())["kind"])
            for p in ALL_EXAMPLES} == set(MANAGED)


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
