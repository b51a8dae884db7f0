"""elastictranscoder: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_elastictranscoder_pipeline": Resource(
        external_name=PROBED,
        references={
            # The bucket name as observed: the external name is known before the bucket exists.
            "content_config.bucket": Reference("aws_s3_bucket", "bucket"),
            "input_bucket": Reference("aws_s3_bucket", "bucket"),
            "role": Reference("aws_iam_role", "arn"),
            "thumbnail_config.bucket": Reference("aws_s3_bucket", "bucket"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "inputBucketRef": {"name": "example-bucket-tfbridge"},
                # At most 40 characters (the provider's validation).
                "name": "tf_test_pipeline",
                "roleRef": {"name": "example-role"},
                "contentConfig": {"bucketRef": {"name": "example-bucket-tfbridge"}, "storageClass": "Standard"},
                "thumbnailConfig": {"bucketRef": {"name": "example-bucket-tfbridge"}, "storageClass": "Standard"},
            }
        ),
    ),
    "aws_elastictranscoder_preset": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "container": "mp4",
                "description": "Sample Preset",
                "name": "sample_preset",
                "audio": {"audioPackingMode": "SingleTrack", "codec": "AAC"},
                "audioCodecOptions": {"profile": "AAC-LC"},
                "thumbnails": {
                    "format": "png",
                    "maxHeight": "auto",
                    "maxWidth": "auto",
                    "paddingPolicy": "Pad",
                    "sizingPolicy": "Fit",
                },
                "video": {
                    "bitRate": "1600",
                    "codec": "H.264",
                    "displayAspectRatio": "16:9",
                    "fixedGop": "false",
                    "frameRate": "auto",
                    "maxFrameRate": "60",
                    "maxHeight": "auto",
                    "maxWidth": "auto",
                    "paddingPolicy": "Pad",
                    "sizingPolicy": "Fit",
                },
                "videoWatermarks": [
                    {
                        "horizontalAlign": "Right",
                        "horizontalOffset": "10px",
                        "maxHeight": "20%",
                        "maxWidth": "20%",
                        "opacity": "55.5",
                        "sizingPolicy": "ShrinkToFit",
                        "target": "Content",
                        "verticalAlign": "Bottom",
                        "verticalOffset": "10px",
                    }
                ],
            }
        ),
    ),
}
