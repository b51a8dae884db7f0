"""datapipeline: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_datapipeline_pipeline": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "tf-pipeline-default"}),
    ),
    "aws_datapipeline_pipeline_definition": Resource(
        external_name=PROBED,
        references={"pipeline_id": Reference("aws_datapipeline_pipeline")},
        # The Default object (the pipeline's settings) and an hourly Schedule it runs on.
        example=Example(
            {
                "region": "us-east-1",
                "pipelineIdRef": {"name": "example-pipeline"},
                "pipelineObject": [
                    {
                        "id": "Default",
                        "name": "Default",
                        "field": [
                            {"key": "workerGroup", "stringValue": "workerGroup"},
                            {"key": "schedule", "refValue": "Schedule"},
                        ],
                    },
                    {
                        "id": "Schedule",
                        "name": "Schedule",
                        "field": [
                            {"key": "type", "stringValue": "Schedule"},
                            {"key": "period", "stringValue": "1 hour"},
                            {"key": "startDateTime", "stringValue": "2024-01-01T00:00:00"},
                        ],
                    },
                ],
            }
        ),
    ),
}
