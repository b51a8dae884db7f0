"""Placeholder values of generated examples become values the provider's validation accepts, by the
argument's name."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from codegen.examples import in_region, manifest, valid_placeholder, valid_placeholders
from providers.aws.examples import EXAMPLE_VALUES
from tests.support.packages import AWS, example
from tfconfig import Example

ACCOUNT = "123456789012"


@pytest.mark.parametrize(
    ("name", "want"),
    [
        pytest.param("roleArn", f"arn:aws:iam::{ACCOUNT}:role/example", id="RoleARN"),
        pytest.param("kmsKeyArn", f"arn:aws:kms:us-east-1:{ACCOUNT}:key/1234abcd-12ab-34cd-56ef-1234567890ab",
                     id="KeyARN"),
        pytest.param("lambdaArn", f"arn:aws:lambda:us-east-1:{ACCOUNT}:function:example", id="FunctionARN"),
        pytest.param("licenseArn", f"arn:aws:iam::{ACCOUNT}:role/example", id="AnyOtherARNIsWellFormed"),
        pytest.param("configArns", f"arn:aws:iam::{ACCOUNT}:role/example", id="ListOfARNs"),
        pytest.param("securityGroupArns", f"arn:aws:ec2:us-east-1:{ACCOUNT}:security-group/sg-0123456789abcdef0",
                     id="SecurityGroupARN"),
        pytest.param("agentArns", f"arn:aws:datasync:us-east-1:{ACCOUNT}:agent/agent-0123456789abcdef0",
                     id="AgentARN"),
        pytest.param("issuerUrl", "https://example.com", id="URL"),
        pytest.param("sourceUri", "https://example.com", id="URI"),
        pytest.param("ipAddress", "192.0.2.10", id="IPAddress"),
        pytest.param("scheduleExpression", "rate(1 day)", id="ScheduleExpression"),
        pytest.param("manifestJson", "{}", id="JSONDocument"),
        pytest.param("cidrBlock", "10.0.0.0/16", id="CIDR"),
        pytest.param("regionName", "us-east-1", id="RegionName"),
        pytest.param("accountId", ACCOUNT, id="AccountID"),
        pytest.param("notificationEmail", "user@example.com", id="Email"),
        pytest.param("name", "example", id="ANameStaysAsItIs"),
        pytest.param("format", "example", id="AnEnumIsNotGuessed"),
    ],
)
def test_a_placeholder_becomes_what_its_name_says(name: str, want: str) -> None:
    assert valid_placeholder(name, "example", EXAMPLE_VALUES) == want


def test_a_policy_placeholder_is_a_policy_document() -> None:
    doc = json.loads(valid_placeholder("policy", "example", EXAMPLE_VALUES))
    assert doc["Version"] == "2012-10-17" and doc["Statement"][0]["Effect"] == "Allow"


@pytest.mark.parametrize(
    ("value", "want"),
    [
        pytest.param({"roleArn": "arn:aws:iam::1:role/mine"}, {"roleArn": "arn:aws:iam::1:role/mine"},
                     id="AWrittenValueIsKept"),
        pytest.param({"endpoints": [{"lambdaArn": "example"}]},
                     {"endpoints": [{"lambdaArn": f"arn:aws:lambda:us-east-1:{ACCOUNT}:function:example"}]},
                     id="NestedBlocks"),
        pytest.param({"cidrBlocks": ["example"]}, {"cidrBlocks": ["10.0.0.0/16"]}, id="ListsTakeTheirFieldsName"),
        pytest.param({"count": 1, "tags": {"example": "example"}}, {"count": 1, "tags": {"example": "example"}},
                     id="OtherValuesAreKept"),
    ],
)
def test_every_argument_of_an_example_is_made_valid(value: dict[str, Any], want: dict[str, Any]) -> None:
    assert valid_placeholders(value, EXAMPLE_VALUES) == want


@pytest.mark.parametrize(
    ("name", "value", "want"),
    [
        pytest.param("availabilityZone", "us-west-2a", "us-east-1a", id="AnotherRegionsZone"),
        pytest.param("availabilityZones", "eu-west-1c", "us-east-1c", id="ZonesListItem"),
        pytest.param("availabilityZone", "us-east-1b", "us-east-1b", id="TheRegionsOwnZone"),
        pytest.param("name", "us-west-2a", "us-west-2a", id="NotAZoneArgument"),
        pytest.param("availabilityZone", "use1-az1", "use1-az1", id="AZoneIDIsLeft"),
    ],
)
def test_a_zone_is_moved_into_the_examples_region(name: str, value: str, want: str) -> None:
    assert in_region(name, value, "us-east-1") == want
    assert valid_placeholders({"region": "us-east-1", name: [value]}, EXAMPLE_VALUES)[name] == [want]


@pytest.mark.parametrize(
    ("tf_type", "field"),
    [
        pytest.param("aws_rds_cluster", "masterPasswordSecretRef", id="ClusterMasterPassword"),
        pytest.param("aws_db_instance", "passwordSecretRef", id="InstancePassword"),
        pytest.param("aws_redshift_cluster", "masterPasswordSecretRef", id="WarehouseMasterPassword"),
    ],
)
def test_a_password_the_provider_does_not_manage_comes_from_the_example_secret(tf_type: str, field: str) -> None:
    kind = next(k for k in AWS.kinds if k.config.tf_type == tf_type and not k.namespaced)
    assert example(kind)["spec"]["forProvider"][field] == {
        "key": "example-key", "name": "example-secret", "namespace": "crossplane-system"}


def test_a_kind_without_a_managed_password_switch_gets_no_password() -> None:
    kind = next(k for k in AWS.kinds if k.config.tf_type == "aws_cognito_user" and not k.namespaced)
    assert not any(f.startswith("password") for f in example(kind)["spec"]["forProvider"])


@pytest.mark.parametrize("tf_type", [
    pytest.param("aws_budgets_budget", id="AccountID"),
    pytest.param("aws_s3control_object_lambda_access_point", id="AccountIDOfAnEndpoint"),
    pytest.param("aws_quicksight_group", id="AWSAccountID"),
    pytest.param("aws_glue_connection", id="CatalogID"),
])
def test_an_account_the_provider_would_ask_for_is_given(tf_type: str) -> None:
    kind = next(k for k in AWS.kinds if k.config.tf_type == tf_type and not k.namespaced)
    for_provider = example(kind)["spec"]["forProvider"]
    assert ACCOUNT in (for_provider.get("accountId"), for_provider.get("awsAccountId"), for_provider.get("catalogId"))


def test_an_argument_no_import_reads_back_is_given_at_create_only() -> None:
    kind = next(k for k in AWS.kinds if k.config.tf_type == "aws_key_pair" and not k.namespaced)
    spec = example(kind)["spec"]
    assert spec["initProvider"]["publicKey"].startswith("ssh-rsa ") and "publicKey" not in spec["forProvider"]


@pytest.mark.parametrize(
    ("tf_type", "written", "want"),
    [
        pytest.param("aws_sqs_queue", {"name": "q"}, {"region": "us-east-1", "name": "q"}, id="RegionFilledFirst"),
        pytest.param("aws_sqs_queue", {"name": "q", "region": "us-west-2"}, {"name": "q", "region": "us-west-2"},
                     id="AWrittenRegionIsKept"),
        pytest.param("aws_iam_user", {"path": "/"}, {"path": "/"}, id="NoRegionWhereNoneIsInjected"),
    ],
)
def test_a_written_example_takes_the_injected_fields_it_leaves_out(tf_type: str, written: dict[str, Any],
                                                                   want: dict[str, Any]) -> None:
    """A catalogue example leaves out ``region``: the generator fills it from the injected field's example."""
    kind = next(k for k in AWS.kinds if k.config.tf_type == tf_type and not k.namespaced)
    res = dataclasses.replace(kind.config, example=Example(written, name="example"))
    for_provider = manifest(res, kind.shape.views, lambda t: "example", EXAMPLE_VALUES)["spec"]["forProvider"]
    assert list(for_provider.items()) == list(want.items())
