"""chime: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_chime_voice_connector": Resource(
        external_name=by_name(),
    ),
    "aws_chime_voice_connector_group": Resource(
        external_name=by_name(),
        references={"connector.voice_connector_id": Reference("aws_chime_voice_connector")},
    ),
    "aws_chime_voice_connector_logging": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
    ),
    "aws_chime_voice_connector_origination": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
    ),
    "aws_chime_voice_connector_streaming": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
    ),
    "aws_chime_voice_connector_termination": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
    ),
    "aws_chime_voice_connector_termination_credentials": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
    ),
}
