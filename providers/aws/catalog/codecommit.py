"""codecommit: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_codecommit_approval_rule_template": Resource(
        external_name=by_name(),
        example=Example(
            {"region": "us-east-1", "content": "example", "description": "This is an example approval rule template"}
        ),
    ),
    "aws_codecommit_approval_rule_template_association": Resource(
        external_name=PROBED,
        references={
            "approval_rule_template_name": Reference("aws_codecommit_approval_rule_template"),
            "repository_name": Reference("aws_codecommit_repository"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "approvalRuleTemplateNameRef": {"name": "example-approvalruletemplate"},
                "repositoryNameRef": {"name": "example-repository"},
            }
        ),
    ),
    "aws_codecommit_repository": Resource(
        external_name=by_name("repository_name"),
        references={"kms_key_id": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1", "description": "This is the Sample App Repository"}),
    ),
}
