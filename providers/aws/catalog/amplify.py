"""amplify: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_amplify_app": Resource(
        external_name=PROBED,
        references={
            "compute_role_arn": Reference("aws_iam_role", "arn"),
            "iam_service_role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_amplify_backend_environment": Resource(
        external_name=PROBED,
        references={"app_id": Reference("aws_amplify_app")},
    ),
    "aws_amplify_branch": Resource(
        external_name=PROBED,
        references={"app_id": Reference("aws_amplify_app")},
    ),
    "aws_amplify_domain_association": Resource(
        external_name=PROBED,
    ),
    "aws_amplify_webhook": Resource(
        external_name=PROBED,
        references={"app_id": Reference("aws_amplify_app"), "branch_name": Reference("aws_amplify_branch")},
    ),
}
