"""devicefarm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_devicefarm_device_pool": Resource(
        external_name=PROBED,
        references={"project_arn": Reference("aws_devicefarm_project", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "projectArnRef": {"name": "example-project"},
                "rule": [{"attribute": "OS_VERSION", "operator": "EQUALS", "value": '"AVAILABLE"'}],
            }
        ),
    ),
    "aws_devicefarm_instance_profile": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "example"}),
    ),
    "aws_devicefarm_network_profile": Resource(
        external_name=PROBED,
        references={"project_arn": Reference("aws_devicefarm_project", "arn")},
        example=Example({"region": "us-east-1", "name": "example", "projectArnRef": {"name": "example-project"}}),
    ),
    "aws_devicefarm_project": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "my-device-farm"}),
    ),
    "aws_devicefarm_test_grid_project": Resource(
        external_name=PROBED,
        references={
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnet_ids": Reference("aws_subnet"),
            "vpc_config.vpc_id": Reference("aws_vpc"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "vpcConfig": {
                    "securityGroupIdRefs": [{"name": "example-sg"}],
                    "subnetIdRefs": [{"name": "example-subnet"}],
                    "vpcIdRef": {"name": "example-vpc"},
                },
            }
        ),
    ),
    "aws_devicefarm_upload": Resource(
        external_name=PROBED,
        references={"project_arn": Reference("aws_devicefarm_project", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "projectArnRef": {"name": "example-project"},
                "type": "APPIUM_JAVA_TESTNG_TEST_SPEC",
            }
        ),
    ),
}
