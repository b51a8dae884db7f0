"""amplify: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_amplify_app": Resource(
        external_name=PROBED,
        references={
            "compute_role_arn": Reference("aws_iam_role", "arn"),
            "iam_service_role_arn": Reference("aws_iam_role", "arn"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "buildSpec": "version: 0.1\nfrontend:\n  phases:\n    preBuild:\n      commands:\n        - yarn install\n    build:\n      commands:\n        - yarn run build\n  artifacts:\n    baseDirectory: build\n    files:\n      - '**/*'\n  cache:\n    paths:\n      - node_modules/**/*\n",
                "environmentVariables": {"ENV": "test"},
                "name": "example",
                "repository": "https://github.com/example/app",
                "customRule": [{"source": "/<*>", "status": "404", "target": "/index.html"}],
            }
        ),
    ),
    "aws_amplify_backend_environment": Resource(
        external_name=PROBED,
        references={"app_id": Reference("aws_amplify_app")},
        example=Example(
            {
                "region": "us-east-1",
                "appIdRef": {"name": "example-app"},
                "deploymentArtifacts": "app-example-deployment",
                "environmentName": "example",
                "stackName": "amplify-app-example",
            }
        ),
    ),
    "aws_amplify_branch": Resource(
        external_name=PROBED,
        references={"app_id": Reference("aws_amplify_app")},
        example=Example(
            {
                "region": "us-east-1",
                "appIdRef": {"name": "example-app"},
                "branchName": "example",
                "environmentVariables": {"REACT_APP_API_SERVER": "https://api.example.com"},
                "framework": "React",
                "stage": "PRODUCTION",
            }
        ),
    ),
    "aws_amplify_domain_association": Resource(
        external_name=PROBED,
    ),
    "aws_amplify_webhook": Resource(
        external_name=PROBED,
        references={"app_id": Reference("aws_amplify_app"), "branch_name": Reference("aws_amplify_branch")},
        example=Example(
            {
                "region": "us-east-1",
                "appIdRef": {"name": "example-app"},
                "branchNameRef": {"name": "example-branch"},
                "description": "triggermaster",
            }
        ),
    ),
}
