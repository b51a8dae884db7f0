"""dax: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_dax_cluster": Resource(
        external_name=by_name("cluster_name"),
        references={
            "iam_role_arn": Reference("aws_iam_role", "arn"),
            "security_group_ids": Reference("aws_security_group"),
        },
    ),
    "aws_dax_parameter_group": Resource(
        external_name=by_name(),
    ),
    "aws_dax_subnet_group": Resource(
        external_name=by_name(),
        references={"subnet_ids": Reference("aws_subnet")},
    ),
}
