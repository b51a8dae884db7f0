"""fis: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Lookup, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_fis_experiment_template": Resource(
        external_name=PROBED,
        references={
            "experiment_report_configuration.data_sources.cloudwatch_dashboard.dashboard_arn": Reference(
                "aws_cloudwatch_dashboard", "dashboard_arn"
            ),
            "experiment_report_configuration.outputs.s3_configuration.bucket_name": Reference("aws_s3_bucket"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        lookup=Lookup("aws_fis_experiment_templates"),
        example=Example(
            {
                "region": "us-east-1",
                "description": "example",
                "roleArnRef": {"name": "example-role"},
                "action": [
                    {
                        "actionId": "aws:ec2:terminate-instances",
                        "name": "example-action",
                        "target": {"key": "Instances", "value": "example-target"},
                    }
                ],
                "stopCondition": [{"source": "none"}],
                "target": [
                    {
                        "name": "example-target",
                        "resourceType": "aws:ec2:instance",
                        "selectionMode": "COUNT(1)",
                        "resourceTag": [{"key": "env", "value": "example"}],
                    }
                ],
            }
        ),
    ),
}
