"""networkmonitor: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_networkmonitor_monitor": Resource(
        external_name=by_name("monitor_name"),
        example=Example({"region": "us-east-1", "aggregationPeriod": 30}),
    ),
    "aws_networkmonitor_probe": Resource(
        external_name=PROBED,
        references={
            "monitor_name": Reference("aws_networkmonitor_monitor"),
            "source_arn": Reference("aws_subnet", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "destination": "127.0.0.1",
                "destinationPort": 80,
                "monitorNameRef": {"name": "example-monitor"},
                "packetSize": 200,
                "protocol": "TCP",
                "sourceArnRef": {"name": "example-subnet"},
            }
        ),
    ),
}
