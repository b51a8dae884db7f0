"""licensemanager: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_licensemanager_association": Resource(
        external_name=PROBED,
        references={
            "license_configuration_arn": Reference("aws_licensemanager_license_configuration", "arn"),
            "resource_arn": Reference("aws_instance", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "licenseConfigurationArnRef": {"name": "example-licenseconfiguration"},
                "resourceArnRef": {"name": "example-instance"},
            }
        ),
    ),
    "aws_licensemanager_grant": Resource(
        external_name=PROBED,
    ),
    "aws_licensemanager_grant_accepter": Resource(
        external_name=PROBED,
    ),
    "aws_licensemanager_license_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example",
                "licenseCount": 10,
                "licenseCountHardLimit": True,
                "licenseCountingType": "Socket",
                "licenseRules": ["#minimumSockets=2"],
                "name": "Example",
                "tags": {"foo": "barr"},
            }
        ),
    ),
}
