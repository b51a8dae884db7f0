"""s3control: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Reference, Resource, composite_from_parameters

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_s3_access_point": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket"), "vpc_configuration.vpc_id": Reference("aws_vpc")},
    ),
    "aws_s3_account_public_access_block": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_access_grant": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_access_grants_instance": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_access_grants_instance_resource_policy": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_access_grants_location": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_access_point_policy": Resource(
        external_name=composite_from_parameters(",", "access_point_arn").sourced(
            "probe+docs",
            "the import ID is the access point ARN",
            IDExample(
                "arn:aws:s3:us-west-2:123456789012:accesspoint/example",
                "arn:aws:s3:us-west-2:123456789012:accesspoint/example",
                {"access_point_arn": "arn:aws:s3:us-west-2:123456789012:accesspoint/example"},
                source="docs",
            ),
        ),
        references={"access_point_arn": Reference("aws_s3_access_point", "arn")},
    ),
    "aws_s3control_bucket": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_bucket_lifecycle_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_bucket_policy": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_directory_bucket_access_point_scope": Resource(
        external_name=composite_from_parameters(",", "name", "account_id").sourced(
            "probe",
            "expected 2 parts separated by ','",
            IDExample(
                "partone,parttwo",
                "partone,parttwo",
                {"account_id": "parttwo", "name": "partone"},
                {"account_id": "parttwo", "name": "partone"},
            ),
        ),
    ),
    "aws_s3control_multi_region_access_point": Resource(
        external_name=PROBED,
        references={"details.region.bucket": Reference("aws_s3_bucket")},
    ),
    "aws_s3control_multi_region_access_point_policy": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_object_lambda_access_point": Resource(
        external_name=PROBED,
        references={
            "configuration.supporting_access_point": Reference("aws_s3_access_point", "arn"),
            "configuration.transformation_configuration.content_transformation.aws_lambda.function_arn": Reference(
                "aws_lambda_function", "arn"
            ),
        },
    ),
    "aws_s3control_object_lambda_access_point_policy": Resource(
        external_name=PROBED,
        references={"name": Reference("aws_s3control_object_lambda_access_point", "name")},
    ),
    "aws_s3control_storage_lens_configuration": Resource(
        external_name=PROBED,
        references={
            "storage_lens_configuration.data_export.s3_bucket_destination.arn": Reference("aws_s3_bucket", "arn"),
            "storage_lens_configuration.exclude.buckets": Reference("aws_s3_bucket", "arn"),
        },
    ),
}
