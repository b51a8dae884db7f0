"""medialive: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

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
        example=Example(
            {
                "region": "us-east-1",
                "channelClass": "STANDARD",
                "name": "example-channel",
                "roleArnRef": {"name": "example-role"},
                "destinations": [{"settings": [{}, {}]}],
                "encoderSettings": {
                    "audioDescriptions": [{"audioSelectorName": "example audio selector", "name": "audio-selector"}],
                    "outputGroups": [
                        {
                            "outputGroupSettings": {
                                "archiveGroupSettings": [{"destination": {"destinationRefId": "destination"}}]
                            },
                            "outputs": [
                                {
                                    "audioDescriptionNames": ["audio-selector"],
                                    "outputName": "example-name",
                                    "videoDescriptionName": "example-video",
                                    "outputSettings": {
                                        "archiveOutputSettings": {
                                            "extension": "m2ts",
                                            "nameModifier": "_1",
                                            "containerSettings": {},
                                        }
                                    },
                                }
                            ],
                        }
                    ],
                    "timecodeConfig": {"source": "EMBEDDED"},
                    "videoDescriptions": [{"name": "example-video"}],
                },
                "inputAttachments": [{"inputAttachmentName": "example-input", "inputIdRef": {"name": "example-input"}}],
                "inputSpecification": {"codec": "AVC", "inputResolution": "HD", "maximumBitrate": "MAX_20_MBPS"},
            }
        ),
    ),
    "aws_medialive_input": Resource(
        external_name=PROBED,
        references={
            "input_security_groups": Reference("aws_medialive_input_security_group"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {"region": "us-east-1", "name": "example-input", "tags": {"ENVIRONMENT": "prod"}, "type": "UDP_PUSH"}
        ),
    ),
    "aws_medialive_input_security_group": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "tags": {"ENVIRONMENT": "prod"}, "whitelistRules": [{"cidr": "10.0.0.8/32"}]}
        ),
    ),
    "aws_medialive_multiplex": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "availabilityZones": [
                    "${data.aws_availability_zones.available.names[0]}",
                    "${data.aws_availability_zones.available.names[1]}",
                ],
                "name": "example-multiplex-changed",
                "startMultiplex": True,
                "tags": {"tag1": "value1"},
                "multiplexSettings": {
                    "maximumVideoBufferDelayMilliseconds": 1000,
                    "transportStreamBitrate": 1000000,
                    "transportStreamId": 1,
                    "transportStreamReservedBitrate": 1,
                },
            }
        ),
    ),
    "aws_medialive_multiplex_program": Resource(
        external_name=PROBED,
        references={"multiplex_id": Reference("aws_medialive_multiplex")},
        # Program 1 of the example multiplex, on whichever pipeline is active.
        example=Example(
            {
                "region": "us-east-1",
                "multiplexIdRef": {"name": "example-multiplex"},
                "programName": "example",
                "multiplexProgramSettings": [
                    {
                        "preferredChannelPipeline": "CURRENTLY_ACTIVE",
                        "programNumber": 1,
                        "videoSettings": [{"constantBitrate": 100000}],
                    }
                ],
            }
        ),
    ),
}
