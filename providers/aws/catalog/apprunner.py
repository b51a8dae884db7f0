"""apprunner: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_apprunner_auto_scaling_configuration_version": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "autoScalingConfigurationName": "example",
                "maxConcurrency": 50,
                "maxSize": 10,
                "minSize": 2,
                "tags": {"Name": "example-apprunner-autoscaling"},
            }
        ),
    ),
    "aws_apprunner_connection": Resource(
        external_name=by_name("connection_name"),
        example=Example(
            {"region": "us-east-1", "providerType": "GITHUB", "tags": {"Name": "example-apprunner-connection"}}
        ),
    ),
    "aws_apprunner_custom_domain_association": Resource(
        external_name=PROBED,
    ),
    "aws_apprunner_default_auto_scaling_configuration_version": Resource(
        external_name=PROBED,
    ),
    "aws_apprunner_observability_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "observabilityConfigurationName": "example",
                "tags": {"Name": "example-apprunner-observability-configuration"},
                "traceConfiguration": {"vendor": "AWSXRAY"},
            }
        ),
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
        example=Example(
            {
                "region": "us-east-1",
                "serviceName": "example",
                "tags": {"Name": "example-apprunner-service"},
                "networkConfiguration": {
                    "egressConfiguration": {"egressType": "VPC", "vpcConnectorArnRef": {"name": "example-vpcconnector"}}
                },
                "sourceConfiguration": {
                    "authenticationConfiguration": {"connectionArnRef": {"name": "example-connection"}},
                    "codeRepository": {
                        "repositoryUrl": "https://github.com/example/my-example-python-app",
                        "codeConfiguration": {
                            "configurationSource": "API",
                            "codeConfigurationValues": {
                                "buildCommand": "python setup.py develop",
                                "port": "8000",
                                "runtime": "PYTHON_3",
                                "startCommand": "python runapp.py",
                            },
                        },
                        "sourceCodeVersion": {"type": "BRANCH", "value": "main"},
                    },
                },
            }
        ),
    ),
    "aws_apprunner_vpc_connector": Resource(
        external_name=PROBED,
        references={"security_groups": Reference("aws_security_group"), "subnets": Reference("aws_subnet")},
        example=Example(
            {
                "region": "us-east-1",
                "securityGroupRefs": [{"name": "example-sg"}],
                "subnetRefs": [{"name": "example-subnet"}],
                "vpcConnectorName": "name",
            }
        ),
    ),
    "aws_apprunner_vpc_ingress_connection": Resource(
        external_name=PROBED,
    ),
}
