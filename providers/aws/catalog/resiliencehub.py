"""resiliencehub: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_resiliencehub_resiliency_policy": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
        # Recovery objectives of a day for each failure the policy must name (Region's is optional),
        # written as Go durations, the form the provider's schema takes and reads back.
        example=Example(
            {
                "region": "us-east-1",
                "name": "example",
                "tier": "NonCritical",
                "dataLocationConstraint": "AnyLocation",
                "policy": {
                    "az": {"rpo": "24h0m0s", "rto": "24h0m0s"},
                    "hardware": {"rpo": "24h0m0s", "rto": "24h0m0s"},
                    "software": {"rpo": "24h0m0s", "rto": "24h0m0s"},
                },
            }
        ),
    ),
}
