"""codepipeline: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_codepipeline": Resource(
        external_name=by_name(),
        references={
            "artifact_store.encryption_key.id": Reference("aws_kms_key", "arn"),
            # The bucket name as observed: the external name is known before the bucket exists.
            "artifact_store.location": Reference("aws_s3_bucket", "bucket"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "roleArnRef": {"name": "example-role"},
                "artifactStore": [
                    {
                        "locationRef": {"name": "example-bucket-tfbridge"},
                        "type": "S3",
                        "encryptionKey": {"idRef": {"name": "example-key"}, "type": "KMS"},
                    }
                ],
                "stage": [
                    {
                        "name": "Source",
                        "action": [
                            {
                                "category": "Source",
                                "configuration": {
                                    "BranchName": "main",
                                    # A connection's ARN (an action's configuration is a plain map).
                                    "ConnectionArn": "arn:aws:codestar-connections:us-east-1:123456789012:"
                                    "connection/12345678-1234-1234-1234-123456789012",
                                    "FullRepositoryId": "my-organization/example",
                                },
                                "name": "Source",
                                "outputArtifacts": ["source_output"],
                                "owner": "AWS",
                                "provider": "CodeStarSourceConnection",
                                "version": "1",
                            }
                        ],
                    },
                    {
                        "name": "Build",
                        "action": [
                            {
                                "category": "Build",
                                "configuration": {"ProjectName": "test"},
                                "inputArtifacts": ["source_output"],
                                "name": "Build",
                                "outputArtifacts": ["build_output"],
                                "owner": "AWS",
                                "provider": "CodeBuild",
                                "version": "1",
                            }
                        ],
                    },
                    {
                        "name": "Deploy",
                        "action": [
                            {
                                "category": "Deploy",
                                "configuration": {
                                    "ActionMode": "REPLACE_ON_FAILURE",
                                    "Capabilities": "CAPABILITY_AUTO_EXPAND,CAPABILITY_IAM",
                                    "OutputFileName": "CreateStackOutput.json",
                                    "StackName": "MyStack",
                                    "TemplatePath": "build_output::sam-templated.yaml",
                                },
                                "inputArtifacts": ["build_output"],
                                "name": "Deploy",
                                "owner": "AWS",
                                "provider": "CloudFormation",
                                "version": "1",
                            }
                        ],
                    },
                ],
            }
        ),
    ),
    "aws_codepipeline_custom_action_type": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "category": "Build",
                "providerName": "example",
                "version": "1",
                "inputArtifactDetails": {"maximumCount": 1, "minimumCount": 0},
                "outputArtifactDetails": {"maximumCount": 1, "minimumCount": 0},
            }
        ),
    ),
    "aws_codepipeline_webhook": Resource(
        external_name=PROBED,
        references={"target_pipeline": Reference("aws_codepipeline")},
        example=Example(
            {
                "region": "us-east-1",
                "authentication": "GITHUB_HMAC",
                "name": "example",
                "targetAction": "Source",
                "targetPipelineRef": {"name": "example-codepipeline"},
                "authenticationConfiguration": {},
                "filter": [{"jsonPath": "$.ref", "matchEquals": "refs/heads/{Branch}"}],
            }
        ),
    ),
}
