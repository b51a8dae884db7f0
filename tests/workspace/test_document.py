"""The one builder of every main.tf.json: what it writes, and that no user string is ever a template.

The property tests throw hostile strings into every argument of every document path (a resource's
arguments with their map keys and nested blocks, the provider block from the spec and from the
ProviderConfig, a lookup's data-source arguments, an identity read) and read the built document
back the way Terraform's template scanner does: no template sequence may survive, and what
Terraform reads must be exactly what the user wrote.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.api.external import ProviderSetup
from bridge.api.managed import Managed
from bridge.api.registry import ProviderPackage
from bridge.workspace.document import DataRead, ProviderBlock, ResourceBlock, build, escape
from bridge.workspace.identity import identity_read
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import WorkspaceStore
from tests.support.packages import AWS_CURATED as AWS
from tests.support.packages import BUILTIN


class Unescaped(AssertionError):
    pass


def literal(text: str) -> str:
    """What Terraform reads from a JSON-syntax string: ``$${``/``%%{`` are the literal ``${``/``%{``;
    an unescaped ``${`` or ``%{`` would start an expression or a directive."""
    out, i = [], 0
    while i < len(text):
        if text.startswith(("$${", "%%{"), i):
            out.append(text[i + 1:i + 3])
            i += 3
        elif text.startswith(("${", "%{"), i):
            raise Unescaped(f"template sequence at {i} of {text!r}")
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def read_back(value: Any) -> Any:
    """A document value as Terraform reads it: every string and every object key through :func:`literal`."""
    if isinstance(value, str):
        return literal(value)
    if isinstance(value, dict):
        return {literal(k): read_back(v) for k, v in value.items()}
    if isinstance(value, list):
        return [read_back(v) for v in value]
    return value


def without_outputs(doc: dict[str, Any]) -> dict[str, Any]:
    """The document minus the output expressions: the only templates the builder writes, on purpose."""
    return {k: v for k, v in doc.items() if k != "output"}


@pytest.mark.parametrize(
    ("value", "want"),
    [
        pytest.param('${file("/etc/hostname")}', '$${file("/etc/hostname")}', id="interpolation"),
        pytest.param("%{ if true }x%{ endif }", "%%{ if true }x%%{ endif }", id="directive"),
        pytest.param("$5 and 100%", "$5 and 100%", id="lone-signs-untouched"),
        pytest.param("$${already}", "$$${already}", id="an-escape-is-escaped-again"),
        pytest.param({"${k}": ["${v}", 1, None]}, {"$${k}": ["$${v}", 1, None]}, id="keys-and-lists"),
        pytest.param(True, True, id="non-string"),
    ],
)
def test_escape(value: Any, want: Any) -> None:
    assert escape(value) == want
    assert read_back(escape(value)) == value


def test_a_resource_document() -> None:
    doc = build(ProviderBlock("aws", "hashicorp/aws", "5.100.0", {"region": "us-east-1"}),
                resource=ResourceBlock("aws_vpc", {"cidr_block": "10.0.0.0/16", "tags": {"a": "${x}"}},
                                       ignore_changes=("tags", "b"), prevent_destroy=False))
    assert doc == {
        "terraform": {"required_providers": {"aws": {"source": "hashicorp/aws", "version": "5.100.0"}}},
        "provider": {"aws": {"region": "us-east-1"}},
        "resource": {"aws_vpc": {"this": {"cidr_block": "10.0.0.0/16", "tags": {"a": "$${x}"},
                                          "lifecycle": {"prevent_destroy": False, "ignore_changes": ["b", "tags"]}}}},
    }


def test_a_builtin_provider_has_no_version_and_no_provider_block() -> None:
    doc = build(ProviderBlock("terraform", "terraform.io/builtin/terraform", ""),
                resource=ResourceBlock("terraform_data", {}))
    assert doc["terraform"]["required_providers"] == {"terraform": {"source": "terraform.io/builtin/terraform"}}
    assert "provider" not in doc
    assert doc["resource"]["terraform_data"]["this"] == {"lifecycle": {"prevent_destroy": True}}


def test_a_data_read_document() -> None:
    doc = build(ProviderBlock("aws", "hashicorp/aws", "5.100.0", {"region": "${r}"}),
                read=DataRead({"aws_vpcs": {"this": {"tags": {"${k}": "${v}"}}}}, {"ids": ("aws_vpcs", "this", "ids")}))
    assert doc["provider"] == {"aws": {"region": "$${r}"}}
    assert doc["data"] == {"aws_vpcs": {"this": {"tags": {"$${k}": "$${v}"}}}}
    assert doc["output"] == {"ids": {"value": "${data.aws_vpcs.this.ids}"}}


@pytest.mark.parametrize("ref", [
    pytest.param(("aws_vpcs", "this", "ids}${file(\"/x\")"), id="attribute"),
    pytest.param(("aws_vpcs", "a.b", "ids"), id="name"),
    pytest.param(("", "this", "ids"), id="empty"),
])
def test_an_output_refers_only_to_identifiers(ref: tuple[str, str, str]) -> None:
    with pytest.raises(ValueError, match="not a Terraform identifier"):
        build(ProviderBlock("aws", "hashicorp/aws", ""), read=DataRead({}, {"out": ref}))


# -- every user string, every path ---------------------------------------------------------------

HOSTILE = st.lists(st.one_of(
    st.sampled_from(["${", "%{", "$${", "%%{", "$", "%", "{", "}", "$$", "%%", "\\", '"', "\n", "\u202e",
                     'file("/var/run/secrets/kubernetes.io/serviceaccount/token")', "}}", "~}", "${}"]),
    st.text(max_size=4)), min_size=1, max_size=12).map("".join).filter(bool)
NAMES = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?", fullmatch=True)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WorkspaceStore]:
    yield WorkspaceStore(tmp_path_factory.mktemp("ws"))


def floor(store: WorkspaceStore, package: ProviderPackage, tf_type: str,
          configuration: dict[str, Any]) -> KindWorkspaces:
    return KindWorkspaces(store=store, provider=package.provider, kind=package.by_type(tf_type),
                          setup=ProviderSetup(configuration=configuration), secrets=None, executor="test",
                          lock_timeout=1.0, metadata=lambda block, setup: {})


def managed(package: ProviderPackage, tf_type: str, name: str, for_provider: dict[str, Any],
            init_provider: dict[str, Any] | None = None, provider_config: str = "default") -> Managed:
    kind = package.by_type(tf_type)
    spec: dict[str, Any] = {"forProvider": for_provider, "providerConfigRef": {"name": provider_config}}
    if init_provider is not None:
        spec["initProvider"] = init_provider
    return Managed({"apiVersion": kind.api_version, "kind": kind.kind,
                    "metadata": {"name": name, "uid": str(uuid.uuid4())}, "spec": spec})


def assert_reads_back(doc: dict[str, Any], section: str, name: str, wanted: dict[str, Any]) -> None:
    read = read_back(without_outputs(doc))  # raises Unescaped on any template sequence left
    assert {k: v for k, v in read[section][name].items() if k in wanted} == wanted


HYPOTHESIS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@HYPOTHESIS
@given(region=HOSTILE, cidr=HOSTILE, tags=st.dictionaries(HOSTILE, HOSTILE, max_size=4), configured=HOSTILE)
def test_a_resource_document_never_carries_a_template(store: WorkspaceStore, region: str, cidr: str,
                                                      tags: dict[str, str], configured: str) -> None:
    # A spec's region must look like a region (the runtime refuses it otherwise), so a hostile one comes
    # here through the provider configuration, which reaches the same provider block.
    f = floor(store, AWS, "aws_vpc", {"profile": configured, "region": region})
    rendered = f.render(managed(AWS, "aws_vpc", "v", {"cidrBlock": cidr, "tags": tags}))
    doc = rendered.document
    assert_reads_back(doc, "provider", "aws", {"region": region, "profile": configured})
    assert_reads_back(doc["resource"], "aws_vpc", "this", {"cidr_block": cidr, "tags": tags})


@HYPOTHESIS
@given(attributes=st.lists(st.fixed_dictionaries({"name": HOSTILE, "type": HOSTILE}), min_size=1, max_size=3),
       hash_key=HOSTILE, region=HOSTILE)
def test_nested_blocks_never_carry_a_template(store: WorkspaceStore, attributes: list[dict[str, str]], hash_key: str,
                                              region: str) -> None:
    f = floor(store, AWS, "aws_dynamodb_table", {"region": region})
    mr = managed(AWS, "aws_dynamodb_table", "t", {"attribute": attributes},
                 init_provider={"hashKey": hash_key})
    assert_reads_back(f.render(mr).document["resource"], "aws_dynamodb_table", "this",
                      {"attribute": attributes, "hash_key": hash_key})


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), HOSTILE),
                    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(HOSTILE, inner, max_size=3)),
                    max_leaves=10)


@HYPOTHESIS
@given(value=JSON.filter(lambda v: v is not None))
def test_a_dynamic_argument_never_carries_a_template(store: WorkspaceStore, value: Any) -> None:
    f = floor(store, BUILTIN, "terraform_data", {})
    rendered = f.render(managed(BUILTIN, "terraform_data", "d", {"input": value}))
    assert_reads_back(rendered.document["resource"], "terraform_data", "this", {"input": value})


@HYPOTHESIS
@given(name=NAMES, provider_config=NAMES, region=HOSTILE, configured=HOSTILE)
def test_a_lookup_never_carries_a_template(store: WorkspaceStore, name: str, provider_config: str, region: str,
                                           configured: str) -> None:
    f = floor(store, AWS, "aws_vpc", {"profile": configured, "region": region})
    mr = managed(AWS, "aws_vpc", name, {"cidrBlock": "10.0.0.0/16"},
                 provider_config=provider_config)
    request = f.lookup(mr)
    assert request is not None
    doc = build(f.render(mr).provider, read=request)
    assert_reads_back(doc, "provider", "aws", {"region": region, "profile": configured})
    assert read_back(doc["data"])["aws_vpcs"]["this"]["tags"] == f.config.default_tags(name, provider_config)
    assert doc["output"] == {"ids": {"value": "${data.aws_vpcs.this.ids}"}}


@HYPOTHESIS
@given(region=HOSTILE, configured=HOSTILE)
def test_an_identity_read_never_carries_a_template(store: WorkspaceStore, region: str, configured: str) -> None:
    f = floor(store, AWS, "aws_sns_topic", {"profile": configured, "region": region})
    request = identity_read(AWS.provider)
    assert request is not None
    doc = build(f.render(managed(AWS, "aws_sns_topic", "t", {})).provider, read=request)
    assert_reads_back(doc, "provider", "aws", {"region": region, "profile": configured})
    assert set(doc["output"]) == set(AWS.provider.identity)


def test_the_checker_finds_a_template(tmp_path: Path) -> None:
    """The property tests above can fail: an unescaped sequence is seen."""
    with pytest.raises(Unescaped):
        read_back({"provider": {"aws": {"region": '${file("/etc/hostname")}'}}})


def test_configured_timeouts_name_only_the_operations_the_resource_has(tmp_path: Path) -> None:
    """aws_globalaccelerator_accelerator's timeouts block has create and update, no delete."""
    from tests.support.packages import AWS as EVERY_KIND

    kind = EVERY_KIND.by_type("aws_globalaccelerator_accelerator")
    assert kind.config.timeouts_configured
    floor = KindWorkspaces(store=WorkspaceStore(tmp_path), provider=EVERY_KIND.provider, kind=kind,
                           setup=ProviderSetup(configuration={}), secrets=None, executor="direct", lock_timeout=5,
                           metadata=lambda block, setup: {})
    m = Managed({"apiVersion": kind.api_version, "kind": kind.kind, "metadata": {"name": "a", "uid": "u"},
                 "spec": {"forProvider": {"name": "a", "region": "us-west-2"}}})
    rendered = floor.render(m)
    assert rendered.resource.timeouts is not None and sorted(rendered.resource.timeouts) == ["create", "update"]
