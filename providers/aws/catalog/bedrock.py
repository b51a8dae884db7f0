"""bedrock: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, joined_attributes

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_bedrock_custom_model": Resource(
        external_name=PROBED,
    ),
    "aws_bedrock_guardrail": Resource(
        external_name=joined_attributes(",", "guardrail_id", "version").sourced(
            "probe", "guardrail_id,version: both assigned by the provider, read from the state"
        ),
        references={"kms_key_arn": Reference("aws_kms_key", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "blockedInputMessaging": "example",
                "blockedOutputsMessaging": "example",
                "description": "example",
                "name": "example",
                "contentPolicyConfig": [
                    {"filtersConfig": [{"inputStrength": "MEDIUM", "outputStrength": "MEDIUM", "type": "HATE"}]}
                ],
                "sensitiveInformationPolicyConfig": [
                    {
                        "piiEntitiesConfig": [{"action": "BLOCK", "type": "NAME"}],
                        "regexesConfig": [
                            {
                                "action": "BLOCK",
                                "description": "example regex",
                                "name": "regex_example",
                                "pattern": "^\\d{3}-\\d{2}-\\d{4}$",
                            }
                        ],
                    }
                ],
                "topicPolicyConfig": [
                    {
                        "topicsConfig": [
                            {
                                "definition": "Investment advice refers to inquiries, guidance, or recommendations regarding the management or allocation of funds or assets with the goal of generating returns .",
                                "examples": ["Where should I invest my money ?"],
                                "name": "investment_topic",
                                "type": "DENY",
                            }
                        ]
                    }
                ],
                "wordPolicyConfig": [
                    {"managedWordListsConfig": [{"type": "PROFANITY"}], "wordsConfig": [{"text": "HATE"}]}
                ],
            }
        ),
    ),
    "aws_bedrock_guardrail_version": Resource(
        external_name=joined_attributes(",", "guardrail_arn", "version").sourced(
            "probe", "guardrail_identifier,version; the probe shows the first part is parsed as guardrail_arn"
        ),
    ),
    "aws_bedrock_inference_profile": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "description": "Profile with tag for cost allocation tracking",
                "name": "Claude Sonnet for Project 123",
                "tags": {"ProjectID": "123"},
                "modelSource": [
                    {
                        "copyFrom": "arn:aws:bedrock:us-west-2::foundation-model/anthropic.claude-3-5-sonnet-20241022-v2:0"
                    }
                ],
            }
        ),
    ),
    "aws_bedrock_model_invocation_logging_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_bedrock_provisioned_model_throughput": Resource(
        external_name=PROBED,
    ),
}
