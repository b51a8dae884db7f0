"""bedrock: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, joined_attributes

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_bedrock_custom_model": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        # A fine-tuning job of an Amazon Titan text model; the hyperparameters are the ones that model takes
        # (all strings), and the data locations are S3 URIs of training records and of the job's output.
        example=Example(
            {
                "region": "us-east-1",
                "baseModelIdentifier": "arn:aws:bedrock:us-east-1::foundation-model/amazon.titan-text-express-v1",
                "customModelName": "example-model",
                "customizationType": "FINE_TUNING",
                "hyperparameters": {
                    "batchSize": "1",
                    "epochCount": "1",
                    "learningRate": "0.005",
                    "learningRateWarmupSteps": "0",
                },
                "jobName": "example-job",
                "outputDataConfig": [{"s3Uri": "s3://example-bedrock-output/data/"}],
                "roleArnRef": {"name": "example-role"},
                "trainingDataConfig": [{"s3Uri": "s3://example-bedrock-training/data/train.jsonl"}],
            }
        ),
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
        references={"logging_config.s3_config.bucket_name": Reference("aws_s3_bucket", "bucket")},
        # Every kind of model data delivered to a bucket, under a key prefix.
        example=Example(
            {
                "region": "us-east-1",
                "loggingConfig": {
                    "embeddingDataDeliveryEnabled": True,
                    "imageDataDeliveryEnabled": True,
                    "textDataDeliveryEnabled": True,
                    "s3Config": {"bucketNameRef": {"name": "example-bucket-tfbridge"}, "keyPrefix": "bedrock"},
                },
            }
        ),
    ),
    "aws_bedrock_provisioned_model_throughput": Resource(
        external_name=PROBED,
    ),
}
