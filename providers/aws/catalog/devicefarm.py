"""devicefarm: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_devicefarm_device_pool": Resource(
        external_name=PROBED,
        references={"project_arn": Reference("aws_devicefarm_project", "arn")},
    ),
    "aws_devicefarm_instance_profile": Resource(
        external_name=PROBED,
    ),
    "aws_devicefarm_network_profile": Resource(
        external_name=PROBED,
        references={"project_arn": Reference("aws_devicefarm_project", "arn")},
    ),
    "aws_devicefarm_project": Resource(
        external_name=PROBED,
    ),
    "aws_devicefarm_test_grid_project": Resource(
        external_name=PROBED,
        references={
            "vpc_config.security_group_ids": Reference("aws_security_group"),
            "vpc_config.subnet_ids": Reference("aws_subnet"),
            "vpc_config.vpc_id": Reference("aws_vpc"),
        },
    ),
    "aws_devicefarm_upload": Resource(
        external_name=PROBED,
        references={"project_arn": Reference("aws_devicefarm_project", "arn")},
    ),
}
