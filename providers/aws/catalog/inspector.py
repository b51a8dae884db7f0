"""inspector: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_inspector_assessment_target": Resource(
        external_name=PROBED,
    ),
    "aws_inspector_assessment_template": Resource(
        external_name=PROBED,
        references={
            "event_subscription.topic_arn": Reference("aws_sns_topic", "arn"),
            "target_arn": Reference("aws_inspector_assessment_target", "arn"),
        },
    ),
}
