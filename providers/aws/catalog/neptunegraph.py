"""neptunegraph: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_neptunegraph_graph": Resource(
        external_name=PROBED,
        # The smallest graph: 16 memory units (m-NCUs), one of the sizes Neptune Analytics offers.
        example=Example(
            {"region": "us-east-1", "deletionProtection": False, "provisionedMemory": 16, "replicaCount": 0}
        ),
    ),
}
