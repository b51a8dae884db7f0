"""cloudformation: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudformation_stack": Resource(
        external_name=PROBED,
        references={"iam_role_arn": Reference("aws_iam_role", "arn")},
        # A stack needs its template: here one VPC whose range is the stack's parameter.
        example=Example(
            {
                "region": "us-east-1",
                "name": "networking-stack",
                "parameters": {"VPCCidr": "10.0.0.0/16"},
                "templateBody": '{"Parameters":{"VPCCidr":{"Type":"String","Default":"10.0.0.0/16",'
                '"Description":"The range of the VPC"}},"Resources":{"myVpc":{"Type":"AWS::EC2::VPC",'
                '"Properties":{"CidrBlock":{"Ref":"VPCCidr"},"Tags":[{"Key":"Name","Value":"Primary_CF_VPC"}]}}}}',
            }
        ),
    ),
    "aws_cloudformation_stack_instances": Resource(
        external_name=PROBED,
        references={"stack_set_name": Reference("aws_cloudformation_stack_set")},
        example=Example(
            {
                "region": "us-east-1",
                "accounts": ["123456789012"],
                "regions": ["us-east-1"],
                "stackSetNameRef": {"name": "example-stackset"},
            }
        ),
    ),
    "aws_cloudformation_stack_set": Resource(
        external_name=by_name(),
        references={"administration_role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "administrationRoleArnRef": {"name": "example-role"},
                "parameters": {"VPCCidr": "10.0.0.0/16"},
            }
        ),
    ),
    "aws_cloudformation_stack_set_instance": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "STACKSETNAME,ACCOUNTID,REGION[,CALLAS]: the importer keeps the ID as the state id"
        ),
        references={"stack_set_name": Reference("aws_cloudformation_stack_set")},
        example=Example(
            {"region": "us-east-1", "accountId": "123456789012", "stackSetNameRef": {"name": "example-stackset"}}
        ),
    ),
}
