"""dlm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_dlm_lifecycle_policy": Resource(
        external_name=PROBED,
        references={
            "execution_role_arn": Reference("aws_iam_role", "arn"),
            "policy_details.schedule.cross_region_copy_rule.cmk_arn": Reference("aws_kms_key", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "description": "example DLM lifecycle policy",
                "executionRoleArnRef": {"name": "example-role"},
                "state": "ENABLED",
                "policyDetails": {
                    "resourceTypes": ["VOLUME"],
                    "targetTags": {"Snapshot": "true"},
                    "schedule": [
                        {
                            "copyTags": False,
                            "name": "2 weeks of daily snapshots",
                            "tagsToAdd": {"SnapshotCreator": "DLM"},
                            "createRule": {"interval": 24, "intervalUnit": "HOURS", "times": ["23:45"]},
                            "retainRule": {"count": 14},
                        }
                    ],
                },
            }
        ),
    ),
}
