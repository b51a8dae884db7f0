"""mwaa: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_mwaa_environment": Resource(
        external_name=by_name(),
        references={
            "execution_role_arn": Reference("aws_iam_role", "arn"),
            "kms_key": Reference("aws_kms_key"),
            "network_configuration.security_group_ids": Reference("aws_security_group"),
            "network_configuration.subnet_ids": Reference("aws_subnet"),
            "source_bucket_arn": Reference("aws_s3_bucket", "arn"),
        },
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "dagS3Path": "dags/",
                "executionRoleArnRef": {"name": "example-role"},
                "sourceBucketArnRef": {"name": "example-bucket-tfbridge"},
                "networkConfiguration": {
                    "securityGroupIdRefs": [{"name": "example-sg"}],
                    "subnetIdRefs": [{"name": "example-subnet"}],
                },
            }
        ),
    ),
}
