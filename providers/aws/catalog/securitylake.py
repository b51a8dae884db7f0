"""securitylake: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_securitylake_aws_log_source": Resource(
        external_name=PROBED,
    ),
    "aws_securitylake_custom_log_source": Resource(
        external_name=PROBED,
    ),
    "aws_securitylake_data_lake": Resource(
        external_name=PROBED,
    ),
    "aws_securitylake_subscriber": Resource(
        external_name=PROBED,
    ),
    "aws_securitylake_subscriber_notification": Resource(
        external_name=PROBED,
    ),
}
