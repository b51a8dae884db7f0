"""appstream: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_appstream_directory_config": Resource(
        external_name=PROBED,
    ),
    "aws_appstream_fleet": Resource(
        external_name=PROBED,
        references={"iam_role_arn": Reference("aws_iam_role", "arn"), "vpc_config.subnet_ids": Reference("aws_subnet")},
        timeouts=SLOW,
    ),
    "aws_appstream_fleet_stack_association": Resource(
        external_name=PROBED,
        references={
            "fleet_name": Reference("aws_appstream_fleet", "name"),
            "stack_name": Reference("aws_appstream_stack", "name"),
        },
    ),
    "aws_appstream_image_builder": Resource(
        external_name=by_name(),
        references={"iam_role_arn": Reference("aws_iam_role", "arn"), "vpc_config.subnet_ids": Reference("aws_subnet")},
    ),
    "aws_appstream_stack": Resource(
        external_name=PROBED,
    ),
    "aws_appstream_user": Resource(
        external_name=PROBED,
    ),
    "aws_appstream_user_stack_association": Resource(
        external_name=PROBED,
        references={
            "authentication_type": Reference("aws_appstream_user", "authentication_type"),
            "stack_name": Reference("aws_appstream_stack", "name"),
            "user_name": Reference("aws_appstream_user"),
        },
    ),
}
