"""dsql: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_dsql_cluster": Resource(
        external_name=attribute_as_identifier("identifier").sourced(
            "probe", "the importer takes the value of identifier"
        ),
    ),
    "aws_dsql_cluster_peering": Resource(
        external_name=attribute_as_identifier("identifier").sourced(
            "probe", "the importer takes the value of identifier"
        ),
        references={
            "clusters": Reference("aws_dsql_cluster", "arn"),
            "identifier": Reference("aws_dsql_cluster", "identifier"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "clusterRefs": [{"name": "example-cluster"}],
                "identifierRef": {"name": "example-cluster"},
                "witnessRegion": "example",
            }
        ),
    ),
}
