"""The external-name strategies the catalogue adds: import by another attribute, composites with the
object's own part, composites built by a function, joins of provider-assigned attributes; and the
provider-level facts (sources, examples, curated subsets, arguments managed elsewhere)."""

from collections.abc import Mapping
from typing import Any

import pytest

from tfconfig import (
    ConfigError,
    ExternalName,
    IDExample,
    ManagedElsewhere,
    Provider,
    Reference,
    Resource,
    Strategy,
    TemplateError,
    attribute_as_identifier,
    composite_by,
    composite_from_parameters,
    composite_id,
    identifier_from_provider,
    joined_attributes,
)

SETUP = {"client_metadata": {"account_id": "123456789012", "partition": "aws"}}


def _pair(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    head = parameters.get("first") or parameters.get("other")
    if not head:
        raise TemplateError("first or other is needed")
    return f"{head}:{parameters['second']}"


@pytest.mark.parametrize(
    ("strategy", "external_name", "parameters", "want_id"),
    [
        pytest.param(attribute_as_identifier("name", argument="name"), "cap-1", {}, "cap-1",
                     id="AttributeIsTheImportID"),
        pytest.param(composite_id("{{ .parameters.rest_api_id }}/{{ .external_name }}"), "auth1",
                     {"rest_api_id": "api1"}, "api1/auth1", id="CompositeWithTheObjectsOwnPart"),
        pytest.param(composite_id("{{ .parameters.type }}/{{ .setup.client_metadata.account_id }}/{{ .external_name }}",
                                  argument="name"), "cfg", {"type": "saml"}, "saml/123456789012/cfg",
                     id="CompositeReadsSetup"),
        pytest.param(composite_by(_pair, "first", "other", "second"), "", {"other": "o", "second": "s"}, "o:s",
                     id="CompositeByFunctionPicksTheArgumentThatIsSet"),
        pytest.param(joined_attributes(",", "guardrail_id", "version"), "g1,DRAFT", {}, "g1,DRAFT",
                     id="JoinedAttributesImportAsRecorded"),
    ],
)
def test_import_id(strategy: ExternalName, external_name: str, parameters: dict[str, Any], want_id: str) -> None:
    assert strategy.import_id(external_name, parameters, SETUP) == want_id


@pytest.mark.parametrize(
    ("strategy", "state", "want"),
    [
        pytest.param(attribute_as_identifier("arn"), {"id": "device-1", "arn": "arn:aws:nm::1:device/g/device-1"},
                     "arn:aws:nm::1:device/g/device-1", id="AttributeNotTheStateId"),
        pytest.param(composite_id("{{ .parameters.api_id }}/{{ .external_name }}"), {"id": "r1", "api_id": "a"}, "r1",
                     id="CompositeOwnPartFromTheStateId"),
        pytest.param(composite_id("{{ .parameters.asg }}/{{ .external_name }}", argument="name"),
                     {"id": "ignored", "name": "policy-1"}, "policy-1", id="CompositeOwnPartFromItsArgument"),
        pytest.param(composite_id("{{ .parameters.s }}/{{ .external_name }}", attribute="rule_id"),
                     {"id": "s/l/r9", "rule_id": "r9"}, "r9", id="CompositeOwnPartFromAnotherAttribute"),
        pytest.param(composite_by(_pair, "first", "second"), {"first": "f", "second": "s", "id": "x"}, "f:s",
                     id="CompositeByFunctionFromTheState"),
        pytest.param(joined_attributes("/", "id", "version"), {"id": "tp-1", "version": 3}, "tp-1/3",
                     id="JoinedAttributesFromTheState"),
    ],
)
def test_external_name_from_state(strategy: ExternalName, state: dict[str, Any], want: str) -> None:
    assert strategy.get_external_name(state) == want


@pytest.mark.parametrize(
    ("strategy", "state"),
    [
        pytest.param(attribute_as_identifier("arn"), {"id": "x"}, id="AttributeMissing"),
        pytest.param(joined_attributes(",", "a", "b"), {"a": "1"}, id="JoinedPartMissing"),
        pytest.param(composite_id("{{ .parameters.p }}/{{ .external_name }}", argument="name"), {"id": "x"},
                     id="NamingArgumentMissing"),
    ],
)
def test_external_name_from_an_incomplete_state_is_an_error(strategy: ExternalName, state: dict[str, Any]) -> None:
    with pytest.raises(TemplateError):
        strategy.get_external_name(state)


@pytest.mark.parametrize(
    ("strategy", "argument", "identifiers", "name_initializer", "kind"),
    [
        pytest.param(attribute_as_identifier("name", argument="name"), "name", (), True,
                     Strategy.PARAMETER_AS_IDENTIFIER, id="AttributeNamedByTheUser"),
        pytest.param(attribute_as_identifier("arn"), None, (), False, Strategy.IDENTIFIER_FROM_PROVIDER,
                     id="AttributeAssignedByTheProvider"),
        pytest.param(composite_id("{{ .parameters.a }}/{{ .external_name }}"), None, ("a",), False,
                     Strategy.TEMPLATED, id="CompositeIdentifiesByItsParameters"),
        pytest.param(composite_by(_pair, "first", "second"), None, ("first", "second"), False,
                     Strategy.IDENTIFIER_FROM_PROVIDER, id="CompositeByIdentifiesByItsArguments"),
        pytest.param(joined_attributes(",", "a"), None, (), False, Strategy.IDENTIFIER_FROM_PROVIDER,
                     id="JoinedHasNoIdentifyingArguments"),
    ],
)
def test_strategy_shape(strategy: ExternalName, argument: str | None, identifiers: tuple[str, ...],
                        name_initializer: bool, kind: Strategy) -> None:
    assert strategy.identifier_argument == argument
    assert strategy.identifier_fields == identifiers
    assert strategy.name_initializer is name_initializer
    assert strategy.strategy is kind


def test_composite_id_needs_the_external_name_in_its_template() -> None:
    with pytest.raises(ValueError, match="external_name"):
        composite_id("{{ .parameters.a }}/{{ .parameters.b }}")


def test_sourced_keeps_the_strategy_and_records_facts() -> None:
    example = IDExample("api1/auth1", "auth1", {"rest_api_id": "api1"})
    en = composite_id("{{ .parameters.rest_api_id }}/{{ .external_name }}").sourced("probe", "expected A/B", example)
    assert (en.source, en.note, en.examples) == ("probe", "expected A/B", (example,))
    assert en.import_id("auth1", {"rest_api_id": "api1"}, {}) == "api1/auth1"
    assert example.state_attributes == {"rest_api_id": "api1", "id": "auth1"}


@pytest.mark.parametrize(
    ("example", "strategy"),
    [
        pytest.param(IDExample("r/arn:p", "r/arn:p", {"role": "r", "policy_arn": "arn:p"},
                               {"id": "r-2026", "role": "r", "policy_arn": "arn:p"}),
                     composite_from_parameters("/", "role", "policy_arn"), id="CompositeFromParameters"),
        pytest.param(IDExample("saml/123456789012/c", "c", {"type": "saml"}, {"name": "c"}, SETUP),
                     composite_id("{{ .parameters.type }}/{{ .setup.client_metadata.account_id }}/{{ .external_name }}",
                              argument="name"), id="CompositeWithSetup"),
    ],
)
def test_id_examples_round_trip(example: IDExample, strategy: ExternalName) -> None:
    assert strategy.import_id(example.external_name, example.parameters, example.setup) == example.import_id
    assert strategy.get_external_name(example.state_attributes) == example.external_name


def _provider(**resources: Resource) -> Provider:
    return Provider(name="aws", source="hashicorp/aws", version="5.100.0", root_group="aws.tfbridge.io",
                    resource_prefix="aws_", removed_parameters=("tags_all",), resources=resources)


def test_an_empty_include_selects_every_configured_resource() -> None:
    p = _provider(aws_a=Resource(), aws_b=Resource(references={"x": Reference("aws_a")}))
    assert p.select(["aws_a", "aws_b", "aws_c"]) == ("aws_a", "aws_b")


def test_only_keeps_a_subset_and_rejects_unknown_types() -> None:
    p = _provider(aws_a=Resource(), aws_b=Resource())
    assert p.only(["aws_b"]).select(["aws_a", "aws_b"]) == ("aws_b",)
    assert set(p.only(["aws_b"]).resources) == {"aws_b"}
    with pytest.raises(ConfigError, match="aws_z"):
        p.only(["aws_z"])


def test_a_subset_whose_reference_leaves_it_is_an_error() -> None:
    p = _provider(aws_a=Resource(), aws_b=Resource(references={"x": Reference("aws_a")}))
    with pytest.raises(ConfigError, match="unknown resource 'aws_a'"):
        p.only(["aws_b"]).select(["aws_a", "aws_b"])


def test_resolve_merges_removed_parameters_and_carries_managed_elsewhere() -> None:
    elsewhere = (ManagedElsewhere("ingress", ("aws_vpc_security_group_ingress_rule",), "upjet"),)
    p = _provider(aws_lambda_function=Resource(removed_parameters=("filename",), managed_elsewhere=elsewhere,
                                               external_name=identifier_from_provider()))
    r = p.resolve("aws_lambda_function")
    assert r.removed_parameters == ("tags_all", "filename")
    assert r.managed_elsewhere == elsewhere


def test_a_resource_can_opt_out_of_tagging() -> None:
    from tfconfig import Tagging

    p = Provider(name="aws", source="hashicorp/aws", version="5.100.0", root_group="aws.tfbridge.io",
                 resource_prefix="aws_", tagging=Tagging(),
                 resources={"aws_a": Resource(), "aws_b": Resource(tagged=False)})
    assert p.resolve("aws_a").tagging == Tagging()
    assert p.resolve("aws_b").tagging is None
