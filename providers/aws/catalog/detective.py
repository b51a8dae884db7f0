"""detective: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_detective_graph": Resource(
        external_name=PROBED,
    ),
    "aws_detective_invitation_accepter": Resource(
        external_name=PROBED,
        references={"graph_arn": Reference("aws_detective_graph", "graph_arn")},
    ),
    "aws_detective_member": Resource(
        external_name=PROBED,
        references={"graph_arn": Reference("aws_detective_graph", "graph_arn")},
    ),
    "aws_detective_organization_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_detective_organization_configuration": Resource(
        external_name=PROBED,
    ),
}
