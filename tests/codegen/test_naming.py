import pytest

from providers.aws.config import PROVIDER
from tfconfig import camel, lower_camel, plural


@pytest.mark.parametrize(
    ("snake", "want"),
    [
        pytest.param("cidr_block", "cidrBlock", id="two-words"),
        pytest.param("ipv6_cidr_block", "ipv6CidrBlock", id="digit-in-word"),
        pytest.param("vpc_id", "vpcId", id="acronyms-not-upper-in-fields"),
        pytest.param("s3_key_prefix", "s3KeyPrefix", id="a-word-after-digits"),
        pytest.param("checksum_crc32c", "checksumCrc32C", id="letter-after-digit-capitalised"),
        # The first word is lower case whole, as upjet's JSON tags (medialive's m2tsSettings, m3u8Settings).
        pytest.param("m2ts_settings", "m2tsSettings", id="first-word-lower-case-whole"),
        pytest.param("arn", "arn", id="one-word"),
    ],
)
def test_lower_camel(snake: str, want: str) -> None:
    assert lower_camel(snake) == want


@pytest.mark.parametrize(
    ("snake", "want"),
    [
        pytest.param("vpc_endpoint", "VPCEndpoint", id="acronym-upper-in-kinds"),
        pytest.param("cluster_parameter_group", "ClusterParameterGroup", id="plain"),
        pytest.param("ipv4_cidr_block_association", "IPv4CidrBlockAssociation", id="upjet-acronyms-only"),
        pytest.param("database_mysql_config", "DatabaseMySQLConfig", id="spelled-as-upjet"),
    ],
)
def test_camel(snake: str, want: str) -> None:
    assert camel(snake) == want


def test_a_provider_spells_kinds_with_its_own_acronyms() -> None:
    assert camel("ipv4_cidr_block_association", PROVIDER.kind_acronyms) == "IPv4CIDRBlockAssociation"
    assert camel("lb_listener", PROVIDER.kind_acronyms) == "LbListener"


@pytest.mark.parametrize(
    ("kind", "want"),
    [("VPC", "vpcs"), ("Policy", "policies"), ("Key", "keys"), ("Repository", "repositories"),
     ("Address", "addresses"), ("Match", "matches")],
)
def test_plural(kind: str, want: str) -> None:
    assert plural(kind) == want


# The curated kinds must match crossplane-contrib/provider-upjet-aws, so manifests move over with
# only the API group root changed.
UPJET_AWS = {
    "aws_vpc": ("ec2", "VPC"), "aws_subnet": ("ec2", "Subnet"), "aws_security_group": ("ec2", "SecurityGroup"),
    "aws_vpc_security_group_ingress_rule": ("ec2", "SecurityGroupIngressRule"),
    "aws_s3_bucket": ("s3", "Bucket"), "aws_iam_role": ("iam", "Role"), "aws_iam_policy": ("iam", "Policy"),
    "aws_iam_role_policy_attachment": ("iam", "RolePolicyAttachment"), "aws_sqs_queue": ("sqs", "Queue"),
    "aws_sns_topic": ("sns", "Topic"), "aws_dynamodb_table": ("dynamodb", "Table"), "aws_kms_key": ("kms", "Key"),
    "aws_route53_zone": ("route53", "Zone"), "aws_route53_record": ("route53", "Record"),
    "aws_cloudwatch_log_group": ("cloudwatchlogs", "Group"), "aws_ecr_repository": ("ecr", "Repository"),
    "aws_secretsmanager_secret": ("secretsmanager", "Secret"),
}


@pytest.mark.parametrize("tf_type", sorted(UPJET_AWS))
def test_curated_aws_kinds_match_upjet(tf_type: str) -> None:
    res = PROVIDER.resolve(tf_type)
    assert (res.short_group, res.kind) == UPJET_AWS[tf_type]
    assert res.group == f"{res.short_group}.aws.tfbridge.io"


@pytest.mark.parametrize(
    ("tf_type", "want"),
    [
        pytest.param("aws_rds_cluster_parameter_group", ("rds", "ClusterParameterGroup"), id="issue-example"),
        pytest.param("aws_cloudwatch_log_stream", ("cloudwatchlogs", "Stream"), id="group-rule-drops-two"),
        pytest.param("aws_vpc_endpoint", ("ec2", "VPCEndpoint"), id="ec2-rule-keeps-words"),
        pytest.param("aws_sfn_state_machine", ("sfn", "StateMachine"), id="default-first-word-is-group"),
    ],
)
def test_default_group_and_kind(tf_type: str, want: tuple[str, str]) -> None:
    res = PROVIDER.resolve(tf_type)
    assert (res.short_group, res.kind) == want
