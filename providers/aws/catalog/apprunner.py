"""apprunner: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_apprunner_auto_scaling_configuration_version": Resource(
        external_name=PROBED,
    ),
    "aws_apprunner_connection": Resource(
        external_name=by_name("connection_name"),
    ),
    "aws_apprunner_custom_domain_association": Resource(
        external_name=PROBED,
    ),
    "aws_apprunner_default_auto_scaling_configuration_version": Resource(
        external_name=PROBED,
    ),
    "aws_apprunner_observability_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_apprunner_service": Resource(
        external_name=PROBED,
        references={
            "network_configuration.egress_configuration.vpc_connector_arn": Reference(
                "aws_apprunner_vpc_connector", "arn"
            ),
            "observability_configuration.observability_configuration_arn": Reference(
                "aws_apprunner_observability_configuration", "arn"
            ),
            "source_configuration.authentication_configuration.connection_arn": Reference(
                "aws_apprunner_connection", "arn"
            ),
        },
    ),
    "aws_apprunner_vpc_connector": Resource(
        external_name=PROBED,
        references={"security_groups": Reference("aws_security_group"), "subnets": Reference("aws_subnet")},
    ),
    "aws_apprunner_vpc_ingress_connection": Resource(
        external_name=PROBED,
    ),
}
