"""swf: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_swf_domain": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "description": "Terraform SWF Domain",
                # Days a closed execution is kept: 0 to 90.
                "workflowExecutionRetentionPeriodInDays": "30",
            }
        ),
    ),
}
