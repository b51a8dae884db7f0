"""configservice: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_config_aggregate_authorization": Resource(
        external_name=PROBED,
    ),
    "aws_config_config_rule": Resource(
        external_name=by_name(),
        references={"source.source_identifier": Reference("aws_lambda_function", "arn")},
    ),
    "aws_config_configuration_aggregator": Resource(
        external_name=by_name(),
        references={"organization_aggregation_source.role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_config_configuration_recorder": Resource(
        external_name=by_name(),
        references={"role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_config_configuration_recorder_status": Resource(
        external_name=by_name(),
    ),
    "aws_config_conformance_pack": Resource(
        external_name=by_name(),
    ),
    "aws_config_delivery_channel": Resource(
        external_name=by_name(),
        references={"s3_bucket_name": Reference("aws_s3_bucket")},
    ),
    "aws_config_organization_conformance_pack": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_config_organization_custom_policy_rule": Resource(
        external_name=PROBED,
    ),
    "aws_config_organization_custom_rule": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_config_organization_managed_rule": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_config_remediation_configuration": Resource(
        external_name=by_name("config_rule_name"),
    ),
    "aws_config_retention_configuration": Resource(
        external_name=PROBED,
    ),
}
