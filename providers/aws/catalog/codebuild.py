"""codebuild: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codebuild_fleet": Resource(
        external_name=PROBED,
    ),
    "aws_codebuild_project": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
        references={
            "cache.location": Reference("aws_s3_bucket"),
            "service_role": Reference("aws_iam_role", "arn"),
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnets": Reference("aws_subnet"),
            "vpc_config.vpc_id": Reference("aws_vpc"),
        },
    ),
    "aws_codebuild_report_group": Resource(
        external_name=PROBED,
        references={
            "export_config.s3_destination.bucket": Reference("aws_s3_bucket"),
            "export_config.s3_destination.encryption_key": Reference("aws_kms_key", "arn"),
        },
    ),
    "aws_codebuild_resource_policy": Resource(
        external_name=PROBED,
    ),
    "aws_codebuild_source_credential": Resource(
        external_name=PROBED,
    ),
    "aws_codebuild_webhook": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by project_name but lists it as not tested: the state id is used"
        ),
        references={"project_name": Reference("aws_codebuild_project")},
    ),
}
