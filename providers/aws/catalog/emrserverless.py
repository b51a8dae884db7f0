"""emrserverless: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_emrserverless_application": Resource(
        external_name=PROBED,
        # The engine as the API spells it (HIVE or SPARK).
        example=Example({"region": "us-east-1", "name": "example", "releaseLabel": "emr-6.6.0", "type": "HIVE"}),
    ),
}
