"""dataexchange: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_dataexchange_data_set": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "assetType": "S3_SNAPSHOT", "description": "example", "name": "example"}
        ),
    ),
    "aws_dataexchange_event_action": Resource(
        external_name=PROBED,
    ),
    "aws_dataexchange_revision": Resource(
        external_name=PROBED,
        references={"data_set_id": Reference("aws_dataexchange_data_set")},
        example=Example({"region": "us-east-1", "dataSetIdRef": {"name": "example-dataset"}}),
    ),
}
