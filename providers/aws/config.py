"""Hand-written configuration of the AWS provider (the upjet ``config/`` analogue).

Kinds, short groups and external-name strategies follow crossplane-contrib/provider-upjet-aws, so
manifests written for it fit with only the API group's root changed (``aws.upbound.io`` →
``aws.tfbridge.io``). As there, ``region`` is added to every resource outside ``iam`` and configures
the provider, and ``tags_all`` is observed only.

:data:`PROVIDER` configures every resource of the schema that can be managed safely. Each resource's
facts are data, one file per API group in ``catalog/`` (what is left out is there too, with its reason;
``docs/catalog-format.md`` describes the format), read by :func:`tfconfig.load_catalog` with the
import probe's answers (``import_probe.json``) as the default and the code they name in :mod:`.hooks`.
"""

from pathlib import Path

from providers.aws import hooks
from providers.aws.credentials import CREDENTIALS
from providers.aws.examples import EXAMPLE_VALUES
from providers.aws.localfiles import LOCAL_FILES
from providers.aws.notfound import import_not_found
from tfconfig import InjectedField, Package, Provider, Tagging, load_catalog

HERE = Path(__file__).resolve().parent

# How provider-upjet-aws spells the words of its kinds (``aws_vpc_endpoint`` → ``VPCEndpoint``,
# ``aws_s3_bucket`` → ``S3Bucket``), where no kind is named in the catalogue.
KIND_ACRONYMS: dict[str, str] = {
    "acl": "ACL", "ami": "AMI", "api": "API", "arn": "ARN", "cidr": "CIDR", "cpu": "CPU",
    "db": "DB", "dns": "DNS", "ebs": "EBS", "ec2": "EC2", "ecr": "ECR", "ecs": "ECS", "eip": "EIP",
    "eks": "EKS", "http": "HTTP", "https": "HTTPS", "iam": "IAM", "id": "ID", "ip": "IP",
    "ipv4": "IPv4", "ipv6": "IPv6", "json": "JSON", "kms": "KMS", "mfa": "MFA", "nat": "NAT",
    "oidc": "OIDC", "s3": "S3", "saml": "SAML", "sns": "SNS", "sql": "SQL", "sqs": "SQS",
    "ssl": "SSL", "ssm": "SSM", "sso": "SSO", "tls": "TLS", "ttl": "TTL", "uri": "URI",
    "url": "URL", "vpc": "VPC", "vpn": "VPN", "xml": "XML",
}  # fmt: skip

REGION = "us-east-1"
# Every region the aws 5.100 provider knows, in every partition (the region names its binary holds,
# eusc-de-east-1 included), and nothing else: a made-up region would be one more provider process, and
# no template syntax, spaces, slashes or commas reach the provider.
REGIONS = (
    "af-south-1", "ap-east-1", "ap-northeast-1", "ap-northeast-2", "ap-northeast-3", "ap-south-1", "ap-south-2",
    "ap-southeast-1", "ap-southeast-2", "ap-southeast-3", "ap-southeast-4", "ap-southeast-5", "ap-southeast-7",
    "ca-central-1", "ca-west-1", "cn-north-1", "cn-northwest-1", "eu-central-1", "eu-central-2", "eu-isoe-west-1",
    "eu-north-1", "eu-south-1", "eu-south-2", "eu-west-1", "eu-west-2", "eu-west-3", "eusc-de-east-1",
    "il-central-1", "me-central-1", "me-south-1", "mx-central-1", "sa-east-1", "us-east-1", "us-east-2",
    "us-gov-east-1", "us-gov-west-1", "us-iso-east-1", "us-iso-west-1", "us-isob-east-1", "us-isof-east-1",
    "us-isof-south-1", "us-west-1", "us-west-2",
)
REGION_PATTERN = f"^({'|'.join(REGIONS)})$"

CATALOG = load_catalog(HERE / "catalog", hooks=hooks, probe=HERE / "import_probe.json")

# The kinds the demo and the end-to-end scenarios apply, by their catalogue examples.
CURATED = frozenset({
    "aws_cloudwatch_log_group", "aws_dynamodb_table", "aws_ecr_repository", "aws_iam_access_key", "aws_iam_policy",
    "aws_iam_role", "aws_iam_role_policy_attachment", "aws_iam_user", "aws_kms_key", "aws_route53_record",
    "aws_route53_zone", "aws_s3_bucket", "aws_secretsmanager_secret", "aws_security_group", "aws_sns_topic",
    "aws_sqs_queue", "aws_subnet", "aws_vpc", "aws_vpc_security_group_ingress_rule",
})

PROVIDER = Provider(
    name="aws",
    source="hashicorp/aws",
    version="5.100.0",
    root_group="aws.tfbridge.io",
    resource_prefix="aws_",
    default_version="v1beta1",
    group_rules=CATALOG.group_rules,
    kind_acronyms=KIND_ACRONYMS,
    injected_fields=(
        InjectedField("region", "Region is the region you'd like your resource to be created in.",
                      required=True, except_groups=("iam",), example=REGION, pattern=REGION_PATTERN),
    ),
    removed_parameters=("tags_all",),
    late_init_ignore=("name_prefix", "bucket_prefix"),
    credentials=CREDENTIALS,
    # IAM is global: its kinds have no region field, but the provider block needs one.
    provider_defaults={"region": REGION},
    identity={"account_id": "data.aws_caller_identity.this.account_id",
              "partition": "data.aws_partition.this.partition"},
    tagging=Tagging(),
    # An ARN names one object in all of AWS. Not ``id``: some resources' ``id`` is made up at create
    # (aws_iam_role_policy_attachment's is the role's name and a random suffix), and an import sets it
    # to the import ID instead.
    identifying_attributes=("arn",),
    exclude=CATALOG.excluded,
    local_files=LOCAL_FILES,
    # As provider-upjet-aws: blocks of at most one element are objects. The kinds upjet once served
    # with lists (config/old-singleton-list-apis.txt) it serves with objects at v1beta2, and so do we,
    # with the lists still at v1beta1.
    embed_singletons=True,
    # As provider-upjet-aws serves them: a kind at v1beta2 is served at v1beta1 too (v1beta3: both), with
    # one-element lists there, and the provider's webhook converts between them.
    previous_versions=True,
    # As provider-upjet-aws names its list references (securityGroupIdRefs), and only the references the
    # catalogue declares: each is checked against upstream's.
    singular_list_refs=True,
    infer_references=False,
    # The catalogue says of every kind how it is named (its external name); none takes a default name.
    default_names=False,
    # As provider-upjet-aws's aws.m.upbound.io: every kind a second time, namespaced (Crossplane v2).
    namespaced_root_group="aws.m.tfbridge.io",
    package=Package(registry="xpkg.example.com/tfbridge", license="Apache-2.0"),
    example_values=EXAMPLE_VALUES,
    import_not_found=import_not_found,
    resources=CATALOG.resources,
)
