"""networkmonitor: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_networkmonitor_monitor": Resource(
        external_name=by_name("monitor_name"),
    ),
    "aws_networkmonitor_probe": Resource(
        external_name=PROBED,
        references={
            "monitor_name": Reference("aws_networkmonitor_monitor"),
            "source_arn": Reference("aws_subnet", "arn"),
        },
    ),
}
