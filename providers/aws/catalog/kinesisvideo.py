"""kinesisvideo: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_kinesis_video_stream": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
    ),
}
