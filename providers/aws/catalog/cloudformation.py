"""cloudformation: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudformation_stack": Resource(
        external_name=PROBED,
        references={"iam_role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_cloudformation_stack_instances": Resource(
        external_name=PROBED,
    ),
    "aws_cloudformation_stack_set": Resource(
        external_name=by_name(),
        references={"administration_role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_cloudformation_stack_set_instance": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "STACKSETNAME,ACCOUNTID,REGION[,CALLAS]: the importer keeps the ID as the state id"
        ),
        references={"stack_set_name": Reference("aws_cloudformation_stack_set")},
    ),
}
