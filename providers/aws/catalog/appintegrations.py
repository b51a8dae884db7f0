"""appintegrations: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_appintegrations_data_integration": Resource(
        external_name=PROBED,
    ),
    "aws_appintegrations_event_integration": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "description": "Example Description",
                "eventbridgeBus": "default",
                "tags": {"Name": "Example Event Integration"},
                "eventFilter": {"source": "aws.partner/example.com"},
            }
        ),
    ),
}
