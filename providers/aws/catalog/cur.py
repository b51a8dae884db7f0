"""cur: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_cur_report_definition": Resource(
        external_name=by_name("report_name"),
        # The bucket name as observed: the external name is known before the bucket exists.
        references={"s3_bucket": Reference("aws_s3_bucket", "bucket")},
        example=Example(
            {
                "region": "us-east-1",
                "additionalArtifacts": ["REDSHIFT", "QUICKSIGHT"],
                "additionalSchemaElements": ["RESOURCES", "SPLIT_COST_ALLOCATION_DATA"],
                "compression": "GZIP",
                "format": "textORcsv",
                "s3BucketRef": {"name": "example-bucket-tfbridge"},
                "s3Prefix": "example-cur-report",
                "s3Region": "us-east-1",
                "timeUnit": "HOURLY",
            }
        ),
    ),
}
