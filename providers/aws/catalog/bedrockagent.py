"""bedrockagent: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_bedrockagent_agent": Resource(
        external_name=PROBED,
        references={
            "agent_resource_role_arn": Reference("aws_iam_role", "arn"),
            "customer_encryption_key_arn": Reference("aws_kms_key", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "agentName": "my-agent-name",
                "agentResourceRoleArnRef": {"name": "example-role"},
                "foundationModel": "anthropic.claude-v2",
                "idleSessionTtlInSeconds": 500,
                "instruction": "You are a friendly assistant who helps answer questions.",
            }
        ),
    ),
    "aws_bedrockagent_agent_action_group": Resource(
        external_name=PROBED,
    ),
    "aws_bedrockagent_agent_alias": Resource(
        external_name=PROBED,
    ),
    "aws_bedrockagent_agent_collaborator": Resource(
        external_name=PROBED,
    ),
    "aws_bedrockagent_agent_knowledge_base_association": Resource(
        external_name=PROBED,
    ),
    "aws_bedrockagent_data_source": Resource(
        external_name=PROBED,
    ),
    "aws_bedrockagent_knowledge_base": Resource(
        external_name=PROBED,
    ),
    "aws_bedrockagent_prompt": Resource(
        external_name=PROBED,
    ),
}
