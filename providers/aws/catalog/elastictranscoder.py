"""elastictranscoder: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_elastictranscoder_pipeline": Resource(
        external_name=PROBED,
        references={
            "content_config.bucket": Reference("aws_s3_bucket"),
            "input_bucket": Reference("aws_s3_bucket"),
            "role": Reference("aws_iam_role", "arn"),
            "thumbnail_config.bucket": Reference("aws_s3_bucket"),
        },
    ),
    "aws_elastictranscoder_preset": Resource(
        external_name=PROBED,
    ),
}
