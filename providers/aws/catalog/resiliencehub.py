"""resiliencehub: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_resiliencehub_resiliency_policy": Resource(
        external_name=attribute_as_identifier("arn").sourced("probe", "the importer takes the value of arn"),
    ),
}
