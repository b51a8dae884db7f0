"""Hand-written configuration of the AWS provider (the upjet ``config/`` analogue).

Kinds, short groups and external-name strategies follow crossplane-contrib/provider-upjet-aws, so
manifests written for it fit with only the API group's root changed (``aws.upbound.io`` →
``aws.tfbridge.io``). As there, ``region`` is added to every resource outside ``iam`` and configures
the provider, and ``tags_all`` is observed only.

:data:`PROVIDER` configures every resource of the schema that can be managed safely (the facts live
in :mod:`providers.aws.catalog`; what is left out, and why, in its ``excluded`` module); the
:data:`CURATED` kinds are hand-tuned here, and the demo and the end-to-end scenarios use them.
"""

from collections.abc import Mapping
from typing import Any

from providers.aws import catalog
from providers.aws.catalog import idfns
from providers.aws.localfiles import LOCAL_FILES
from providers.aws.notfound import NOT_FOUND
from tfconfig import (
    Credentials,
    Example,
    IDExample,
    InjectedField,
    Lookup,
    Package,
    Provider,
    Reference,
    Resource,
    Tagging,
    TemplateError,
    Timeouts,
    composite_from_parameters,
    identifier_from_provider,
    name_as_identifier,
    parameter_as_identifier,
    templated,
)

REGION = "us-east-1"
# Every region the aws 5.100 provider knows, in every partition (eusc-de-east-1 included), and
# nothing that is not a region name: no template syntax, spaces, slashes or commas reach the provider.
REGION_PATTERN = r"^[a-z]{2,4}(-[a-z]+){1,3}-[0-9]{1,2}$"

_ASSUME_ROLE = (
    '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},'
    '"Action":"sts:AssumeRole"}]}'
)
_POLICY = (
    '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}'
)


def _iam_policy_arn(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    meta = setup.get("client_metadata") or {}
    if not meta.get("account_id"):
        raise TemplateError("client_metadata.account_id is needed for the policy ARN and has no value")
    path = parameters.get("path") or "/"
    return f"arn:{meta.get('partition', 'aws')}:iam::{meta['account_id']}:policy{path}{external_name}"


def _last_arn_segment(attributes: Mapping[str, Any]) -> str:
    sid = attributes.get("id")
    if not isinstance(sid, str) or not sid:
        raise TemplateError("the state has no string attribute 'id'")
    return sid.rsplit("/", 1)[-1]


_PROBED = identifier_from_provider().sourced("probe", "the importer takes the state id as it is")
_NAMED = "the importer takes the state id as it is, and provider-upjet-aws names the resource by it"
_SETUP = {"client_metadata": {"account_id": "123456789012", "partition": "aws"}}

CURATED: dict[str, Resource] = {
    "aws_vpc": Resource(
        short_group="ec2", kind="VPC", external_name=_PROBED,
        lookup=Lookup("aws_vpcs"),
        example=Example({"region": REGION, "cidrBlock": "10.0.0.0/16", "tags": {"Name": "example"}},
                        name="example-vpc"),
    ),
    "aws_subnet": Resource(
        short_group="ec2", kind="Subnet", external_name=_PROBED,
        lookup=Lookup("aws_subnets"),
        references={"vpc_id": Reference("aws_vpc")},
        # Either the zone or its ID: copying the other one back conflicts.
        late_init_ignore=("availability_zone_id",),
        example=Example({"region": REGION, "cidrBlock": "10.0.1.0/24", "availabilityZone": "us-east-1a",
                         "vpcIdRef": {"name": "example-vpc"}}, name="example-subnet"),
    ),
    "aws_security_group": Resource(
        short_group="ec2", kind="SecurityGroup", external_name=_PROBED,
        lookup=Lookup("aws_security_groups"),
        references={"vpc_id": Reference("aws_vpc")},
        example=Example({"region": REGION, "name": "example-sg", "description": "Allow TLS inbound",
                         "vpcIdRef": {"name": "example-vpc"}}, name="example-sg"),
    ),
    "aws_vpc_security_group_ingress_rule": Resource(
        short_group="ec2", kind="SecurityGroupIngressRule", external_name=_PROBED,
        references={"security_group_id": Reference("aws_security_group")},
        example=Example({"region": REGION, "cidrIpv4": "10.0.0.0/8", "fromPort": 443, "toPort": 443,
                         "ipProtocol": "tcp", "securityGroupIdRef": {"name": "example-sg"}},
                        name="example-ingress"),
    ),
    "aws_s3_bucket": Resource(
        short_group="s3", kind="Bucket", version="v1beta2",
        external_name=parameter_as_identifier("bucket").sourced("probe+upjet", _NAMED),
        example=Example({"region": REGION, "tags": {"Name": "example"}}, name="example-bucket-tfbridge"),
    ),
    "aws_iam_role": Resource(
        short_group="iam", kind="Role", external_name=name_as_identifier().sourced("probe+upjet", _NAMED),
        example=Example({"assumeRolePolicy": _ASSUME_ROLE}, name="example-role"),
    ),
    "aws_iam_user": Resource(
        short_group="iam", kind="User", external_name=name_as_identifier().sourced("probe+upjet", _NAMED),
        example=Example({"path": "/"}, name="example-user"),
    ),
    "aws_iam_access_key": Resource(
        short_group="iam", kind="AccessKey",
        external_name=identifier_from_provider().sourced("probe", "the importer reads the key by its ID, the state id"),
        # The user's observed id (its name), not its external name, which is known before the user exists.
        references={"user": Reference("aws_iam_user", "id")},
        example=Example({"userRef": {"name": "example-user"}}, name="example-access-key",
                        connection_secret_namespace="crossplane-system"),
    ),
    "aws_iam_policy": Resource(
        short_group="iam", kind="Policy",
        external_name=name_as_identifier().with_get_id(_iam_policy_arn)
        .with_get_external_name(_last_arn_segment)
        .sourced("probe+upjet", "the importer takes the state id, the policy ARN built from account, path and name",
                 IDExample("arn:aws:iam::123456789012:policy/x/pol", "pol", {"path": "/x/"},
                           {"id": "arn:aws:iam::123456789012:policy/x/pol"}, _SETUP)),
        example=Example({"policy": _POLICY, "description": "example"}, name="example-policy"),
    ),
    "aws_iam_role_policy_attachment": Resource(
        short_group="iam", kind="RolePolicyAttachment",
        external_name=composite_from_parameters("/", "role", "policy_arn").sourced(
            "probe", "expected <role-name>/<policy_arn>; the state id after a create is another, random one",
            IDExample("partone/parttwo", "partone/parttwo", {"role": "partone", "policy_arn": "parttwo"},
                      {"id": "partone-parttwo", "role": "partone", "policy_arn": "parttwo"})),
        # The role's observed id (its name), not its external name, which is known before the role exists.
        references={"role": Reference("aws_iam_role", "id"), "policy_arn": Reference("aws_iam_policy", "arn")},
        example=Example({"roleRef": {"name": "example-role"}, "policyArnRef": {"name": "example-policy"}},
                        name="example-attachment"),
    ),
    "aws_sqs_queue": Resource(
        short_group="sqs", kind="Queue", external_name=_PROBED,
        # Queue creation waits for attribute propagation; moto alone takes ~25 s.
        timeouts=Timeouts(create=600, update=600, delete=600, observe=300),
        example=Example({"region": REGION, "name": "example-queue"}, name="example-queue"),
    ),
    "aws_sns_topic": Resource(
        short_group="sns", kind="Topic",
        external_name=templated(
            "name", "arn:{{ .setup.client_metadata.partition }}:sns:{{ .parameters.region }}:"
                    "{{ .setup.client_metadata.account_id }}:{{ .external_name }}").sourced(
            "probe+upjet", "the importer takes the state id, the topic ARN",
            IDExample("arn:aws:sns:us-east-1:123456789012:t1", "t1", {"region": "us-east-1"},
                      {"id": "arn:aws:sns:us-east-1:123456789012:t1"}, _SETUP)),
        example=Example({"region": REGION}, name="example-topic"),
    ),
    "aws_dynamodb_table": Resource(
        short_group="dynamodb", kind="Table", version="v1beta2",
        external_name=name_as_identifier().sourced("probe+upjet", _NAMED),
        # Point-in-time recovery on: a table export (aws_dynamodb_table_export) reads the table as of a
        # point in time, which the service refuses for a table without it.
        example=Example({"region": REGION, "billingMode": "PAY_PER_REQUEST", "hashKey": "id",
                         "attribute": [{"name": "id", "type": "S"}], "pointInTimeRecovery": {"enabled": True}},
                        name="example-table"),
    ),
    "aws_kms_key": Resource(
        short_group="kms", kind="Key", external_name=_PROBED,
        # Not importable: never copied back from the cloud, so an import does not fight the spec.
        late_init_ignore=("deletion_window_in_days", "bypass_policy_lockout_safety_check"),
        example=Example({"region": REGION, "description": "example key", "deletionWindowInDays": 7},
                        name="example-key"),
    ),
    "aws_route53_zone": Resource(
        short_group="route53", kind="Zone", external_name=_PROBED,
        # Deleted with the records left in it: a records-exclusive object's delete leaves its records.
        example=Example({"region": REGION, "name": "example.com", "forceDestroy": True}, name="example-zone"),
    ),
    "aws_route53_record": Resource(
        short_group="route53", kind="Record", version="v1beta2",
        external_name=identifier_from_provider().with_get_id(idfns.route53_record_id).sourced(
            "probe", "expected ZONEID_RECORDNAME_TYPE_SET-IDENTIFIER, where SET-IDENTIFIER is optional",
            IDExample("Z4KAPRWWNC7JR_dev.example.com_NS_dev", "Z4KAPRWWNC7JR_dev.example.com_NS_dev",
                      {"zone_id": "Z4KAPRWWNC7JR", "name": "dev.example.com", "type": "NS", "set_identifier": "dev"})),
        references={"zone_id": Reference("aws_route53_zone")},
        example=Example({"region": REGION, "name": "www.example.com", "type": "A", "ttl": 300,
                         "records": ["192.0.2.1"], "zoneIdRef": {"name": "example-zone"}},
                        name="example-record"),
    ),
    "aws_cloudwatch_log_group": Resource(
        short_group="cloudwatchlogs", kind="Group", external_name=name_as_identifier().sourced("probe+upjet", _NAMED),
        example=Example({"region": REGION, "retentionInDays": 7}, name="example-log-group"),
    ),
    "aws_ecr_repository": Resource(
        short_group="ecr", kind="Repository", version="v1beta2",
        external_name=name_as_identifier().sourced("probe+upjet", _NAMED),
        example=Example({"region": REGION, "imageTagMutability": "MUTABLE"}, name="example-repository"),
    ),
    "aws_secretsmanager_secret": Resource(
        short_group="secretsmanager", kind="Secret", external_name=_PROBED,
        example=Example({"region": REGION, "name": "example-secret", "recoveryWindowInDays": 0},
                        name="example-secret"),
    ),
}

PROVIDER = Provider(
    name="aws",
    source="hashicorp/aws",
    version="5.100.0",
    root_group="aws.tfbridge.io",
    resource_prefix="aws_",
    default_version="v1beta1",
    group_rules=catalog.GROUP_RULES,
    injected_fields=(
        InjectedField("region", "Region is the region you'd like your resource to be created in.",
                      required=True, except_groups=("iam",), example=REGION, pattern=REGION_PATTERN),
    ),
    removed_parameters=("tags_all",),
    late_init_ignore=("name_prefix", "bucket_prefix"),
    credentials=Credentials(env={
        "access_key": "AWS_ACCESS_KEY_ID",
        "secret_key": "AWS_SECRET_ACCESS_KEY",
        "session_token": "AWS_SESSION_TOKEN",
    }, provider_arguments=("access_key", "secret_key", "token"), profile={
        "aws_access_key_id": "AWS_ACCESS_KEY_ID",
        "aws_secret_access_key": "AWS_SECRET_ACCESS_KEY",
        "aws_session_token": "AWS_SESSION_TOKEN",
    }, required=("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"), upjet_aws=True),
    # IAM is global: its kinds have no region field, but the provider block needs one.
    provider_defaults={"region": REGION},
    identity={"account_id": "data.aws_caller_identity.this.account_id",
              "partition": "data.aws_partition.this.partition"},
    tagging=Tagging(),
    # An ARN names one object in all of AWS. Not ``id``: some resources' ``id`` is made up at create
    # (aws_iam_role_policy_attachment's is the role's name and a random suffix), and an import sets it
    # to the import ID instead.
    identifying_attributes=("arn",),
    not_found=NOT_FOUND,
    exclude=catalog.EXCLUDED,
    local_files=LOCAL_FILES,
    # As provider-upjet-aws: blocks of at most one element are objects. The kinds upjet once served
    # with lists (config/old-singleton-list-apis.txt) it serves with objects at v1beta2, and so do we.
    embed_singletons=True,
    # As provider-upjet-aws's aws.m.upbound.io: every kind a second time, namespaced (Crossplane v2).
    namespaced_root_group="aws.m.tfbridge.io",
    package=Package(registry="xpkg.example.com/tfbridge", license="Apache-2.0"),
    resources=catalog.resources(CURATED),
)
