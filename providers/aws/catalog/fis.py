"""fis: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Lookup, Reference, Resource

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
    ),
}
