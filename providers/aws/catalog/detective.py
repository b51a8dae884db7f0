"""detective: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_detective_graph": Resource(
        external_name=PROBED,
    ),
    "aws_detective_invitation_accepter": Resource(
        external_name=PROBED,
        references={"graph_arn": Reference("aws_detective_graph", "graph_arn")},
        example=Example({"region": "us-east-1", "graphArnRef": {"name": "example-graph"}}),
    ),
    "aws_detective_member": Resource(
        external_name=PROBED,
        references={"graph_arn": Reference("aws_detective_graph", "graph_arn")},
        example=Example(
            {
                "region": "us-east-1",
                "accountId": "AWS ACCOUNT ID",
                "disableEmailNotification": True,
                "emailAddress": "EMAIL",
                "graphArnRef": {"name": "example-graph"},
                "message": "Message of the invitation",
            }
        ),
    ),
    "aws_detective_organization_admin_account": Resource(
        external_name=PROBED,
    ),
    "aws_detective_organization_configuration": Resource(
        external_name=PROBED,
    ),
}
