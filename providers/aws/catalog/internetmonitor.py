"""internetmonitor: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_internetmonitor_monitor": Resource(
        external_name=PROBED,
        # A monitor of a tenth of the account's traffic (no resources named: the account's own).
        example=Example({"region": "us-east-1", "monitorName": "example", "trafficPercentageToMonitor": 10}),
    ),
}
