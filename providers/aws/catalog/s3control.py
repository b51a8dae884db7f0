"""s3control: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_s3_access_point": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket"), "vpc_configuration.vpc_id": Reference("aws_vpc")},
        example=Example({"region": "us-east-1", "bucketRef": {"name": "example-bucket-tfbridge"}, "name": "example"}),
    ),
    "aws_s3_account_public_access_block": Resource(
        external_name=PROBED,
    ),
    "aws_s3control_access_grant": Resource(
        external_name=PROBED,
        references={
            "access_grants_location_id": Reference("aws_s3control_access_grants_location", "access_grants_location_id")
        },
        # The example role may read under the example location.
        example=Example(
            {
                "region": "us-east-1",
                "accessGrantsLocationIdRef": {"name": "example-accessgrantslocation"},
                "grantee": [{"granteeIdentifier": "arn:aws:iam::123456789012:role/example", "granteeType": "IAM"}],
                "permission": "READ",
            }
        ),
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
        example=Example(
            {
                "region": "us-east-1",
                "accessPointArnRef": {"name": "example-accesspoint"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
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
        example=Example(
            {
                "region": "us-east-1",
                "details": {
                    "name": "example",
                    "region": [
                        {"bucketRef": {"name": "example-bucket-tfbridge"}},
                        {"bucketRef": {"name": "example-bucket-tfbridge"}},
                    ],
                },
            }
        ),
    ),
    "aws_s3control_multi_region_access_point_policy": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "details": {
                    "name": "example",
                    "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                },
            }
        ),
    ),
    "aws_s3control_object_lambda_access_point": Resource(
        external_name=PROBED,
        references={
            "configuration.supporting_access_point": Reference("aws_s3_access_point", "arn"),
            "configuration.transformation_configuration.content_transformation.aws_lambda.function_arn": Reference(
                "aws_lambda_function", "arn"
            ),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "configuration": {
                    "supportingAccessPointRef": {"name": "example-accesspoint"},
                    "transformationConfiguration": [
                        {
                            "actions": ["GetObject"],
                            "contentTransformation": {"awsLambda": {"functionArnRef": {"name": "example-function"}}},
                        }
                    ],
                },
            }
        ),
    ),
    "aws_s3control_object_lambda_access_point_policy": Resource(
        external_name=PROBED,
        references={"name": Reference("aws_s3control_object_lambda_access_point", "name")},
        example=Example(
            {
                "region": "us-east-1",
                "nameRef": {"name": "example-objectlambdaaccesspoint"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_s3control_storage_lens_configuration": Resource(
        external_name=PROBED,
        references={
            "storage_lens_configuration.data_export.s3_bucket_destination.arn": Reference("aws_s3_bucket", "arn"),
            "storage_lens_configuration.exclude.buckets": Reference("aws_s3_bucket", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "configId": "example-1",
                "storageLensConfiguration": {
                    "enabled": True,
                    "accountLevel": {
                        "activityMetrics": {"enabled": True},
                        "bucketLevel": {"activityMetrics": {"enabled": True}},
                    },
                    "dataExport": {
                        "cloudWatchMetrics": {"enabled": True},
                        "s3BucketDestination": {
                            "accountId": "example",
                            "arnRef": {"name": "example-bucket-tfbridge"},
                            "format": "CSV",
                            "outputSchemaVersion": "V_1",
                            "encryption": {},
                        },
                    },
                    "exclude": {"regions": ["us-east-2"]},
                },
            }
        ),
    ),
}
