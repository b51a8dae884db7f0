"""redshiftserverless: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_redshiftserverless_custom_domain_association": Resource(
        external_name=PROBED,
    ),
    "aws_redshiftserverless_endpoint_access": Resource(
        external_name=by_name("endpoint_name"),
        references={"subnet_ids": Reference("aws_subnet"), "vpc_security_group_ids": Reference("aws_security_group")},
        example=Example(
            {"region": "us-east-1", "subnetIdRefs": [{"name": "example-subnet"}], "workgroupName": "example"}
        ),
    ),
    "aws_redshiftserverless_namespace": Resource(
        external_name=by_name("namespace_name"),
        references={
            "default_iam_role_arn": Reference("aws_iam_role", "arn"),
            "iam_roles": Reference("aws_iam_role"),
            "kms_key_id": Reference("aws_kms_key"),
        },
        sensitive=("admin_user_password_wo",),
        late_init_ignore=("kms_key_id",),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_redshiftserverless_resource_policy": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_redshiftserverless_snapshot", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "resourceArnRef": {"name": "example-snapshot"},
            }
        ),
    ),
    "aws_redshiftserverless_snapshot": Resource(
        external_name=by_name("snapshot_name"),
        references={"namespace_name": Reference("aws_redshiftserverless_workgroup", "namespace_name")},
        example=Example({"region": "us-east-1", "namespaceNameRef": {"name": "example-workgroup"}}),
    ),
    "aws_redshiftserverless_usage_limit": Resource(
        external_name=PROBED,
        references={"resource_arn": Reference("aws_redshiftserverless_workgroup", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "amount": 60,
                "resourceArnRef": {"name": "example-workgroup"},
                "usageType": "serverless-compute",
            }
        ),
    ),
    "aws_redshiftserverless_workgroup": Resource(
        external_name=by_name("workgroup_name"),
        references={"security_group_ids": Reference("aws_security_group"), "subnet_ids": Reference("aws_subnet")},
        late_init_ignore=("config_parameter",),
        example=Example({"region": "us-east-1", "namespaceName": "concurrency-scaling"}),
    ),
}
