"""rbin: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_rbin_rule": Resource(
        external_name=PROBED,
        # Deleted EBS snapshots stay in the Recycle Bin for 7 days.
        example=Example(
            {
                "region": "us-east-1",
                "resourceType": "EBS_SNAPSHOT",
                "retentionPeriod": {"retentionPeriodUnit": "DAYS", "retentionPeriodValue": 7},
                "resourceTags": [{"resourceTagKey": "recycle", "resourceTagValue": "true"}],
            }
        ),
    ),
}
