"""resourceexplorer2: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_resourceexplorer2_index": Resource(
        external_name=PROBED,
    ),
    "aws_resourceexplorer2_view": Resource(
        external_name=PROBED,
    ),
}
