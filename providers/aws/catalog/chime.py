"""chime: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_chime_voice_connector": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "awsRegion": "us-east-1", "requireEncryption": True}),
    ),
    "aws_chime_voice_connector_group": Resource(
        external_name=by_name(),
        references={"connector.voice_connector_id": Reference("aws_chime_voice_connector")},
        example=Example(
            {
                "region": "us-east-1",
                "connector": [
                    {"priority": 1, "voiceConnectorIdRef": {"name": "example-voiceconnector"}},
                    {"priority": 3, "voiceConnectorIdRef": {"name": "example-voiceconnector"}},
                ],
            }
        ),
    ),
    "aws_chime_voice_connector_logging": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
        example=Example(
            {
                "region": "us-east-1",
                "enableMediaMetricLogs": True,
                "enableSipLogs": True,
                "voiceConnectorIdRef": {"name": "example-voiceconnector"},
            }
        ),
    ),
    "aws_chime_voice_connector_origination": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
        example=Example(
            {
                "region": "us-east-1",
                "disabled": False,
                "voiceConnectorIdRef": {"name": "example-voiceconnector"},
                "route": [
                    {"host": "127.0.0.1", "port": 8081, "priority": 1, "protocol": "TCP", "weight": 1},
                    {"host": "127.0.0.2", "port": 8082, "priority": 2, "protocol": "TCP", "weight": 10},
                ],
            }
        ),
    ),
    "aws_chime_voice_connector_streaming": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
        example=Example(
            {
                "region": "us-east-1",
                "dataRetention": 7,
                "disabled": False,
                "streamingNotificationTargets": ["SQS"],
                "voiceConnectorIdRef": {"name": "example-voiceconnector"},
            }
        ),
    ),
    "aws_chime_voice_connector_termination": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
        example=Example(
            {
                "region": "us-east-1",
                "callingRegions": ["US", "CA"],
                "cidrAllowList": ["50.35.78.96/31"],
                "cpsLimit": 1,
                "disabled": False,
                "voiceConnectorIdRef": {"name": "example-voiceconnector"},
            }
        ),
    ),
    "aws_chime_voice_connector_termination_credentials": Resource(
        external_name=PROBED,
        references={"voice_connector_id": Reference("aws_chime_voice_connector")},
        example=Example(
            {
                "region": "us-east-1",
                "voiceConnectorIdRef": {"name": "example-voiceconnector"},
                "credentials": [
                    {
                        "passwordSecretRef": {
                            "key": "example-key",
                            "name": "example-secret",
                            "namespace": "crossplane-system",
                        },
                        "username": "test",
                    }
                ],
            }
        ),
    ),
}
