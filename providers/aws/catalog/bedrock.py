"""bedrock: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource, joined_attributes

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
    ),
    "aws_bedrock_guardrail_version": Resource(
        external_name=joined_attributes(",", "guardrail_arn", "version").sourced(
            "probe", "guardrail_identifier,version; the probe shows the first part is parsed as guardrail_arn"
        ),
    ),
    "aws_bedrock_inference_profile": Resource(
        external_name=PROBED,
    ),
    "aws_bedrock_model_invocation_logging_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_bedrock_provisioned_model_throughput": Resource(
        external_name=PROBED,
    ),
}
