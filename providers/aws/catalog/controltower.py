"""controltower: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, composite_from_parameters

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_controltower_control": Resource(
        external_name=composite_from_parameters(",", "target_identifier", "control_identifier").sourced(
            "probe+upjet+docs",
            "two parts separated by ','",
            IDExample(
                "arn:aws:organizations::123456789101:ou/o-qqaejywet/ou-qg5o-ufbhdtv3,arn:aws:controltower:us-east-1::control/WTDSMKDKDNLE",
                "arn:aws:organizations::123456789101:ou/o-qqaejywet/ou-qg5o-ufbhdtv3,arn:aws:controltower:us-east-1::control/WTDSMKDKDNLE",
                {
                    "target_identifier": "arn:aws:organizations::123456789101:ou/o-qqaejywet/ou-qg5o-ufbhdtv3",
                    "control_identifier": "arn:aws:controltower:us-east-1::control/WTDSMKDKDNLE",
                },
                source="docs",
            ),
        ),
    ),
    "aws_controltower_landing_zone": Resource(
        external_name=PROBED,
    ),
}
