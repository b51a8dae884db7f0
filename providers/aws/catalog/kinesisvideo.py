"""kinesisvideo: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_kinesis_video_stream": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
        example=Example(
            {
                "region": "us-east-1",
                "dataRetentionInHours": 1,
                "deviceName": "kinesis-video-device-name",
                "mediaType": "video/h264",
                "name": "terraform-kinesis-video-stream",
                "tags": {"Name": "terraform-kinesis-video-stream"},
            }
        ),
    ),
}
