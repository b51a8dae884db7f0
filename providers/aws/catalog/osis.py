"""osis: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import by_name

PIPELINE_BODY = """version: "2"
log-pipeline:
  source:
    http:
      path: "/logs"
  sink:
    - s3:
        aws:
          sts_role_arn: "arn:aws:iam::123456789012:role/example"
          region: "us-east-1"
        bucket: "example-bucket"
        threshold:
          event_collect_timeout: "60s"
        codec:
          ndjson:
"""

RESOURCES: dict[str, Resource] = {
    "aws_osis_pipeline": Resource(
        external_name=by_name("pipeline_name"),
        # A Data Prepper pipeline (configuration version 2) taking logs over HTTP and writing them to
        # S3 as NDJSON. The body is YAML text, which no reference can fill: the role the sink assumes is
        # written as an ARN of the account.
        example=Example(
            {
                "region": "us-east-1",
                "maxUnits": 1,
                "minUnits": 1,
                "pipelineConfigurationBody": PIPELINE_BODY,
            }
        ),
    ),
}
