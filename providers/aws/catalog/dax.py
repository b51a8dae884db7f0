"""dax: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_dax_cluster": Resource(
        external_name=by_name("cluster_name"),
        references={
            "iam_role_arn": Reference("aws_iam_role", "arn"),
            "security_group_ids": Reference("aws_security_group"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "iamRoleArnRef": {"name": "example-role"},
                "nodeType": "dax.r4.large",
                "replicationFactor": 1,
            }
        ),
    ),
    "aws_dax_parameter_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "parameters": [
                    {"name": "query-ttl-millis", "value": "100000"},
                    {"name": "record-ttl-millis", "value": "100000"},
                ],
            }
        ),
    ),
    "aws_dax_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
        example=Example({"region": "us-east-1", "subnetIdRefs": [{"name": "example-subnet"}]}),
    ),
}
