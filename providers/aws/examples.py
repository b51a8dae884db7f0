"""What AWS's validation accepts where a generated example has a placeholder: ARNs of the form the
provider checks (partition, service, region, account), and a resource policy any service takes."""

from tfconfig import ExampleValues

ACCOUNT = "123456789012"  # the account ID every generated example uses (codegen's placeholder account)
REGION = "us-east-1"
# A resource policy any service's validation accepts (a principal, an action, a resource).
POLICY = ('{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::'
          + ACCOUNT + ':root"},"Action":"*","Resource":"*"}]}')
# By the words of an ``<what>_arn`` argument's name, first match; a service may check its own ARNs.
ARNS: tuple[tuple[str, str], ...] = (
    ("role", f"arn:aws:iam::{ACCOUNT}:role/example"),
    ("kms", f"arn:aws:kms:{REGION}:{ACCOUNT}:key/1234abcd-12ab-34cd-56ef-1234567890ab"),
    ("key", f"arn:aws:kms:{REGION}:{ACCOUNT}:key/1234abcd-12ab-34cd-56ef-1234567890ab"),
    ("topic", f"arn:aws:sns:{REGION}:{ACCOUNT}:example"),
    ("queue", f"arn:aws:sqs:{REGION}:{ACCOUNT}:example"),
    ("lambda", f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:example"),
    ("function", f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:example"),
    ("bucket", "arn:aws:s3:::example"),
    ("certificate", f"arn:aws:acm:{REGION}:{ACCOUNT}:certificate/12345678-1234-1234-1234-123456789012"),
    ("stream", f"arn:aws:kinesis:{REGION}:{ACCOUNT}:stream/example"),
    ("log", f"arn:aws:logs:{REGION}:{ACCOUNT}:log-group:example"),
    ("secret", f"arn:aws:secretsmanager:{REGION}:{ACCOUNT}:secret:example-AbCdEf"),
    ("user", f"arn:aws:iam::{ACCOUNT}:user/example"),
    ("security", f"arn:aws:ec2:{REGION}:{ACCOUNT}:security-group/sg-0123456789abcdef0"),
    ("agent", f"arn:aws:datasync:{REGION}:{ACCOUNT}:agent/agent-0123456789abcdef0"),
    ("", f"arn:aws:iam::{ACCOUNT}:role/example"),
)
# The Glue Data Catalog's ``catalog_id`` is an account ID too.
EXAMPLE_VALUES = ExampleValues(arns=ARNS, policy=POLICY,
                               account_arguments=("account_id", "aws_account_id", "catalog_id"))
