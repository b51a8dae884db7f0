"""pinpointsmsvoicev2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_pinpointsmsvoicev2_configuration_set": Resource(
        external_name=PROBED,
    ),
    "aws_pinpointsmsvoicev2_opt_out_list": Resource(
        external_name=PROBED,
    ),
    "aws_pinpointsmsvoicev2_phone_number": Resource(
        external_name=PROBED,
    ),
}
