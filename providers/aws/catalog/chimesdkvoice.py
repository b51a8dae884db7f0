"""chimesdkvoice: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_chimesdkvoice_global_settings": Resource(
        external_name=PROBED,
    ),
    "aws_chimesdkvoice_sip_media_application": Resource(
        external_name=PROBED,
    ),
    "aws_chimesdkvoice_sip_rule": Resource(
        external_name=PROBED,
    ),
    "aws_chimesdkvoice_voice_profile_domain": Resource(
        external_name=PROBED,
    ),
}
