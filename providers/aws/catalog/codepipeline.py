"""codepipeline: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_codepipeline": Resource(
        external_name=by_name(),
        references={
            "artifact_store.location": Reference("aws_s3_bucket"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_codepipeline_custom_action_type": Resource(
        external_name=PROBED,
    ),
    "aws_codepipeline_webhook": Resource(
        external_name=PROBED,
        references={"target_pipeline": Reference("aws_codepipeline")},
    ),
}
