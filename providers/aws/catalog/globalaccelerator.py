"""globalaccelerator: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_globalaccelerator_accelerator": Resource(
        external_name=PROBED,
        timeouts=SLOW,
        example=Example(
            {
                "region": "us-east-1",
                "enabled": True,
                "ipAddressType": "IPV4",
                "ipAddresses": ["1.2.3.4"],
                "name": "Example",
                "attributes": {
                    "flowLogsEnabled": True,
                    "flowLogsS3Bucket": "example-bucket",
                    "flowLogsS3Prefix": "flow-logs/",
                },
            }
        ),
    ),
    "aws_globalaccelerator_cross_account_attachment": Resource(
        external_name=PROBED,
    ),
    "aws_globalaccelerator_custom_routing_accelerator": Resource(
        external_name=PROBED,
    ),
    "aws_globalaccelerator_custom_routing_endpoint_group": Resource(
        external_name=PROBED,
        references={"listener_arn": Reference("aws_globalaccelerator_custom_routing_listener", "arn")},
        # Destination ports 80 to 8080 over TCP behind the example listener.
        example=Example(
            {
                "region": "us-east-1",
                "listenerArnRef": {"name": "example-customroutinglistener"},
                "destinationConfiguration": [{"fromPort": 80, "protocols": ["TCP"], "toPort": 8080}],
            }
        ),
    ),
    "aws_globalaccelerator_custom_routing_listener": Resource(
        external_name=PROBED,
    ),
    "aws_globalaccelerator_endpoint_group": Resource(
        external_name=PROBED,
        references={"listener_arn": Reference("aws_globalaccelerator_listener", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "listenerArnRef": {"name": "example-listener"},
                "endpointConfiguration": [{"weight": 100}],
            }
        ),
    ),
    "aws_globalaccelerator_listener": Resource(
        external_name=PROBED,
        references={"accelerator_arn": Reference("aws_globalaccelerator_accelerator", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "acceleratorArnRef": {"name": "example-accelerator"},
                "clientAffinity": "SOURCE_IP",
                "protocol": "TCP",
                "portRange": [{"fromPort": 80, "toPort": 80}],
            }
        ),
    ),
}
