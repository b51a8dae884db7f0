"""ivs: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ivs_channel": Resource(
        external_name=PROBED,
    ),
    "aws_ivs_playback_key_pair": Resource(
        external_name=PROBED,
    ),
    "aws_ivs_recording_configuration": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "recording_configuration-1",
                "destinationConfiguration": {"s3": {"bucketName": "ivs-stream-archive"}},
            }
        ),
    ),
}
