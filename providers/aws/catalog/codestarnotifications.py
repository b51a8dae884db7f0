"""codestarnotifications: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codestarnotifications_notification_rule": Resource(
        external_name=PROBED,
        references={
            "resource": Reference("aws_codecommit_repository", "arn"),
            "target.address": Reference("aws_sns_topic", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "detailType": "BASIC",
                "eventTypeIds": ["codecommit-repository-comments-on-commits"],
                "name": "example-code-repo-commits",
                "resourceRef": {"name": "example-repository"},
                "target": [{"addressRef": {"name": "example-topic"}}],
            }
        ),
    ),
}
