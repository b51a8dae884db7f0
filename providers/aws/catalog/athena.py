"""athena: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_athena_capacity_reservation": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
    ),
    "aws_athena_data_catalog": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example Athena data catalog",
                "parameters": {
                    "function": "arn:aws:lambda:eu-central-1:123456789012:function:not-important-lambda-function"
                },
                "tags": {"Name": "example-athena-data-catalog"},
                "type": "LAMBDA",
            }
        ),
    ),
    "aws_athena_database": Resource(
        external_name=by_name(),
        # The bucket name as observed: the external name is known before the bucket exists.
        references={"bucket": Reference("aws_s3_bucket", "bucket")},
        # Named with letters only: the database's name is the object's, and Athena allows lowercase letters,
        # digits and underscores in it.
        example=Example({"region": "us-east-1", "bucketRef": {"name": "example-bucket-tfbridge"}},
                        name="exampledatabase"),
    ),
    "aws_athena_named_query": Resource(
        external_name=PROBED,
        references={"database": Reference("aws_athena_database"), "workgroup": Reference("aws_athena_workgroup")},
        example=Example(
            {
                "region": "us-east-1",
                "databaseRef": {"name": "exampledatabase"},
                "name": "bar",
                "query": "example",
                "workgroupRef": {"name": "example-workgroup"},
            }
        ),
    ),
    "aws_athena_prepared_statement": Resource(
        external_name=PROBED,
        references={"workgroup": Reference("aws_athena_workgroup")},
        # A statement of the example workgroup, with one parameter.
        example=Example(
            {
                "region": "us-east-1",
                "name": "tf_test",
                "queryStatement": "SELECT * FROM example WHERE x = ?",
                "workgroupRef": {"name": "example-workgroup"},
            }
        ),
    ),
    "aws_athena_workgroup": Resource(
        external_name=by_name(),
        references={
            "configuration.result_configuration.encryption_configuration.kms_key_arn": Reference("aws_kms_key", "arn")
        },
        example=Example(
            {
                "region": "us-east-1",
                "configuration": {
                    "enforceWorkgroupConfiguration": True,
                    "publishCloudwatchMetricsEnabled": True,
                    "resultConfiguration": {
                        "encryptionConfiguration": {
                            "encryptionOption": "SSE_KMS",
                            "kmsKeyArnRef": {"name": "example-key"},
                        }
                    },
                },
            }
        ),
    ),
}
