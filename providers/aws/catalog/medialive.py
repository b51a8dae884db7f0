"""medialive: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_medialive_channel": Resource(
        external_name=PROBED,
        references={
            "input_attachments.input_id": Reference("aws_medialive_input"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        sensitive=(
            "encoder_settings.output_groups.output_group_settings.hls_group_settings.hls_cdn_settings.hls_akamai_settings.token",
        ),
    ),
    "aws_medialive_input": Resource(
        external_name=PROBED,
        references={
            "input_security_groups": Reference("aws_medialive_input_security_group"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_medialive_input_security_group": Resource(
        external_name=PROBED,
    ),
    "aws_medialive_multiplex": Resource(
        external_name=PROBED,
    ),
    "aws_medialive_multiplex_program": Resource(
        external_name=PROBED,
    ),
}
