"""inspector: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_inspector_assessment_target": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "assessment target"}),
    ),
    "aws_inspector_assessment_template": Resource(
        external_name=PROBED,
        references={
            "event_subscription.topic_arn": Reference("aws_sns_topic", "arn"),
            "target_arn": Reference("aws_inspector_assessment_target", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "duration": 3600,
                "name": "example",
                "rulesPackageArns": [
                    "arn:aws:inspector:us-west-2:758058086616:rulespackage/0-9hgA516p",
                    "arn:aws:inspector:us-west-2:758058086616:rulespackage/0-H5hpSawc",
                    "arn:aws:inspector:us-west-2:758058086616:rulespackage/0-JJOtZiqQ",
                    "arn:aws:inspector:us-west-2:758058086616:rulespackage/0-vg5GGHSD",
                ],
                "targetArnRef": {"name": "example-assessmenttarget"},
                "eventSubscription": [{"event": "ASSESSMENT_RUN_COMPLETED", "topicArnRef": {"name": "example-topic"}}],
            }
        ),
    ),
}
