"""s3: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters

from .strategies import PROBED, by_name

# index.js, "exports.handler = async () => ({ statusCode: 200 });", zipped (deflate) and base64-encoded.
_ZIP = (
    "UEsDBBQAAAAIAAAAIVgMny87NwAAADUAAAAIAAAAaW5kZXguanNLrSjILyop1stIzEvJSS1SsFVILK7MS1bQ0FSwtVPQqFYoLkksKS12"
    "zk9JtVIwMjBQqNW05gIAUEsBAhQDFAAAAAgAAAAhWAyfLzs3AAAANQAAAAgAAAAAAAAAAAAAAKQBAAAAAGluZGV4LmpzUEsFBgAAAAAB"
    "AAEANgAAAF0AAAAAAA=="
)

RESOURCES: dict[str, Resource] = {
    "aws_s3_bucket_accelerate_configuration": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example({"region": "us-east-1", "bucketRef": {"name": "example-bucket-tfbridge"}, "status": "Enabled"}),
    ),
    "aws_s3_bucket_acl": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        late_init_ignore=(
            "access_control_policy",
            "acl",
        ),
        example=Example({"region": "us-east-1", "acl": "private", "bucketRef": {"name": "example-bucket-tfbridge"}}),
    ),
    "aws_s3_bucket_analytics_configuration": Resource(
        external_name=PROBED,
        references={
            "bucket": Reference("aws_s3_bucket"),
            "storage_class_analysis.data_export.destination.s3_bucket_destination.bucket_arn": Reference(
                "aws_s3_bucket", "arn"
            ),
        },
        # Storage class analysis of every object of the example bucket, seen in the console (no filter,
        # no export: moto keeps neither, and the provider would put them back at every observe).
        example=Example({"region": "us-east-1", "bucketRef": {"name": "example-bucket-tfbridge"}, "name": "EntireBucket"}),
    ),
    "aws_s3_bucket_cors_configuration": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "corsRule": [
                    {
                        "allowedHeaders": ["*"],
                        "allowedMethods": ["PUT", "POST"],
                        "allowedOrigins": ["https://s3-website-test.hashicorp.com"],
                        "exposeHeaders": ["ETag"],
                        "maxAgeSeconds": 3000,
                    },
                    {"allowedMethods": ["GET"], "allowedOrigins": ["*"]},
                ],
            }
        ),
    ),
    "aws_s3_bucket_intelligent_tiering_configuration": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "name": "EntireBucket",
                "tiering": [
                    {"accessTier": "DEEP_ARCHIVE_ACCESS", "days": 180},
                    {"accessTier": "ARCHIVE_ACCESS", "days": 125},
                ],
            }
        ),
    ),
    "aws_s3_bucket_inventory": Resource(
        external_name=PROBED,
        references={
            "bucket": Reference("aws_s3_bucket"),
            "destination.bucket.bucket_arn": Reference("aws_s3_bucket", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "includedObjectVersions": "All",
                "name": "EntireBucketDaily",
                "destination": {"bucket": {"bucketArnRef": {"name": "example-bucket-tfbridge"}, "format": "ORC"}},
                "schedule": {"frequency": "Daily"},
            }
        ),
    ),
    "aws_s3_bucket_lifecycle_configuration": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        # A rule needs its id (the provider requires it) and a filter: objects under logs/ expire after 90 days.
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "rule": [
                    {
                        "id": "expire-logs",
                        "status": "Enabled",
                        "filter": [{"prefix": "logs/"}],
                        "expiration": [{"days": 90}],
                    }
                ],
            }
        ),
    ),
    "aws_s3_bucket_logging": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket"), "target_bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "targetBucketRef": {"name": "example-bucket-tfbridge"},
                "targetPrefix": "log/",
                "targetObjectKeyFormat": {"partitionedPrefix": {"partitionDateSource": "EventTime"}},
            }
        ),
    ),
    "aws_s3_bucket_metric": Resource(
        external_name=PROBED,
        references={
            "bucket": Reference("aws_s3_bucket"),
            "filter.access_point": Reference("aws_s3_access_point", "arn"),
        },
        example=Example(
            {"region": "us-east-1", "bucketRef": {"name": "example-bucket-tfbridge"}, "name": "EntireBucket"}
        ),
    ),
    "aws_s3_bucket_notification": Resource(
        external_name=PROBED,
        references={
            "bucket": Reference("aws_s3_bucket"),
            "queue.queue_arn": Reference("aws_sqs_queue", "arn"),
            "topic.topic_arn": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "topic": [
                    {"events": ["s3:ObjectCreated:*"], "filterSuffix": ".log", "topicArnRef": {"name": "example-topic"}}
                ],
            }
        ),
    ),
    "aws_s3_bucket_object": Resource(
        external_name=composite_from_parameters("/", "bucket", "key").sourced(
            "probe",
            "expected <bucket>/<key> or s3://<bucket>/<key>",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"bucket": "partone", "key": "parttwo"},
                {"bucket": "partone", "id": "parttwo", "key": "parttwo"},
            ),
        ),
        references={"bucket": Reference("aws_s3_bucket"), "kms_key_id": Reference("aws_kms_key")},
        example=Example(
            {"region": "us-east-1", "bucketRef": {"name": "example-bucket-tfbridge"}, "key": "new_object_key"}
        ),
    ),
    "aws_s3_bucket_object_lock_configuration": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "rule": {"defaultRetention": {"days": 5, "mode": "COMPLIANCE"}},
            }
        ),
    ),
    "aws_s3_bucket_ownership_controls": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "rule": {"objectOwnership": "BucketOwnerPreferred"},
            }
        ),
    ),
    "aws_s3_bucket_policy": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "policy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
            }
        ),
    ),
    "aws_s3_bucket_public_access_block": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "blockPublicAcls": True,
                "blockPublicPolicy": True,
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "ignorePublicAcls": True,
                "restrictPublicBuckets": True,
            }
        ),
    ),
    "aws_s3_bucket_replication_configuration": Resource(
        external_name=PROBED,
        references={
            "bucket": Reference("aws_s3_bucket"),
            "role": Reference("aws_iam_role", "arn"),
            "rule.destination.bucket": Reference("aws_s3_bucket", "arn"),
            "rule.destination.encryption_configuration.replica_kms_key_id": Reference("aws_kms_key"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "roleRef": {"name": "example-role"},
                "rule": [
                    {
                        "status": "Enabled",
                        "destination": {"bucketRef": {"name": "example-bucket-tfbridge"}, "storageClass": "STANDARD"},
                        "filter": {"prefix": "example"},
                    }
                ],
            }
        ),
    ),
    "aws_s3_bucket_request_payment_configuration": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {"region": "us-east-1", "bucketRef": {"name": "example-bucket-tfbridge"}, "payer": "Requester"}
        ),
    ),
    "aws_s3_bucket_server_side_encryption_configuration": Resource(
        external_name=PROBED,
        references={
            "bucket": Reference("aws_s3_bucket"),
            "rule.apply_server_side_encryption_by_default.kms_master_key_id": Reference("aws_kms_key", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "rule": [
                    {
                        "applyServerSideEncryptionByDefault": {
                            "kmsMasterKeyIdRef": {"name": "example-key"},
                            "sseAlgorithm": "aws:kms",
                        }
                    }
                ],
            }
        ),
    ),
    "aws_s3_bucket_versioning": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "versioningConfiguration": {"status": "Enabled"},
            }
        ),
    ),
    "aws_s3_bucket_website_configuration": Resource(
        external_name=PROBED,
        references={"bucket": Reference("aws_s3_bucket")},
        late_init_ignore=(
            "routing_rule",
            "routing_rules",
        ),
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "errorDocument": {"key": "error.html"},
                "indexDocument": {"suffix": "index.html"},
                "routingRule": [
                    {"condition": {"keyPrefixEquals": "docs/"}, "redirect": {"replaceKeyPrefixWith": "documents/"}}
                ],
            }
        ),
    ),
    "aws_s3_directory_bucket": Resource(
        external_name=by_name("bucket"),
        # The name is the bucket's: a directory bucket's is <base-name>--<zone-id>--x-s3, its zone one of
        # the region's that serve S3 Express One Zone (use1-az4 in us-east-1).
        example=Example(
            {"region": "us-east-1", "location": [{"name": "use1-az4", "type": "AvailabilityZone"}]},
            name="example--use1-az4--x-s3",
        ),
    ),
    "aws_s3_object": Resource(
        external_name=composite_from_parameters("/", "bucket", "key").sourced(
            "probe+docs",
            "expected <bucket>/<key> or s3://<bucket>/<key>",
            IDExample(
                "partone/parttwo",
                "partone/parttwo",
                {"bucket": "partone", "key": "parttwo"},
                {"bucket": "partone", "id": "parttwo", "key": "parttwo"},
            ),
            IDExample(
                "some-bucket-name/some/key.txt",
                "some-bucket-name/some/key.txt",
                {"bucket": "some-bucket-name", "key": "some/key.txt"},
                source="docs",
            ),
        ),
        # The bucket's observed id (its name): the external name is known before the bucket exists, and an
        # upload to a bucket not made yet fails where it could have waited for it.
        references={"bucket": Reference("aws_s3_bucket", "id"), "kms_key_id": Reference("aws_kms_key")},
        late_init_ignore=(
            "etag",
            "kms_key_id",
        ),
        # A zip of one index.js (a Node.js handler): the Lambda function, layer and GameLift build
        # examples take their code from this object.
        example=Example(
            {
                "region": "us-east-1",
                "bucketRef": {"name": "example-bucket-tfbridge"},
                "contentBase64": _ZIP,
                "contentType": "application/zip",
                "key": "function.zip",
            }
        ),
    ),
}
