from typing import Any

import pytest

from providers.aws.config import PROVIDER
from tfconfig import (
    Strategy,
    TemplateError,
    composite_from_parameters,
    identifier_from_provider,
    name_as_identifier,
    parameter_as_identifier,
    templated,
)

SETUP = {"client_metadata": {"account_id": "123456789012", "partition": "aws"}}


@pytest.mark.parametrize(
    ("tf_type", "external_name", "parameters", "want_id"),
    [
        pytest.param("aws_vpc", "vpc-123", {}, "vpc-123", id="IdentifierFromProviderImportsByName"),
        pytest.param("aws_iam_role", "my-role", {}, "my-role", id="NameAsIdentifier"),
        pytest.param("aws_s3_bucket", "my-bucket", {}, "my-bucket", id="ParameterAsIdentifier"),
        pytest.param("aws_iam_policy", "pol", {"path": "/x/"}, "arn:aws:iam::123456789012:policy/x/pol",
                     id="PolicyArnFromAccountAndPath"),
        pytest.param("aws_iam_policy", "pol", {}, "arn:aws:iam::123456789012:policy/pol", id="PolicyDefaultPath"),
        pytest.param("aws_iam_role_policy_attachment", "role-2024abc",
                     {"role": "r1", "policy_arn": "arn:aws:iam::123456789012:policy/p"},
                     "r1/arn:aws:iam::123456789012:policy/p", id="AttachmentCompositeIgnoresStateId"),
        pytest.param("aws_route53_record", "", {"zone_id": "Z1", "name": "www.example.com", "type": "A"},
                     "Z1_www.example.com_A", id="RecordComposite"),
        pytest.param("aws_route53_record", "", {"zone_id": "Z1", "name": "w", "type": "A", "set_identifier": "blue"},
                     "Z1_w_A_blue", id="RecordCompositeWithSetIdentifier"),
        pytest.param("aws_sns_topic", "t1", {"region": "us-east-1"}, "arn:aws:sns:us-east-1:123456789012:t1",
                     id="TemplatedTopicArn"),
    ],
)
def test_import_id(tf_type: str, external_name: str, parameters: dict[str, Any], want_id: str) -> None:
    en = PROVIDER.resolve(tf_type).external_name
    assert en.import_id(external_name, parameters, SETUP) == want_id


@pytest.mark.parametrize(
    ("tf_type", "state", "want"),
    [
        pytest.param("aws_vpc", {"id": "vpc-1"}, "vpc-1", id="StateId"),
        pytest.param("aws_iam_policy", {"id": "arn:aws:iam::1:policy/a/b/pol"}, "pol", id="PolicyNameFromArn"),
        pytest.param("aws_sns_topic", {"id": "arn:aws:sns:us-east-1:1:topic-x"}, "topic-x", id="ReverseTemplate"),
        pytest.param("aws_route53_record", {"id": "Z1_www_A"}, "Z1_www_A", id="RecordStateId"),
        pytest.param("aws_iam_role_policy_attachment", {"id": "r-2026", "role": "r", "policy_arn": "arn:p"}, "r/arn:p",
                     id="AttachmentExternalNameIsTheComposite"),
    ],
)
def test_external_name_from_state(tf_type: str, state: dict[str, Any], want: str) -> None:
    assert PROVIDER.resolve(tf_type).external_name.get_external_name(state) == want


def test_composite_round_trips_through_get_id() -> None:
    # The route53 record's import ID is its state ID: building it from parameters must give
    # back exactly what Terraform stores.
    en = PROVIDER.resolve("aws_route53_record").external_name
    params = {"zone_id": "Z2", "name": "api.example.com", "type": "CNAME"}
    state_id = en.import_id("", params, SETUP)
    assert en.get_external_name({"id": state_id}) == state_id


@pytest.mark.parametrize(
    ("strategy", "argument", "identifiers", "name_initializer"),
    [
        pytest.param(name_as_identifier(), "name", (), True, id="NameAsIdentifier"),
        pytest.param(parameter_as_identifier("bucket"), "bucket", (), True, id="ParameterAsIdentifier"),
        pytest.param(identifier_from_provider(), None, (), False, id="IdentifierFromProvider"),
        pytest.param(templated("name", "{{ .parameters.role }}:{{ .external_name }}"), "name", ("role",), True,
                     id="TemplatedReadsParameters"),
        pytest.param(composite_from_parameters("/", "role", "policy_arn"), None, ("role", "policy_arn"), False,
                     id="CompositeIdentifiers"),
    ],
)
def test_strategy_shape(strategy: Any, argument: str | None, identifiers: tuple[str, ...],
                        name_initializer: bool) -> None:
    assert strategy.identifier_argument == argument
    assert strategy.identifier_fields == identifiers
    assert strategy.name_initializer is name_initializer


def test_set_identifier_argument_keeps_explicit_value() -> None:
    args: dict[str, Any] = {}
    name_as_identifier().set_identifier_argument(args, "from-external-name")
    assert args == {"name": "from-external-name"}
    args = {"name": "explicit"}
    name_as_identifier().set_identifier_argument(args, "other")
    assert args == {"name": "explicit"}


@pytest.mark.parametrize(
    ("strategy", "parameters", "setup", "message"),
    [
        pytest.param(templated("", "{{ .parameters.role }}/x"), {}, {}, ".parameters.role", id="MissingParameter"),
        pytest.param(composite_from_parameters("/", "role"), {"role": ""}, {}, "role", id="EmptyCompositePart"),
        pytest.param(PROVIDER.resolve("aws_iam_policy").external_name, {}, {}, "account_id", id="NoAccountId"),
    ],
)
def test_import_id_errors_name_the_missing_value(strategy: Any, parameters: dict[str, Any],
                                                 setup: dict[str, Any], message: str) -> None:
    with pytest.raises(TemplateError, match=message.replace(".", r"\.")):
        strategy.import_id("x", parameters, setup)


def test_strategies_are_enumerated() -> None:
    assert {s.value for s in Strategy} == {"NameAsIdentifier", "ParameterAsIdentifier", "IdentifierFromProvider",
                                           "TemplatedStringAsIdentifier"}
