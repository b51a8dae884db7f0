"""ssoadmin: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_ssoadmin_account_assignment": Resource(
        external_name=PROBED,
        references={
            "permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn"),
            "principal_id": Reference("aws_identitystore_group"),
        },
    ),
    "aws_ssoadmin_application": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_application_access_scope": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_application_assignment": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_application_assignment_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_customer_managed_policy_attachment": Resource(
        external_name=PROBED,
        references={
            "customer_managed_policy_reference.name": Reference("aws_iam_policy"),
            "permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn"),
        },
    ),
    "aws_ssoadmin_instance_access_control_attributes": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_managed_policy_attachment": Resource(
        external_name=PROBED,
        references={"permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn")},
    ),
    "aws_ssoadmin_permission_set": Resource(
        external_name=PROBED,
    ),
    "aws_ssoadmin_permission_set_inline_policy": Resource(
        external_name=PROBED,
        references={"permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn")},
    ),
    "aws_ssoadmin_permissions_boundary_attachment": Resource(
        external_name=PROBED,
        references={
            "permission_set_arn": Reference("aws_ssoadmin_permission_set", "arn"),
            "permissions_boundary.customer_managed_policy_reference.name": Reference("aws_iam_policy"),
        },
    ),
    "aws_ssoadmin_trusted_token_issuer": Resource(
        external_name=PROBED,
    ),
}
