from pathlib import Path
from typing import Any

import pytest
import yaml

from codegen import pipeline, structural
from codegen import schema as s
from devserver import openapi
from devserver.manifests import crd_manifests
from tests.codegen import synthetic

AWS = Path(__file__).resolve().parents[2] / "providers" / "aws"


def load_crds() -> dict[tuple[str, str], dict[str, Any]]:
    return {(doc["spec"]["group"], doc["spec"]["names"]["kind"]): doc for doc in crd_manifests(AWS / "crds")}


CRDS = load_crds()


@pytest.mark.parametrize("key", sorted(CRDS), ids=[f"{g}/{k}" for g, k in sorted(CRDS)])
def test_committed_crd_is_structural(key: tuple[str, str]) -> None:
    assert structural.crd_violations(CRDS[key]) == []


def test_every_synthetic_nesting_mode_is_structural() -> None:
    generated = pipeline.generate(synthetic.provider(), s.parse(synthetic.document(), synthetic.SOURCE))
    crds = [yaml.safe_load(t) for p, t in generated.files.items() if p.startswith("crds/") and "kustom" not in p]
    assert len(crds) == 4  # two kinds, ProviderConfig, ProviderConfigUsage
    assert generated.violations == []
    assert all(structural.crd_violations(c) == [] for c in crds)


@pytest.mark.parametrize(
    ("schema", "violation"),
    [
        pytest.param({"type": "object", "properties": {"a": {}}}, ".a: type is missing", id="MissingType"),
        pytest.param({"type": "object", "properties": {"a": {"type": "object", "properties": {},
                                                              "additionalProperties": {"type": "string"}}}},
                     ".a: properties and additionalProperties are mutually exclusive", id="PropsAndAdditional"),
        pytest.param({"type": "object", "properties": {"a": {"$ref": "#/x", "type": "string"}}},
                     ".a: $ref is not allowed", id="Ref"),
        pytest.param({"type": "object", "properties": {"a": {"type": "array"}}}, ".a: an array needs items",
                     id="ArrayWithoutItems"),
        pytest.param({"type": "object", "properties": {"a": {"type": "array", "x-kubernetes-list-type": "set",
                                                              "items": {"type": "object"}}}},
                     ".a: list-type set needs scalar items", id="SetOfObjects"),
        pytest.param({"type": "object", "properties": {"metadata": {"type": "object", "properties": {
            "labels": {"type": "object"}}}}}, ".metadata: only name and generateName", id="MetadataRestricted"),
        pytest.param({"type": "object", "required": ["b"], "properties": {"a": {"type": "string"}}},
                     "required names unknown properties ['b']", id="RequiredUnknown"),
    ],
)
def test_structural_check_finds_violations(schema: dict[str, Any], violation: str) -> None:
    assert any(violation in v for v in structural.violations(schema)), structural.violations(schema)


def test_managed_crd_shape() -> None:
    crd = CRDS[("ec2.aws.tfbridge.io", "VPC")]
    version = crd["spec"]["versions"][0]
    spec = version["schema"]["openAPIV3Schema"]["properties"]["spec"]
    status = version["schema"]["openAPIV3Schema"]["properties"]["status"]
    assert crd["metadata"]["name"] == "vpcs.ec2.aws.tfbridge.io"
    assert crd["spec"]["scope"] == "Cluster"
    assert crd["spec"]["names"]["categories"] == ["managed", "tfbridge", "aws"]
    assert version["subresources"] == {"status": {}}
    assert [c["name"] for c in version["additionalPrinterColumns"]] == ["READY", "SYNCED", "EXTERNAL-NAME", "AGE"]
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
    assert spec["properties"]["credentials"]["properties"]["source"]["enum"] == ["Secret", "None"]


EXAMPLES = sorted((AWS / "examples").rglob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_validates_against_its_crd(path: Path) -> None:
    manifest = yaml.safe_load(path.read_text())
    crd = CRDS[(manifest["apiVersion"].split("/")[0], manifest["kind"])]
    schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
    admitted, errors = openapi.admit(schema, manifest)
    assert errors == []
    assert admitted["spec"]["forProvider"] == manifest["spec"]["forProvider"], "nothing may be pruned"


def test_every_curated_kind_has_an_example() -> None:
    kinds = {k for k in CRDS if k[1] not in ("ProviderConfig", "ProviderConfigUsage")}
    assert {(yaml.safe_load(p.read_text())["apiVersion"].split("/")[0], yaml.safe_load(p.read_text())["kind"])
            for p in EXAMPLES} == kinds
